import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { translationSettings } from '../../../db/schema';
import { translationDefaults } from '../../common/settings/schemas';

/** The guild's translation settings, or the defaults when none were saved. */
export async function readTranslationSettings(db: Db, guildId: string) {
  const row = await db
    .select()
    .from(translationSettings)
    .where(eq(translationSettings.guildId, guildId))
    .get();
  if (!row) return { ...translationDefaults };
  const { guildId: _g, ...settings } = row;
  return settings;
}
