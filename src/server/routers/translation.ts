import { translationSettings } from '../../../db/schema';
import { translationSettingsPatch } from '../../common/schemas/settings';
import { ensureGuild } from '../services/guilds';
import { readTranslationSettings } from '../services/translation/settings';
import { guildProcedure, router } from '../trpc';

/** Lives beside the engine, which reads it on every translation; re-exported for existing callers. */
export { readTranslationSettings };

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
});
