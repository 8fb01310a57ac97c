import { describe, expect, it } from 'vitest';
import { findLanguage, LANGUAGES } from './languages';

/** The public pages say "130+ languages" (the landing's hero, features and stats tile; the Language Learning screen). */
describe('the language table behind "130+ languages"', () => {
  it('holds at least 130 distinct languages, each found by its code', () => {
    const codes = new Set(LANGUAGES.map((l) => l.code));
    expect(codes.size).toBe(LANGUAGES.length);
    expect(codes.size).toBeGreaterThanOrEqual(130);
    for (const code of codes) expect(findLanguage(code)?.code).toBe(code);
  });
});
