import { createHmac, timingSafeEqual } from 'node:crypto';
import { and, eq, isNull, lt, or } from 'drizzle-orm';
import { z } from 'zod';
import { integrations, webhookMessages } from '../../../../db/schema';
import type { Services } from '../../core/services';
import { postNews } from './announce';
import { integrationsOf } from './integrations';
import { liveStream, type TwitchStream } from './twitch-api';
import { recordRevocation, verified } from './twitch-retry';

/**
 * Twitch go-live through EventSub webhooks (POST /hooks/twitch). Every delivery is checked before
 * anything else: the Twitch-Eventsub-Message-Signature must be the HMAC-SHA256 of message id,
 * timestamp and body under INTEGRATIONS_WEBHOOK_SECRET; a timestamp more than 10 minutes away is
 * refused (a replay); a message id already handled is acknowledged and skipped (Twitch may send
 * one twice). Then: the verification challenge is echoed, a revocation is recorded (and the
 * subscription made again later when Twitch's reason allows it, twitch-retry.ts), a
 * stream.online is posted (Helix gives its title and game) to every server following the broadcaster.
 */

export const MAX_MESSAGE_AGE_MS = 10 * 60_000;

const payloadSchema = z.object({
  challenge: z.string().optional(),
  subscription: z.object({
    id: z.string(),
    status: z.string(),
    type: z.string(),
    condition: z.record(z.string(), z.string()).optional(),
  }),
  event: z
    .object({
      id: z.string().optional(),
      broadcaster_user_id: z.string(),
      broadcaster_user_login: z.string(),
      broadcaster_user_name: z.string(),
    })
    .optional(),
});

export interface HookAnswer {
  status: 200 | 204 | 400 | 403 | 404 | 500;
  body: string;
}

export function eventSubSignature(secret: string, id: string, timestamp: string, body: Uint8Array): string {
  return `sha256=${createHmac('sha256', secret).update(id).update(timestamp).update(body).digest('hex')}`;
}

function sameSignature(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** The news text of a go-live (English; translated for each language channel). */
export function liveText(login: string, name: string, stream: TwitchStream | null): string {
  const what = stream ? `: ${stream.title}${stream.game_name ? ` (${stream.game_name})` : ''}` : '';
  return `🔴 **${name}** is live on Twitch${what}\nhttps://www.twitch.tv/${login}`;
}

export async function receiveEventSub(
  services: Services,
  headers: Record<string, string>,
  body: Uint8Array,
): Promise<HookAnswer> {
  const secret = services.env.INTEGRATIONS_WEBHOOK_SECRET;
  if (!secret) return { status: 404, body: 'not available here' };
  const id = headers['twitch-eventsub-message-id'];
  const timestamp = headers['twitch-eventsub-message-timestamp'];
  const signature = headers['twitch-eventsub-message-signature'];
  const type = headers['twitch-eventsub-message-type'];
  if (!id || !timestamp || !signature || !type)
    return { status: 400, body: 'missing Twitch-Eventsub-Message headers' };
  if (!sameSignature(eventSubSignature(secret, id, timestamp, body), signature)) {
    return { status: 403, body: 'signature does not match' };
  }
  const now = services.clock();
  const sent = Date.parse(timestamp);
  if (Number.isNaN(sent) || Math.abs(now.getTime() - sent) > MAX_MESSAGE_AGE_MS) {
    return { status: 403, body: 'message timestamp older than 10 minutes' };
  }
  let payload: z.infer<typeof payloadSchema>;
  try {
    payload = payloadSchema.parse(JSON.parse(Buffer.from(body).toString('utf8')));
  } catch {
    return { status: 400, body: 'body is not an EventSub payload' };
  }
  // Handled once: a repeated message id is acknowledged and skipped; old ids are forgotten.
  await services.db
    .delete(webhookMessages)
    .where(lt(webhookMessages.receivedAt, new Date(now.getTime() - 2 * MAX_MESSAGE_AGE_MS)))
    .run();
  const fresh = await services.db
    .insert(webhookMessages)
    .values({ id, receivedAt: now })
    .onConflictDoNothing()
    .returning({ id: webhookMessages.id })
    .all();
  if (fresh.length === 0) return { status: 204, body: '' };
  try {
    return await handle(services, type, payload);
  } catch (err) {
    // Not handled: forget the id so Twitch's retry is handled.
    await services.db.delete(webhookMessages).where(eq(webhookMessages.id, id)).run();
    console.error('EventSub message not handled:', err instanceof Error ? err.message : err);
    return { status: 500, body: 'not handled, try again' };
  }
}

async function handle(
  services: Services,
  type: string,
  payload: z.infer<typeof payloadSchema>,
): Promise<HookAnswer> {
  const subscriptionId = payload.subscription.id;
  if (type === 'webhook_callback_verification') {
    if (!payload.challenge) return { status: 400, body: 'no challenge' };
    // Ours: rows holding the id, or (the challenge can arrive before the id is stored) rows of
    // the broadcaster still waiting for one.
    const broadcaster = payload.subscription.condition?.broadcaster_user_id ?? '';
    const known = await services.db
      .update(integrations)
      .set({ subscriptionId, ...verified })
      .where(
        or(
          eq(integrations.subscriptionId, subscriptionId),
          and(
            eq(integrations.kind, 'twitch'),
            eq(integrations.sourceId, broadcaster),
            isNull(integrations.subscriptionId),
          ),
        ),
      )
      .returning({ id: integrations.id })
      .all();
    // A subscription nobody here asked for is not confirmed.
    return known.length
      ? { status: 200, body: payload.challenge }
      : { status: 404, body: 'unknown subscription' };
  }
  if (type === 'revocation') {
    // Retried with backoff, or final (twitch-retry.ts); Helix is polled meanwhile.
    await recordRevocation(services, subscriptionId, payload.subscription.status);
    return { status: 204, body: '' };
  }
  if (type !== 'notification' || payload.subscription.type !== 'stream.online' || !payload.event) {
    return { status: 204, body: '' };
  }
  const event = payload.event;
  const following = await integrationsOf(services.db, 'twitch', event.broadcaster_user_id);
  if (following.length === 0) return { status: 204, body: '' };
  const stream = await liveStream(services.env, event.broadcaster_user_id).catch(() => null);
  const text = liveText(event.broadcaster_user_login, event.broadcaster_user_name, stream);
  const itemId = `stream:${event.id ?? stream?.id ?? Date.now()}`;
  for (const integration of following) await postNews(services, integration, { itemId, text });
  return { status: 204, body: '' };
}
