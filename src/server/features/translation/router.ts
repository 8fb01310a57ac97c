import { translationSettings } from '../../../../db/schema';
import { translationSettingsPatch } from '../../../common/settings/schemas';
import { ensureGuild } from '../../core/guilds';
import { readTranslationSettings } from '../../translation/settings';
import { guildProcedure, router } from '../../core/trpc';

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
