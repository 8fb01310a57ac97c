import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { readOnce } from '../../../db/read-scope';
import { translationSettings } from '../../../db/schema';

/** Spec section 3 and 9 defaults: a server's settings until it saves its own (GET answers these). */
export const translationDefaults = {
  autoDetect: true,
  translationTone: 'casual' as 'casual' | 'formal',
  contextPreservation: true,
  rateLimitPerUser: 50,
  skipPrefix: '!',
  /** Trivial chatter ("ok", "lol", "gg wp", emoji only) is neither translated nor copied (docs/translation.md). */
  skipTrivial: true,
  /** The server's own short-chatter terms, added to the built-in list (src/server/translation/trivial.ts). */
  trivialTerms: [] as string[],
};

/** The guild's translation settings, or the defaults when none were saved (read once per message: db/read-scope.ts). */
export async function readTranslationSettings(db: Db, guildId: string) {
  return await readOnce(`translation-settings:${guildId}`, () => loadTranslationSettings(db, guildId));
}

/** The saved row itself, always read (after a write). */
export async function loadTranslationSettings(db: Db, guildId: string) {
  const row = await db
    .select()
    .from(translationSettings)
    .where(eq(translationSettings.guildId, guildId))
    .get();
  if (!row) return { ...translationDefaults };
  const { guildId: _g, ...settings } = row;
  return settings;
}
