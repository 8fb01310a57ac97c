import { and, asc, count, eq, inArray, isNotNull } from 'drizzle-orm';
import type { Db } from '../../../../db/client';
import { channelLinkChannels, channelLinks, integrationItems, integrations } from '../../../../db/schema';
import type { IntegrationKind, IntegrationView } from '../../../common/integrations/schemas';
import type { Env } from '../../core/env';

/** The rows of integrations: who follows what, where it is posted, what was already seen. */

export type Integration = typeof integrations.$inferSelect;

export async function findIntegration(db: Db, guildId: string, id: number): Promise<Integration | undefined> {
  return await db
    .select()
    .from(integrations)
    .where(and(eq(integrations.id, id), eq(integrations.guildId, guildId)))
    .get();
}

export async function integrationById(db: Db, id: number): Promise<Integration | undefined> {
  return await db.select().from(integrations).where(eq(integrations.id, id)).get();
}

/** Every server's integrations of a source (one YouTube channel, one Twitch broadcaster). */
export async function integrationsOf(
  db: Db,
  kind: IntegrationKind,
  sourceId: string,
): Promise<Integration[]> {
  return await db
    .select()
    .from(integrations)
    .where(and(eq(integrations.kind, kind), eq(integrations.sourceId, sourceId)))
    .all();
}

export async function integrationsOfKind(db: Db, kind: IntegrationKind): Promise<Integration[]> {
  return await db.select().from(integrations).where(eq(integrations.kind, kind)).all();
}

export async function updateIntegration(db: Db, ids: number[], change: Partial<Integration>): Promise<void> {
  if (ids.length) await db.update(integrations).set(change).where(inArray(integrations.id, ids)).run();
}

/** The language channels of a link (a mirror link: one channel per language), in its order. */
export async function linkTargets(
  db: Db,
  linkId: number,
): Promise<{ channelId: string; language: string }[]> {
  return await db
    .select({ channelId: channelLinkChannels.channelId, language: channelLinkChannels.language })
    .from(channelLinkChannels)
    .where(eq(channelLinkChannels.linkId, linkId))
    .orderBy(asc(channelLinkChannels.position))
    .all();
}

export async function findLink(db: Db, guildId: string, linkId: number) {
  return await db
    .select()
    .from(channelLinks)
    .where(and(eq(channelLinks.id, linkId), eq(channelLinks.guildId, guildId)))
    .get();
}

/**
 * Claims an item (a video, a stream) for an integration: true the first time, false when it was
 * already seen or posted (two processes, a push and a poll, a repeated delivery: one post).
 */
export async function claimItem(db: Db, integrationId: number, itemId: string): Promise<boolean> {
  const rows = await db
    .insert(integrationItems)
    .values({ integrationId, itemId })
    .onConflictDoNothing()
    .returning({ itemId: integrationItems.itemId })
    .all();
  return rows.length === 1;
}

export async function recordPost(db: Db, integrationId: number, itemId: string, announcementId: number) {
  await db
    .update(integrationItems)
    .set({ announcementId })
    .where(and(eq(integrationItems.integrationId, integrationId), eq(integrationItems.itemId, itemId)))
    .run();
}

function deliveryOf(i: Integration, now: Date): IntegrationView['delivery'] {
  if (i.kind === 'youtube') {
    return i.pushExpiresAt && i.pushExpiresAt > now ? 'push' : 'polling';
  }
  if (i.subscriptionStatus === 'enabled') return 'push';
  // No EventSub subscription, or a failed or revoked one: Helix is polled (twitch-poll.ts).
  if (i.subscriptionStatus?.endsWith('_pending')) return 'pending';
  return i.subscriptionRetryAt ? 'retrying' : 'polling';
}

const ENDED = ['authorization_revoked', 'user_removed'] as const;
const pushEnded = (i: Integration): IntegrationView['pushEnded'] =>
  ENDED.find((s) => s === i.subscriptionStatus) ?? null;

/** The screen's list: every integration of the server with its link's name and how many posts it made. */
export async function listIntegrations(
  db: Db,
  guildId: string,
  now: Date,
  env: Pick<Env, 'INTEGRATIONS_POLL_SECONDS' | 'TWITCH_POLL_SECONDS'>,
): Promise<IntegrationView[]> {
  const rows = await db
    .select({ i: integrations, linkName: channelLinks.name })
    .from(integrations)
    .innerJoin(channelLinks, eq(channelLinks.id, integrations.linkId))
    .where(eq(integrations.guildId, guildId))
    .orderBy(asc(integrations.createdAt), asc(integrations.id))
    .all();
  const ids = rows.map((r) => r.i.id);
  const posted = ids.length
    ? await db
        .select({ id: integrationItems.integrationId, n: count() })
        .from(integrationItems)
        .where(and(inArray(integrationItems.integrationId, ids), isNotNull(integrationItems.announcementId)))
        .groupBy(integrationItems.integrationId)
        .all()
    : [];
  const postedBy = new Map<number, number>();
  for (const p of posted) postedBy.set(p.id, Number(p.n));
  return rows.map(({ i, linkName }) => ({
    id: i.id,
    kind: i.kind,
    sourceId: i.sourceId,
    sourceName: i.sourceName,
    linkId: i.linkId,
    linkName,
    delivery: deliveryOf(i, now),
    retryAt: i.kind === 'twitch' ? i.subscriptionRetryAt : null,
    pushEnded: i.kind === 'twitch' ? pushEnded(i) : null,
    checkMinutes: Math.max(
      1,
      Math.round((i.kind === 'twitch' ? env.TWITCH_POLL_SECONDS : env.INTEGRATIONS_POLL_SECONDS) / 60),
    ),
    posted: postedBy.get(i.id) ?? 0,
    createdAt: i.createdAt,
  }));
}
