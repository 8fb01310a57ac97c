import type { z } from 'zod';
import type { Db } from '../../../../db/client';
import { translationSettings } from '../../../../db/schema';
import type { translationSettingsPatch } from '../../../common/settings/schemas';
import { ensureGuild } from '../../core/guilds';
import { loadTranslationSettings } from '../../translation/settings';

/** Saves a change of the translation settings (the rest keeps its value); answers them all. */
export async function updateTranslationSettings(
  db: Db,
  guildId: string,
  patch: Omit<z.output<typeof translationSettingsPatch>, 'guildId'>,
) {
  await ensureGuild(db, guildId);
  await db
    .insert(translationSettings)
    .values({ guildId, ...patch })
    .onConflictDoUpdate({ target: translationSettings.guildId, set: patch })
    .run();
  return await loadTranslationSettings(db, guildId);
}
