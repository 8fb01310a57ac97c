import { Cron } from 'croner';
import { and, eq, inArray, isNotNull, lte, ne } from 'drizzle-orm';
import { integrations } from '../../../../db/schema';
import type { Services } from '../../core/services';
import type { Integration } from './integrations';
import { eventSubUsable, subscribeOnline, unsubscribe } from './twitch-api';

/**
 * A failed EventSub go-live subscription is made again with backoff: after Twitch could not verify
 * the callback (webhook_callback_verification_failed), gave up delivering (notification_failures_exceeded),
 * refused to create it, or its verification never arrived. The waits are 1, 5, 15 minutes, then
 * hourly; meanwhile Helix is polled (twitch-poll.ts polls every subscription not 'enabled').
 * authorization_revoked and user_removed are final: the streamer must reconnect, or the channel is gone.
 * A croner sweep every minute (like the status sampler) runs what is due by the services' clock.
 */

export const RETRY_DELAYS_MIN = [1, 5, 15, 60] as const;
export const RETRIED_STATUSES = ['webhook_callback_verification_failed', 'notification_failures_exceeded'];
export const FINAL_STATUSES = ['authorization_revoked', 'user_removed'];

/** The wait after `attempts` failures in a row (the last step repeats: hourly). */
export function retryDelayMs(attempts: number): number {
  const step = RETRY_DELAYS_MIN[Math.min(attempts, RETRY_DELAYS_MIN.length - 1)]!;
  return step * 60_000;
}

/** The change that books the next attempt for rows that failed `attempts` times so far. */
export function nextAttempt(attempts: number, now: Date): Partial<Integration> {
  return {
    subscriptionRetryAt: new Date(now.getTime() + retryDelayMs(attempts)),
    subscriptionAttempts: attempts + 1,
  };
}

/** A revocation: retried statuses book the next attempt, final ones end retrying. */
export async function recordRevocation(services: Services, subscriptionId: string, status: string) {
  const rows = await services.db
    .select()
    .from(integrations)
    .where(eq(integrations.subscriptionId, subscriptionId))
    .all();
  const retry = RETRIED_STATUSES.includes(status);
  for (const row of rows) {
    await services.db
      .update(integrations)
      .set({
        subscriptionStatus: status,
        ...(retry
          ? nextAttempt(row.subscriptionAttempts, services.clock())
          : { subscriptionRetryAt: null, subscriptionAttempts: 0 }),
      })
      .where(eq(integrations.id, row.id))
      .run();
  }
}

/**
 * Makes again every subscription whose attempt is due; answers how many broadcasters were tried.
 * The rows of one broadcaster (one per server following it) share one subscription.
 */
export async function retryDueSubscriptions(services: Services): Promise<number> {
  if (!eventSubUsable(services.env)) return 0;
  const now = services.clock();
  const due = await services.db
    .select()
    .from(integrations)
    .where(
      and(
        eq(integrations.kind, 'twitch'),
        isNotNull(integrations.subscriptionRetryAt),
        lte(integrations.subscriptionRetryAt, now),
        ne(integrations.subscriptionStatus, 'enabled'),
      ),
    )
    .all();
  const byBroadcaster = new Map<string, Integration[]>();
  for (const row of due) byBroadcaster.set(row.sourceId, [...(byBroadcaster.get(row.sourceId) ?? []), row]);
  for (const [broadcaster, rows] of byBroadcaster) {
    const ids = rows.map((r) => r.id);
    const attempts = Math.max(...rows.map((r) => r.subscriptionAttempts));
    // The failed subscription is dropped at Twitch; the challenge of the new one may arrive before
    // its id is stored, so the rows wait without an id (twitch.ts matches them by broadcaster).
    for (const old of new Set(rows.map((r) => r.subscriptionId).filter((id): id is string => !!id))) {
      await unsubscribe(services.env, old).catch(() => {});
    }
    await services.db
      .update(integrations)
      .set({
        subscriptionId: null,
        subscriptionStatus: 'webhook_callback_verification_pending',
        // Booked before asking: a verification that never comes is the next failure.
        ...nextAttempt(attempts, now),
      })
      .where(inArray(integrations.id, ids))
      .run();
    const sub = await subscribeOnline(services.env, broadcaster).catch((err: Error) => {
      console.error(`EventSub subscription for ${broadcaster} not made again:`, err.message);
      return null;
    });
    // Twitch's challenge may have been answered already ('enabled'): never step it back.
    await services.db
      .update(integrations)
      .set(
        sub
          ? { subscriptionId: sub.id, subscriptionStatus: sub.status }
          : { subscriptionStatus: 'webhook_callback_verification_failed' },
      )
      .where(and(inArray(integrations.id, ids), ne(integrations.subscriptionStatus, 'enabled')))
      .run();
  }
  return byBroadcaster.size;
}

/** Twitch verified a subscription: push again, the backoff starts over. */
export const verified = { subscriptionStatus: 'enabled', subscriptionRetryAt: null, subscriptionAttempts: 0 };

/** Runs the due attempts at the start of every minute (UTC) while the web tier runs; stop() ends it. */
export function scheduleTwitchRetry(services: Services): { stop(): void } {
  const job = new Cron('* * * * *', { timezone: 'UTC', protect: true }, async () => {
    try {
      await retryDueSubscriptions(services);
    } catch (err) {
      console.error('EventSub retry sweep failed:', err instanceof Error ? err.message : err);
    }
  });
  return { stop: () => job.stop() };
}
