import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { lockFor } from '../../../../db/client';
import { channelLinkChannels, channelLinks } from '../../../../db/schema';
import { channelLinkCreate } from '../../../common/channels/schemas';
import { rowId } from '../../../common/schemas/util';
import { ensureGuild } from '../../core/guilds';
import { guildProcedure, notFound, router } from '../../core/trpc';
import { checkChannelsFree, checkPlanLimit, readChannelLinks } from './links';
import { channelsBotRouter } from './bot.router';

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

  /** The bot's own procedures of this capability (in-process only). */
  bot: channelsBotRouter,
});
