import { eq } from 'drizzle-orm';
import type { Db } from '../../../../db/client';
import { announcements } from '../../../../db/schema';
import { InvalidTranslationRequestError, type Translator } from '../../core/translator';

type Announcement = typeof announcements.$inferSelect;

/** Target languages an announcement has no text for yet (posted as the original when still missing). */
export function untranslatedLanguages(
  a: Pick<Announcement, 'targetChannels' | 'translations' | 'originalLanguage'>,
) {
  return [
    ...new Set(
      a.targetChannels
        .map((t) => t.language)
        .filter((l) => l !== a.originalLanguage && a.translations[l] === undefined),
    ),
  ];
}

export interface TranslationAttempt {
  translations: Record<string, string>;
  /** Why some languages stayed untranslated (no provider, provider failure, quota); null when none did. */
  error: string | null;
}

/**
 * Translates an announcement's text into the languages asked for, in one provider call. A draft
 * is never lost to a missing or failing provider: the languages it could not translate stay
 * missing and the reason comes back. Bad input (the engine refusing the text) still throws.
 */
export async function translateAnnouncement(
  translator: Translator,
  guildId: string,
  text: string,
  source: string,
  targets: string[],
): Promise<TranslationAttempt> {
  if (targets.length === 0) return { translations: {}, error: null };
  try {
    const result = await translator.translate({
      text,
      targets,
      source,
      origin: 'announcement',
      guildId,
      // No userId: an admin's announcement is not subject to the per-member hourly limit.
    });
    const translations: Record<string, string> = {};
    for (const language of targets) {
      // A target the engine skipped (the text is already in that language) gets the original.
      const out = result.translations[language] ?? (result.skipped.includes(language) ? text : undefined);
      if (out !== undefined) translations[language] = out;
    }
    const missing = targets.filter((l) => translations[l] === undefined);
    return {
      translations,
      error: missing.length ? `the translation provider returned no text for ${missing.join(', ')}` : null,
    };
  } catch (err) {
    if (err instanceof InvalidTranslationRequestError) throw err;
    return { translations: {}, error: err instanceof Error ? err.message : String(err) };
  }
}

/** Fills in the languages still missing; returns the updated row and why any stayed missing. */
export async function translateMissing(
  db: Db,
  translator: Translator,
  a: Announcement,
): Promise<{ announcement: Announcement; error: string | null }> {
  const missing = untranslatedLanguages(a);
  if (missing.length === 0) return { announcement: a, error: null };
  const attempt = await translateAnnouncement(
    translator,
    a.guildId,
    a.originalText,
    a.originalLanguage,
    missing,
  );
  if (Object.keys(attempt.translations).length === 0) return { announcement: a, error: attempt.error };
  const updated = await db
    .update(announcements)
    .set({ translations: { ...a.translations, ...attempt.translations } })
    .where(eq(announcements.id, a.id))
    .returning()
    .get();
  return { announcement: updated, error: attempt.error };
}
