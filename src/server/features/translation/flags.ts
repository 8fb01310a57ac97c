/**
 * Flag emoji -> language code, for flag-reaction translations. A flag is two regional indicator
 * letters (🇪🇸 = E S); the country's main language is chosen.
 */
const COUNTRY_LANGUAGE: Record<string, string> = {
  US: 'en',
  GB: 'en',
  AU: 'en',
  CA: 'en',
  NZ: 'en',
  IE: 'en',
  ES: 'es',
  MX: 'es',
  AR: 'es',
  CO: 'es',
  CL: 'es',
  PE: 'es',
  VE: 'es',
  FR: 'fr',
  BE: 'fr',
  SN: 'fr',
  CI: 'fr',
  DE: 'de',
  AT: 'de',
  CH: 'de',
  JP: 'ja',
  CN: 'zh',
  TW: 'zh',
  HK: 'zh',
  KR: 'ko',
  PT: 'pt',
  BR: 'pt',
  AO: 'pt',
  RU: 'ru',
  SA: 'ar',
  EG: 'ar',
  AE: 'ar',
  MA: 'ar',
  IT: 'it',
  IN: 'hi',
  TR: 'tr',
  NL: 'nl',
  PL: 'pl',
  SE: 'sv',
  NO: 'no',
  DK: 'da',
  FI: 'fi',
  GR: 'el',
  CZ: 'cs',
  UA: 'uk',
  IL: 'he',
  TH: 'th',
  VN: 'vi',
  ID: 'id',
  MY: 'ms',
  PH: 'tl',
  IR: 'fa',
  RO: 'ro',
  HU: 'hu',
  BG: 'bg',
  HR: 'hr',
  RS: 'sr',
  SK: 'sk',
  SI: 'sl',
  PK: 'ur',
  BD: 'bn',
};

const REGIONAL_A = 0x1f1e6;

/** The two-letter country of a flag emoji, or null when it is not a flag. */
export function countryOfFlag(emoji: string): string | null {
  const points = [...emoji].map((c) => c.codePointAt(0) ?? 0);
  if (points.length !== 2 || points.some((p) => p < REGIONAL_A || p > REGIONAL_A + 25)) return null;
  return points.map((p) => String.fromCharCode(65 + p - REGIONAL_A)).join('');
}

/** The language a flag reaction asks for, or null for other emoji and unknown countries. */
export function languageOfFlag(emoji: string): string | null {
  const country = countryOfFlag(emoji);
  return country ? (COUNTRY_LANGUAGE[country] ?? null) : null;
}
