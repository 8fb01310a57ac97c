import { z } from 'zod';
import { channelLinkCreate, foreignAuthorAllow } from '../../../common/channels/schemas';
import { rowId } from '../../../common/schemas/util';
import { guildProcedure, notFound, router } from '../../core/trpc';
import { channelsBotRouter } from './bot.router';
import type { MemberMessagePass, PlanShape } from './member-messages';
import { createChannelLink, deleteChannelLink, readChannelLinks } from './links';
import { readForeignAuthors, setForeignAllowed } from './foreign-authors';

/** The channels' procedures; `memberMessages` is moderation's pass (member-messages.ts), handed in by the composition root. */
export function channelsRouter<
  Plan extends PlanShape,
  EditPlan extends object,
  Action extends { delete: boolean },
>(memberMessages: MemberMessagePass<Plan, EditPlan, Action>) {
  return router({
    list: guildProcedure.query(async ({ ctx }) => await readChannelLinks(ctx.db, ctx.guildId)),

    create: guildProcedure.input(channelLinkCreate).mutation(async ({ ctx, input }) => {
      const id = await createChannelLink(ctx.db, ctx.guildId, input);
      return (await readChannelLinks(ctx.db, ctx.guildId, id))[0];
    }),

    delete: guildProcedure.input(z.object({ id: rowId })).mutation(async ({ ctx, input }) => {
      if (!(await deleteChannelLink(ctx.db, ctx.guildId, input.id))) notFound('channel link', input.id);
      return { id: input.id, deleted: true as const };
    }),

    /** Bots and webhooks seen posting in each link's channels, and whether each is allowed (issue 28). */
    foreignAuthors: guildProcedure.query(async ({ ctx }) => await readForeignAuthors(ctx.db, ctx.guildId)),

    allowForeignAuthor: guildProcedure
      .input(foreignAuthorAllow)
      .mutation(async ({ ctx, input }) => await setForeignAllowed(ctx.db, ctx.guildId, input)),

    /** The bot's own procedures of this capability (in-process only). */
    bot: channelsBotRouter(memberMessages),
  });
}
