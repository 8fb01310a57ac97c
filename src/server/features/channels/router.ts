import { z } from 'zod';
import { channelLinkCreate } from '../../../common/channels/schemas';
import { rowId } from '../../../common/schemas/util';
import { guildProcedure, notFound, router } from '../../core/trpc';
import { channelsBotRouter } from './bot.router';
import { createChannelLink, deleteChannelLink, readChannelLinks } from './links';

export const channelsRouter = router({
  list: guildProcedure.query(async ({ ctx }) => await readChannelLinks(ctx.db, ctx.guildId)),

  create: guildProcedure.input(channelLinkCreate).mutation(async ({ ctx, input }) => {
    const id = await createChannelLink(ctx.db, ctx.guildId, input);
    return (await readChannelLinks(ctx.db, ctx.guildId, id))[0];
  }),

  delete: guildProcedure.input(z.object({ id: rowId })).mutation(async ({ ctx, input }) => {
    if (!(await deleteChannelLink(ctx.db, ctx.guildId, input.id))) notFound('channel link', input.id);
    return { id: input.id, deleted: true as const };
  }),

  /** The bot's own procedures of this capability (in-process only). */
  bot: channelsBotRouter,
});
