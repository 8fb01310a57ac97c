import { TRPCError } from '@trpc/server';
import { and, asc, count, eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import { lockFor } from '../../../db/client';
import { channelLinkChannels, channelLinks, guildChannels } from '../../../db/schema';
import { PLANS, planOf } from '../../common/plans';
import { channelLinkCreate } from '../../common/schemas/channels';
import { rowId } from '../../common/schemas/util';
import type { Services } from '../services';
import { ensureGuild } from '../services/guilds';
import { guildPlan } from '../services/plans';
import { guildProcedure, notFound, router } from '../trpc';

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

export const channelsRouter = router({
  list: guildProcedure.query(async ({ ctx }) => await readChannelLinks(ctx.db, ctx.guildId)),

  create: guildProcedure.input(channelLinkCreate).mutation(async ({ ctx, input }) => {
    // From check to insert in one transaction, one request of the server at a time.
    const id = await ctx.db.$transaction(async (tx) => {
      await lockFor(tx, `channel-links:${ctx.guildId}`);
      await checkChannelsFree(
        tx,
        ctx.guildId,
        input.channels.map((c) => c.channelId),
      );
      await checkPlanLimit(tx, ctx.guildId);
      await ensureGuild(tx, ctx.guildId);
      const link = await tx
        .insert(channelLinks)
        .values({ guildId: ctx.guildId, name: input.name, mode: input.mode })
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
    return (await readChannelLinks(ctx.db, ctx.guildId, id))[0];
  }),

  delete: guildProcedure.input(z.object({ id: rowId })).mutation(async ({ ctx, input }) => {
    const gone = await ctx.db
      .delete(channelLinks)
      .where(and(eq(channelLinks.id, input.id), eq(channelLinks.guildId, ctx.guildId)))
      .returning({ id: channelLinks.id })
      .all();
    if (gone.length === 0) notFound('channel link', input.id);
    return { id: input.id, deleted: true as const };
  }),
});
