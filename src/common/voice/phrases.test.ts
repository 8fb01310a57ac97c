import { describe, expect, it } from 'vitest';
import type { Phrase } from '../phrases';
import { closeLine, lineText, linePhrases, voiceLine } from './lines';
import * as VOICE from './phrases';

describe('voice phrases', () => {
  it('every /voice sentence exists in every language the spec lists, with the same blanks', () => {
    const blanks = (t: string) => [...t.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
    const phrases = Object.entries(VOICE) as [string, Phrase][];
    expect(phrases.length).toBeGreaterThan(10);
    for (const [name, phrase] of phrases) {
      for (const code of ['es', 'fr', 'de', 'ja', 'zh', 'ko', 'pt', 'ru', 'ar', 'it', 'hi', 'tr']) {
        expect(phrase[code], `${name} ${code}`).toBeDefined();
        expect(blanks(phrase[code] as string), `${name} ${code}`).toEqual(blanks(phrase.en));
      }
    }
  });
});

describe('voice lines', () => {
  it('a close code names its phrase; an unknown one says its number; none says no answer', () => {
    expect(lineText(closeLine(4017))).toBe(
      'Discord requires end-to-end encryption (DAVE) for this call (close code 4017)',
    );
    expect(lineText(closeLine(4999))).toBe('Discord voice closed the connection (close code 4999)');
    expect(lineText(closeLine(null))).toBe('no answer from Discord voice');
  });

  it('a nested line reads in English for the session row, and lists every phrase it uses', () => {
    const line = { phrase: 'VOICE_COULD_NOT_CONNECT', vars: { why: closeLine(4014) } };
    expect(lineText(line)).toBe(
      'could not connect to the voice channel: the bot was disconnected from the voice channel (close code 4014)',
    );
    expect(linePhrases(line)).toHaveLength(2);
  });

  it('bad input: an unknown phrase is refused naming the problem', () => {
    const bad = voiceLine.safeParse({ phrase: 'NOT_A_PHRASE' });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.message).toBe('must name a voice phrase');
    expect(voiceLine.safeParse({ phrase: 'VOICE_STOPPED', vars: { channel: 'x'.repeat(501) } }).success).toBe(
      false,
    );
  });
});
