import { describe, expect, it } from 'vitest';
import type { Phrase } from '../phrases';
import * as MIRROR from './phrases';

describe('mirror copy phrases', () => {
  it('every line a copy shows exists in every language the spec lists, with the same blanks (others go through the speaker)', () => {
    const blanks = (t: string) => [...t.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
    const phrases = Object.entries(MIRROR) as [string, Phrase][];
    expect(phrases.map(([name]) => name).sort()).toEqual([
      'MIRROR_FORWARDED',
      'MIRROR_NOT_TRANSLATED',
      'MIRROR_POLL_VOTE',
    ]);
    for (const [name, phrase] of phrases) {
      for (const code of ['es', 'fr', 'de', 'ja', 'zh', 'ko', 'pt', 'ru', 'ar', 'it', 'hi', 'tr']) {
        expect(phrase[code], `${name} ${code}`).toBeDefined();
        expect(blanks(phrase[code]!), `${name} ${code}`).toEqual(blanks(phrase.en));
      }
    }
  });
});
