import { describe, expect, it } from 'vitest';
import { findLanguage } from '../../../common/languages';
import { DIFFICULTY_LEVELS } from '../../../common/learning/schemas';
import { DECK, DECK_LANGUAGES, deckWord, wordsOfLevel } from './deck';

describe('the built-in deck', () => {
  it('has at least 60 words, at least 15 in each level', () => {
    expect(DECK.length).toBeGreaterThanOrEqual(60);
    for (const level of DIFFICULTY_LEVELS) expect(wordsOfLevel(level).length).toBeGreaterThanOrEqual(15);
  });

  it('covers the ten required languages, all known to the language table', () => {
    expect([...DECK_LANGUAGES].sort()).toEqual(['de', 'en', 'es', 'fr', 'it', 'ja', 'ko', 'pt', 'ru', 'zh']);
    for (const code of DECK_LANGUAGES) expect(findLanguage(code)?.code).toBe(code);
  });

  it('every word has a non-blank text in every language, without stray spaces', () => {
    for (const word of DECK) {
      expect(Object.keys(word.text).sort()).toEqual([...DECK_LANGUAGES].sort());
      for (const code of DECK_LANGUAGES) {
        const text = word.text[code];
        expect(text, `${word.id}/${code}`).toMatch(/\S/);
        expect(text, `${word.id}/${code}`).toBe(text.trim());
      }
    }
  });

  it('ids are unique and findable', () => {
    const ids = DECK.map((w) => w.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const w of DECK) expect(deckWord(w.id)).toBe(w);
  });

  it('within a level, no two words share a text in any language (quiz answers are never ambiguous)', () => {
    for (const level of DIFFICULTY_LEVELS) {
      for (const code of DECK_LANGUAGES) {
        const texts = wordsOfLevel(level).map((w) => w.text[code]);
        const dupes = texts.filter((t, i) => texts.indexOf(t) !== i);
        expect(dupes, `${level}/${code}`).toEqual([]);
      }
    }
  });

  it('scripts fit their language (a misplaced column would show here)', () => {
    const script: Record<string, RegExp> = {
      ja: /[\u3040-\u30ff\u4e00-\u9fff]/,
      ko: /[\uac00-\ud7af]/,
      zh: /[\u4e00-\u9fff]/,
      ru: /[\u0400-\u04ff]/,
    };
    for (const word of DECK) {
      for (const [code, re] of Object.entries(script)) {
        expect(word.text[code as keyof typeof word.text], `${word.id}/${code}`).toMatch(re);
      }
      for (const code of ['en', 'es', 'fr', 'de', 'it', 'pt'] as const) {
        expect(word.text[code], `${word.id}/${code}`).toMatch(/^[\p{Script=Latin}' ]+$/u);
      }
      expect(word.text.en).toBe(word.id.replaceAll('-', ' '));
    }
  });
});
