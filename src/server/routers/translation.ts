import { eq } from 'drizzle-orm';
import { translationSettings } from '../../../db/schema';
import { translationDefaults, translationSettingsPatch } from '../../common/schemas/settings';
import type { Services } from '../services';
import { ensureGuild, guildProcedure, router } from '../trpc';

/** The guild's translation settings, or the defaults when none were saved. */
export function readTranslationSettings(db: Services['db'], guildId: string) {
  const row = db.select().from(translationSettings).where(eq(translationSettings.guildId, guildId)).get();
  if (!row) return { ...translationDefaults };
  const { guildId: _g, ...settings } = row;
  return settings;
}

export const translationRouter = router({
  getSettings: guildProcedure.query(({ ctx }) => readTranslationSettings(ctx.db, ctx.guildId)),

  updateSettings: guildProcedure.input(translationSettingsPatch).mutation(({ ctx, input }) => {
    const { guildId: _g, ...patch } = input;
    ensureGuild(ctx.db, ctx.guildId);
    ctx.db
      .insert(translationSettings)
      .values({ guildId: ctx.guildId, ...patch })
      .onConflictDoUpdate({ target: translationSettings.guildId, set: patch })
      .run();
    return readTranslationSettings(ctx.db, ctx.guildId);
  }),
});
