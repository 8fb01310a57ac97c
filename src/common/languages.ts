/**
 * The product's language table, shared by client, server and bot.
 * The translation engine extends LANGUAGES to 130+ entries; the API below stays.
 */
export interface Language {
  code: string;
  /** English name. */
  name: string;
  /** Name in the language itself. */
  native: string;
}

export const LANGUAGES: Language[] = [
  { code: 'en', name: 'English', native: 'English' },
  { code: 'es', name: 'Spanish', native: 'Español' },
  { code: 'fr', name: 'French', native: 'Français' },
  { code: 'de', name: 'German', native: 'Deutsch' },
  { code: 'ja', name: 'Japanese', native: '日本語' },
  { code: 'zh', name: 'Chinese', native: '中文' },
  { code: 'ko', name: 'Korean', native: '한국어' },
  { code: 'pt', name: 'Portuguese', native: 'Português' },
  { code: 'ru', name: 'Russian', native: 'Русский' },
  { code: 'ar', name: 'Arabic', native: 'العربية' },
  { code: 'it', name: 'Italian', native: 'Italiano' },
  { code: 'hi', name: 'Hindi', native: 'हिन्दी' },
  { code: 'tr', name: 'Turkish', native: 'Türkçe' },
];

const byCode = new Map(LANGUAGES.map((l) => [l.code, l]));

export function findLanguage(code: string): Language | undefined {
  return byCode.get(code.toLowerCase());
}

/** English name of a code; unknown codes are shown upper-cased (spec section 3). */
export function languageName(code: string): string {
  return findLanguage(code)?.name ?? code.toUpperCase();
}

/** Spec section 9: the language lists each screen offers. */
export const SCREEN_LANGUAGES = {
  channels: ['en', 'es', 'fr', 'de', 'tr', 'ar', 'zh', 'ja', 'ko', 'pt'],
  polls: ['en', 'es', 'fr', 'de', 'tr', 'ar', 'zh', 'ja', 'ko', 'pt'],
  botDefault: ['en', 'es', 'fr', 'de', 'tr'],
  announcements: ['en', 'es', 'fr', 'de', 'ja', 'zh', 'ko', 'pt', 'ru', 'ar'],
  announcementDefaultTargets: ['es', 'fr', 'de'],
  announcementOriginal: 'en',
} as const;
