import { usageOf } from '../../translation/accounting';
import { guildProcedure, router } from '../../core/trpc';
import { usageBotRouter } from './bot.router';

export const usageRouter = router({
  /** The guild's translations this month against its plan's allowance (spec sections 4 and 9). */
  get: guildProcedure.query(async ({ ctx }) => await usageOf(ctx.db, ctx.guildId, ctx.clock())),

  /** The bot's own procedures of this capability (in-process only). */
  bot: usageBotRouter,
});
