import { TRPCError } from '@trpc/server';
import { and, asc, count, eq, inArray } from 'drizzle-orm';
import { lockFor } from '../../../../db/client';
import { channelLinkChannels, channelLinks, guildChannels } from '../../../../db/schema';
import type { z } from 'zod';
import type { channelLinkCreate } from '../../../common/channels/schemas';
import { ensureGuild } from '../../core/guilds';
import { PLANS, planOf } from '../../../common/plans';
import { FORUM_TYPE } from '../../../common/schemas/discord-refs';
import type { Services } from '../../core/services';
import { guildPlan } from '../../core/plans';

/** Channel links (mirror mode) as the dashboard manages them: the list, the plan limit, a channel used once. */

type Db = Services['db'];

/** Every link of the guild with its channels, oldest first (the order they were created). */
export async function readChannelLinks(db: Db, guildId: string, onlyId?: number) {
  const links = await db
    .select()
    .from(channelLinks)
    .where(
      onlyId === undefined
        ? eq(channelLinks.guildId, guildId)
        : and(eq(channelLinks.guildId, guildId), eq(channelLinks.id, onlyId)),
    )
    .orderBy(asc(channelLinks.id))
    .all();
  if (links.length === 0) return [];
  const rows = await db
    .select()
    .from(channelLinkChannels)
    .where(
      inArray(
        channelLinkChannels.linkId,
        links.map((l) => l.id),
      ),
    )
    .orderBy(asc(channelLinkChannels.linkId), asc(channelLinkChannels.position))
    .all();
  return links.map((l) => ({
    id: l.id,
    name: l.name,
    active: l.active,
    mode: l.mode,
    channels: rows
      .filter((r) => r.linkId === l.id)
      .map((r) => ({ channelId: r.channelId, language: r.language })),
    createdAt: l.createdAt,
  }));
}

/** 403 when one more link or room would pass the plan's channelPairs (spec section 9). */
export async function checkPlanLimit(db: Db, guildId: string): Promise<void> {
  const plan = planOf(await guildPlan(db, guildId));
  if (plan.channelPairs === null) return;
  const n =
    (await db.select({ n: count() }).from(channelLinks).where(eq(channelLinks.guildId, guildId)).get())?.n ??
    0;
  if (n < plan.channelPairs) return;
  const bigger = PLANS.find((p) => p.channelPairs === null || p.channelPairs > plan.channelPairs!);
  throw new TRPCError({
    code: 'FORBIDDEN',
    message:
      `the ${plan.name} plan allows ${plan.channelPairs} channel links (translation rooms count as links) ` +
      `and this server has ${n}; upgrade${bigger ? ` to ${bigger.name}` : ''} to link more channels, ` +
      'or delete a link or room',
  });
}

/**
 * 409 when a channel already belongs to a link or a translation room (of any guild): a channel in
 * two would loop. Names the channel (#name when synced) and, in this guild, the link or room.
 */
export async function checkChannelsFree(
  db: Db,
  guildId: string,
  channelIds: string[],
  field = 'channels',
): Promise<void> {
  const taken = await db
    .select({
      channelId: channelLinkChannels.channelId,
      guildId: channelLinks.guildId,
      name: channelLinks.name,
      mode: channelLinks.mode,
      channelName: guildChannels.name,
    })
    .from(channelLinkChannels)
    .innerJoin(channelLinks, eq(channelLinks.id, channelLinkChannels.linkId))
    .leftJoin(
      guildChannels,
      and(eq(guildChannels.id, channelLinkChannels.channelId), eq(guildChannels.guildId, guildId)),
    )
    .where(inArray(channelLinkChannels.channelId, channelIds))
    .all();
  if (taken.length === 0) return;
  const list = taken
    .map((t) => {
      const channel = t.channelName ? `#${t.channelName} (${t.channelId})` : t.channelId;
      const where =
        t.guildId !== guildId
          ? "in another server's link"
          : t.mode === 'single'
            ? `in translation room "${t.name}"`
            : `in link "${t.name}"`;
      return `${channel} (${where})`;
    })
    .join(', ');
  throw new TRPCError({
    code: 'CONFLICT',
    message: `${field}: already linked: ${list}; a channel can be in one link or room only, delete that one first`,
  });
}

/**
 * 400 when a link would mix forums with text channels, or a single-channel room would be a forum.
 * A forum holds posts, a text channel a stream of messages: a text channel's message has no post
 * to go in, and a forum post no place in a stream (it would become a thread nobody opened), so a
 * link holds one kind, and its copies keep the shape members posted in (see docs/translation.md, "Forum channels and reactions").
 */
export async function checkChannelKinds(
  db: Db,
  guildId: string,
  mode: 'mirror' | 'single',
  channelIds: string[],
): Promise<void> {
  const rows = await db
    .select({ id: guildChannels.id, name: guildChannels.name, type: guildChannels.type })
    .from(guildChannels)
    .where(and(eq(guildChannels.guildId, guildId), inArray(guildChannels.id, channelIds)))
    .all();
  const forums = rows.filter((r) => r.type === FORUM_TYPE);
  if (forums.length === 0) return;
  const named = (r: { id: string; name: string }) => `#${r.name} (${r.id})`;
  if (mode === 'single')
    throw new TRPCError({
      code: 'BAD_REQUEST',
      message: `channels: ${named(forums[0])} is a forum; a translation room is one text channel (link forums to each other instead)`,
    });
  const texts = rows.filter((r) => r.type !== FORUM_TYPE);
  if (texts.length === 0) return;
  throw new TRPCError({
    code: 'BAD_REQUEST',
    message:
      `channels: ${forums.map(named).join(', ')} ${forums.length > 1 ? 'are forums' : 'is a forum'} and ` +
      `${texts.map(named).join(', ')} ${texts.length > 1 ? 'are text channels' : 'is a text channel'}; ` +
      'a link holds text channels or forums, not both (a forum post has no place in a text channel, ' +
      'nor a message outside a post in a forum): make one link of each',
  });
}

/**
 * Stores a link and its channels; answers its id. From check to insert in one transaction, one
 * request of the server at a time (a channel already linked, the plan's limit: refused).
 */
export async function createChannelLink(
  db: Db,
  guildId: string,
  input: Pick<z.output<typeof channelLinkCreate>, 'name' | 'mode' | 'channels'>,
): Promise<number> {
  return await db.$transaction(async (tx) => {
    await lockFor(tx, `channel-links:${guildId}`);
    const ids = input.channels.map((c) => c.channelId);
    await checkChannelKinds(tx, guildId, input.mode, ids);
    await checkChannelsFree(tx, guildId, ids);
    await checkPlanLimit(tx, guildId);
    await ensureGuild(tx, guildId);
    const link = await tx
      .insert(channelLinks)
      .values({ guildId, name: input.name, mode: input.mode })
      .returning({ id: channelLinks.id })
      .get();
    await tx
      .insert(channelLinkChannels)
      .values(
        input.channels.map((c, position) => ({
          linkId: link.id,
          channelId: c.channelId,
          language: c.language,
          position,
        })),
      )
      .run();
    return link.id;
  });
}

/** Deletes a link of the server (its channels with it); false when there is none. */
export async function deleteChannelLink(db: Db, guildId: string, id: number): Promise<boolean> {
  const gone = await db
    .delete(channelLinks)
    .where(and(eq(channelLinks.id, id), eq(channelLinks.guildId, guildId)))
    .returning({ id: channelLinks.id })
    .all();
  return gone.length > 0;
}
