import { translationSettingsPatch } from '../../../common/settings/schemas';
import { readTranslationSettings } from '../../translation/settings';
import { guildProcedure, router } from '../../core/trpc';
import { translationBotRouter } from './bot.router';
import { updateTranslationSettings } from './settings';

export const translationRouter = router({
  getSettings: guildProcedure.query(async ({ ctx }) => await readTranslationSettings(ctx.db, ctx.guildId)),

  updateSettings: guildProcedure.input(translationSettingsPatch).mutation(async ({ ctx, input }) => {
    const { guildId: _g, ...patch } = input;
    return await updateTranslationSettings(ctx.db, ctx.guildId, patch);
  }),

  /** The bot's own procedures of this capability (in-process only). */
  bot: translationBotRouter,
});
