import { exchangeSettingsPatch } from '../../../common/exchange/schemas';
import { writeExchangeChannel } from './exchange';
import { exchangeState } from './state';
import { guildProcedure, requires, router } from '../../core/trpc';
import { exchangeBotRouter } from './bot.router';

const exchangeProcedure = guildProcedure.use(await requires('exchange'));

/** Language exchange (the Pro plan): who waits, the active pairs, the thread channel; the bot's side in exchange-bot. */
export const exchangeRouter = router({
  state: exchangeProcedure.query(async ({ ctx }) => await exchangeState(ctx.db, ctx.guildId)),

  updateSettings: exchangeProcedure.input(exchangeSettingsPatch).mutation(async ({ ctx, input }) => {
    // A text channel of this server (privateThreads), checked with the input (channelOf).
    await writeExchangeChannel(ctx.db, ctx.guildId, input.channelId);
    return await exchangeState(ctx.db, ctx.guildId);
  }),

  bot: exchangeBotRouter,
});
