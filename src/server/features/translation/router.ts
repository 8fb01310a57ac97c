import { translationSettingsPatch } from '../../../common/settings/schemas';
import { readTranslationSettings } from '../../translation/settings';
import { guildProcedure, router } from '../../core/trpc';
import { translationBotRouter } from './bot.router';
import { updateTranslationSettings } from './settings';
import { optOutCounts } from './hidden-authors';

export const translationRouter = router({
  getSettings: guildProcedure.query(async ({ ctx }) => await readTranslationSettings(ctx.db, ctx.guildId)),

  updateSettings: guildProcedure.input(translationSettingsPatch).mutation(async ({ ctx, input }) => {
    const { guildId: _g, ...patch } = input;
    return await updateTranslationSettings(ctx.db, ctx.guildId, patch);
  }),

  /**
   * Members' own choices on this server, as counts only (issue 28): how many keep their messages out
   * of translation (/translate-me off) and how many hide someone's translations for themselves.
   */
  optOutCounts: guildProcedure.query(async ({ ctx }) => await optOutCounts(ctx.db, ctx.guildId)),

  /** The bot's own procedures of this capability (in-process only). */
  bot: translationBotRouter,
});
