import { whiteLabelInput } from '../../../common/white-label/schemas';
import { guildProcedure, requires, router } from '../../core/trpc';
import { whiteLabelBotRouter } from './bot.router';
import { readWhiteLabel, resetValues, saveWhiteLabel, viewOf } from './white-label';

/** Every procedure here needs the 'whiteLabel' capability of the plan table (Ultimate). */
const whiteLabelProcedure = guildProcedure.use(await requires('whiteLabel'));

export const whiteLabelRouter = router({
  get: whiteLabelProcedure.query(async ({ ctx }) => viewOf(await readWhiteLabel(ctx.db, ctx.guildId))),

  /** Saves the profile and asks the bot to send it to Discord (Modify Current Member). */
  save: whiteLabelProcedure.input(whiteLabelInput).mutation(async ({ ctx, input }) => {
    const row = await saveWhiteLabel(ctx.db, ctx.guildId, input, ctx.clock());
    await ctx.events.publish('whiteLabel:apply', { guildId: ctx.guildId });
    return viewOf(row);
  }),

  /** Back to Discord's defaults: the bot's own name, avatar, banner and bio; the product's colour. */
  reset: whiteLabelProcedure.mutation(async ({ ctx }) => {
    const row = await saveWhiteLabel(ctx.db, ctx.guildId, resetValues(), ctx.clock());
    await ctx.events.publish('whiteLabel:apply', { guildId: ctx.guildId });
    return viewOf(row);
  }),

  /** The bot's own procedures of this capability (in-process only). */
  bot: whiteLabelBotRouter,
});
