import { TRPCError } from '@trpc/server';
import { exchangeSettingsPatch } from '../../common/schemas/exchange';
import { isTextChannel, writeExchangeChannel } from '../services/exchange';
import { exchangeState } from '../services/exchange-state';
import { guildProcedure, requires, router } from '../trpc';
import { exchangeBotRouter } from './exchange-bot';

const exchangeProcedure = guildProcedure.use(await requires('exchange'));

/** Language exchange (the Pro plan): who waits, the active pairs, the thread channel; the bot's side in exchange-bot. */
export const exchangeRouter = router({
  state: exchangeProcedure.query(async ({ ctx }) => await exchangeState(ctx.db, ctx.guildId)),

  updateSettings: exchangeProcedure.input(exchangeSettingsPatch).mutation(async ({ ctx, input }) => {
    if (input.channelId && !(await isTextChannel(ctx.db, ctx.guildId, input.channelId)))
      throw new TRPCError({
        code: 'BAD_REQUEST',
        message: 'channelId: not a text channel of this server (private threads need a text channel)',
      });
    await writeExchangeChannel(ctx.db, ctx.guildId, input.channelId);
    return await exchangeState(ctx.db, ctx.guildId);
  }),

  bot: exchangeBotRouter,
});
