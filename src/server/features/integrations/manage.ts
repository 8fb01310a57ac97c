import { TRPCError } from '@trpc/server';
import { and, eq, isNull, ne } from 'drizzle-orm';
import { integrations } from '../../../../db/schema';
import type { IntegrationView } from '../../../common/integrations/schemas';
import type { Services } from '../../core/services';
import { notFound } from '../../core/trpc';
import { findIntegration, findLink, listIntegrations } from './integrations';
import { eventSubUsable, subscribeOnline, twitchConfigured, twitchUser, unsubscribe } from './twitch-api';
import { FINAL_STATUSES, nextAttempt } from './twitch-retry';
import { markSeen, prepareYouTube, websubRequest } from './youtube';
import { resolveHandle } from './youtube-handle';

/** Adding and removing integrations (the dashboard's list; router.ts wires them). */

type Ctx = Services & { guildId: string };
type Valid = { kind: 'youtube' | 'twitch'; source: string; linkId: number };

const bad = (message: string): never => {
  throw new TRPCError({ code: 'BAD_REQUEST', message });
};

/**
 * Follows a YouTube channel (its feed must exist; what it lists now is not posted) or a Twitch
 * broadcaster (Twitch must know the login; the go-live subscription is made or reused).
 */
export async function addIntegration(ctx: Ctx, input: Valid): Promise<IntegrationView> {
  const link = await findLink(ctx.db, ctx.guildId, input.linkId);
  if (!link) bad(`linkId: no channel link ${input.linkId} in this server`);
  if (link!.mode !== 'mirror') bad('linkId: choose a channel link with one channel per language');
  let sourceId = input.source;
  let sourceName = input.source;
  let seen: string[] = [];
  if (input.kind === 'youtube') {
    // An @handle is looked up on YouTube; the channel id is what is stored and followed.
    const handle = input.source.startsWith('@') ? input.source : null;
    if (handle) {
      const found = await resolveHandle(ctx.env, handle).catch((err: Error) => bad(`source: ${err.message}`));
      if (!found) bad(`source: YouTube has no channel ${handle}`);
      sourceId = found!.channelId;
    }
    const feed = await prepareYouTube(ctx, sourceId).catch((err: Error) => bad(`source: ${err.message}`));
    sourceName = handle ? `${feed.sourceName} (${handle})` : feed.sourceName;
    seen = feed.seen;
  } else {
    if (!twitchConfigured(ctx.env)) {
      throw new TRPCError({
        code: 'PRECONDITION_FAILED',
        message: 'Twitch integrations are not available here',
      });
    }
    const user = await twitchUser(ctx.env, input.source).catch((err: Error) => bad(`source: ${err.message}`));
    if (!user) bad(`source: Twitch has no user ${input.source}`);
    sourceId = user!.id;
    sourceName = user!.display_name || user!.login;
  }
  const row = await ctx.db
    .insert(integrations)
    .values({
      guildId: ctx.guildId,
      kind: input.kind,
      sourceId,
      sourceName,
      linkId: input.linkId,
      createdAt: ctx.clock(),
    })
    .onConflictDoNothing()
    .returning()
    .get();
  if (!row)
    throw new TRPCError({ code: 'CONFLICT', message: `${sourceName} is already followed in this server` });
  if (row.kind === 'youtube') {
    await markSeen(ctx, row.id, seen);
    await websubRequest(ctx, row, 'subscribe');
  } else if (eventSubUsable(ctx.env)) {
    // One go-live subscription per broadcaster, shared by every server that follows it.
    // Without one (no secret, or Twitch could not verify the callback) Helix is polled (twitch-poll.ts).
    const shared = await ctx.db
      .select()
      .from(integrations)
      .where(
        and(
          eq(integrations.kind, 'twitch'),
          eq(integrations.sourceId, sourceId),
          ne(integrations.id, row.id),
        ),
      )
      .all();
    const live = shared.find((s) => s.subscriptionId && !FINAL_STATUSES.includes(s.subscriptionStatus ?? ''));
    const sub = live
      ? {
          id: live.subscriptionId!,
          status: live.subscriptionStatus ?? 'webhook_callback_verification_pending',
        }
      : await subscribeOnline(ctx.env, sourceId).catch(() => null);
    // Twitch's challenge may have been answered already (status 'enabled'): never step it back.
    // Not made, or waiting for its verification: the next attempt is booked (twitch-retry.ts).
    const status = sub?.status ?? 'webhook_callback_verification_failed';
    const retry = live
      ? { subscriptionRetryAt: live.subscriptionRetryAt, subscriptionAttempts: live.subscriptionAttempts }
      : status !== 'enabled'
        ? nextAttempt(0, ctx.clock())
        : {};
    await ctx.db
      .update(integrations)
      .set({ subscriptionId: sub?.id ?? null, subscriptionStatus: status, ...retry })
      .where(and(eq(integrations.id, row.id), isNull(integrations.subscriptionStatus)))
      .run();
  }
  return (await listIntegrations(ctx.db, ctx.guildId, ctx.clock(), ctx.env)).find((i) => i.id === row.id)!;
}

/** Stops following: the WebSub subscription is ended, the EventSub one when no server needs it. */
export async function removeIntegration(ctx: Ctx, id: number) {
  const found = (await findIntegration(ctx.db, ctx.guildId, id)) ?? notFound('integration', id);
  await ctx.db.delete(integrations).where(eq(integrations.id, found.id)).run();
  if (found.kind === 'youtube') await websubRequest(ctx, found, 'unsubscribe');
  if (found.kind === 'twitch' && found.subscriptionId && twitchConfigured(ctx.env)) {
    const others = await ctx.db
      .select({ id: integrations.id })
      .from(integrations)
      .where(eq(integrations.subscriptionId, found.subscriptionId))
      .all();
    if (others.length === 0) await unsubscribe(ctx.env, found.subscriptionId).catch(() => {});
  }
  return { id: found.id, deleted: true as const };
}

/**
 * Reset Data: every integration of the server stops as if removed one by one, so the hub and
 * Twitch are told (WebSub unsubscribe; EventSub deleted when no other server needs it). Answers
 * how many were removed.
 */
export async function endIntegrations(ctx: Ctx): Promise<number> {
  const rows = await ctx.db
    .select({ id: integrations.id })
    .from(integrations)
    .where(eq(integrations.guildId, ctx.guildId))
    .all();
  for (const row of rows) await removeIntegration(ctx, row.id);
  return rows.length;
}
