import { TRPCError } from '@trpc/server';
import { z } from 'zod';
import { pollCreate } from '../../../common/polls/schemas';
import { rowId } from '../../../common/schemas/util';
import { closePoll, fillLanguages, pollRow, readPolls, serverLanguages } from './polls';
import { guildProcedure, notFound, requires, router } from '../../core/trpc';
import { pollsBotRouter } from './bot.router';
import { deletePoll, insertPoll, markPollDeleted } from './rows';

const pollsProcedure = guildProcedure.use(await requires('polls'));

export const pollsRouter = router({
  list: pollsProcedure.query(async ({ ctx }) => await readPolls(ctx.db, ctx.guildId, ctx.clock())),

  /**
   * Stores the poll (translated into the server's languages) and, with a channel, asks the bot to
   * post it: `delivery` is 'queued' until Discord accepted the message.
   */
  create: pollsProcedure.input(pollCreate).mutation(async ({ ctx, input }) => {
    const now = ctx.clock();
    if (input.endsAt && input.endsAt <= now) {
      throw new TRPCError({ code: 'BAD_REQUEST', message: 'endsAt: must be in the future' });
    }
    const { question, options } = await fillLanguages(
      ctx.translator,
      ctx.guildId,
      await serverLanguages(ctx.db, ctx.guildId),
      input.question,
      input.options,
    );
    const row = await insertPoll(ctx.db, ctx.guildId, {
      channelId: input.channelId,
      question,
      options,
      allowMultiple: input.allowMultiple,
      endsAt: input.endsAt ?? null,
      createdBy: input.createdBy,
    });
    if (row.channelId) await ctx.events.publish('polls:changed', { guildId: ctx.guildId, pollId: row.id });
    return (await readPolls(ctx.db, ctx.guildId, now, row.id))[0];
  }),

  /** Close early: votes stop, the message shows the final results. */
  close: pollsProcedure.input(z.object({ id: rowId })).mutation(async ({ ctx, input }) => {
    const row = await pollRow(ctx.db, ctx.guildId, input.id);
    if (!row || row.deletedAt) notFound('poll', input.id);
    if ((await closePoll(ctx.db, ctx.guildId, input.id, ctx.clock())) && row.messageId)
      await ctx.events.publish('polls:changed', { guildId: ctx.guildId, pollId: input.id });
    return (await readPolls(ctx.db, ctx.guildId, ctx.clock(), input.id))[0];
  }),

  /** Deletes the poll and its votes; a posted poll's Discord message is removed by the bot first. */
  delete: pollsProcedure.input(z.object({ id: rowId })).mutation(async ({ ctx, input }) => {
    const row = await pollRow(ctx.db, ctx.guildId, input.id);
    if (!row || row.deletedAt) notFound('poll', input.id);
    if (row.messageId) {
      await markPollDeleted(ctx.db, row.id, ctx.clock());
      await ctx.events.publish('polls:changed', { guildId: ctx.guildId, pollId: row.id });
    } else {
      await deletePoll(ctx.db, ctx.guildId, row.id);
    }
    return { id: input.id, deleted: true as const };
  }),

  /** What only the bot calls: posting, voting, closing on time. */
  bot: pollsBotRouter,
});
