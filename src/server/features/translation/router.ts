import { translationSettings } from '../../../../db/schema';
import { translationSettingsPatch } from '../../../common/settings/schemas';
import { ensureGuild } from '../../core/guilds';
import { readTranslationSettings } from '../../translation/settings';
import { guildProcedure, router } from '../../core/trpc';
import { translationBotRouter } from './bot.router';

export const translationRouter = router({
  getSettings: guildProcedure.query(async ({ ctx }) => await readTranslationSettings(ctx.db, ctx.guildId)),

  updateSettings: guildProcedure.input(translationSettingsPatch).mutation(async ({ ctx, input }) => {
    const { guildId: _g, ...patch } = input;
    await ensureGuild(ctx.db, ctx.guildId);
    await ctx.db
      .insert(translationSettings)
      .values({ guildId: ctx.guildId, ...patch })
      .onConflictDoUpdate({ target: translationSettings.guildId, set: patch })
      .run();
    return await readTranslationSettings(ctx.db, ctx.guildId);
  }),

  /** The bot's own procedures of this capability (in-process only). */
  bot: translationBotRouter,
});
