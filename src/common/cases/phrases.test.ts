import { describe, expect, it } from 'vitest';
import type { Phrase } from '../phrases';
import * as CASES from './phrases';
import { formatDuration, parseDuration, TIMEOUT_MAX_SECONDS } from './schemas';

const LANGUAGES = ['en', 'es', 'fr', 'de', 'ja', 'zh', 'ko', 'pt', 'ru', 'ar', 'it', 'hi', 'tr'];
const blanks = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe('case phrases', () => {
  it('every sentence a member reads about a case exists in every language the spec lists, with the same blanks', () => {
    for (const [name, phrase] of Object.entries(CASES) as [string, Phrase][]) {
      for (const code of LANGUAGES) {
        const text = phrase[code];
        expect(text, `${name}.${code}`).toBeTruthy();
        expect(blanks(text ?? ''), `${name}.${code}`).toEqual(blanks(phrase.en));
      }
    }
  });
});

describe('durations', () => {
  it('reads 10m, 2h, 3d, 1w and bare minutes; refuses what is not a duration', () => {
    expect(parseDuration('10m')).toBe(600);
    expect(parseDuration('2h')).toBe(7200);
    expect(parseDuration(' 3D ')).toBe(259200);
    expect(parseDuration('1w')).toBe(604800);
    expect(parseDuration('90')).toBe(5400);
    expect(parseDuration('4w')).toBe(TIMEOUT_MAX_SECONDS);
    expect(parseDuration('soon')).toBeNull();
    expect(parseDuration('-5m')).toBeNull();
    expect(parseDuration('1h30m')).toBeNull();
  });
  it('shows seconds as days, hours, minutes', () => {
    expect(formatDuration(7200)).toBe('2h');
    expect(formatDuration(90)).toBe('1m 30s');
    expect(formatDuration(TIMEOUT_MAX_SECONDS)).toBe('28d');
  });
});
