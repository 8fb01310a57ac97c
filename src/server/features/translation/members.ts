import { eq } from 'drizzle-orm';
import type { Db } from '../../../../db/client';
import { botConfig, userLanguages } from '../../../../db/schema';
import { findLanguage, LANGUAGES, type Language } from '../../../common/languages';

/**
 * Members' languages: the one they chose with /setlanguage, else their Discord client's locale,
 * else the server's default.
 */

/** Discord locale (en-US, pt-BR, zh-CN, es-ES, sv-SE...) to a code of the language table. */
export function languageOfLocale(locale: string | null | undefined): string | null {
  if (!locale) return null;
  const exact = findLanguage(locale);
  if (exact) return exact.code;
  const base = findLanguage(locale.split('-')[0]);
  return base?.code ?? null;
}

export async function storedLanguage(db: Db, userId: string): Promise<string | null> {
  return (
    (await db.select().from(userLanguages).where(eq(userLanguages.userId, userId)).get())?.language ?? null
  );
}

/** Where a member's translations go, and why that language. */
export async function memberLanguage(
  db: Db,
  userId: string,
  locale: string | null | undefined,
  fallback: string,
): Promise<{ code: string; from: 'setting' | 'locale' | 'server default' }> {
  const stored = await storedLanguage(db, userId);
  if (stored) return { code: stored, from: 'setting' };
  const fromLocale = languageOfLocale(locale);
  if (fromLocale) return { code: fromLocale, from: 'locale' };
  return { code: fallback, from: 'server default' };
}

/** Stores the member's language; the caller has validated the code against the table. */
export async function setMemberLanguage(db: Db, userId: string, language: Language, at: Date): Promise<void> {
  await db
    .insert(userLanguages)
    .values({ userId, language: language.code, updatedAt: at })
    .onConflictDoUpdate({ target: userLanguages.userId, set: { language: language.code, updatedAt: at } })
    .run();
}

/** Autocomplete: languages whose code, English or native name matches what was typed (25 at most). */
export function languageChoices(query: string, limit = 25): { name: string; value: string }[] {
  const q = query.trim().toLowerCase();
  const scored = LANGUAGES.map((l) => {
    const name = l.name.toLowerCase();
    const native = l.native.toLowerCase();
    let score = -1;
    if (!q) score = 1;
    else if (l.code === q) score = 4;
    else if (name.startsWith(q) || native.startsWith(q)) score = 3;
    else if (name.includes(q) || native.includes(q)) score = 2;
    else if (l.code.startsWith(q)) score = 1;
    return { l, score };
  }).filter((x) => x.score >= 0);
  scored.sort((a, b) => b.score - a.score || a.l.name.localeCompare(b.l.name));
  return scored.slice(0, limit).map(({ l }) => ({
    name: l.native === l.name ? `${l.name} (${l.code})` : `${l.name} · ${l.native} (${l.code})`,
    value: l.code,
  }));
}

/** The server's default language (its general settings), English when none was saved. */
export async function guildDefaultLanguage(db: Db, guildId: string): Promise<string> {
  return (
    (await db.select().from(botConfig).where(eq(botConfig.guildId, guildId)).get())?.defaultLanguage ?? 'en'
  );
}

/** A member's language on a server: their /setlanguage, else their Discord locale, else the server default. */
export async function memberLanguageIn(
  db: Db,
  guildId: string,
  userId: string,
  locale: string | null | undefined,
): Promise<string> {
  return (await memberLanguage(db, userId, locale, await guildDefaultLanguage(db, guildId))).code;
}
