import { welcomePatch } from '../../../common/welcome/schemas';
import { guildProcedure, router } from '../../core/trpc';
import { readWelcome, updateWelcome } from './settings';
import { welcomeBotRouter } from './bot.router';

export const welcomeRouter = router({
  get: guildProcedure.query(async ({ ctx }) => await readWelcome(ctx.db, ctx.guildId)),

  update: guildProcedure.input(welcomePatch).mutation(async ({ ctx, input }) => {
    const { guildId: _g, ...patch } = input;
    return await updateWelcome(ctx.db, ctx.guildId, patch);
  }),

  /** The bot's own procedures of this capability (in-process only). */
  bot: welcomeBotRouter,
});
