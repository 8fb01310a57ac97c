import { describe, expect, it } from 'vitest';
import { type Phrase, say } from '.';
import * as EXCHANGE from '../exchange/phrases';
import { LOCKED } from '../billing/phrases';
import * as TICKETS from '../tickets/phrases';

describe('say', () => {
  const hello: Phrase = { en: 'Hello {name}', es: 'Hola {name}' };
  it('picks the member language, its base code, then English, and fills the blanks', () => {
    expect(say(hello, 'es', { name: 'Ana' })).toBe('Hola Ana');
    expect(say(hello, 'es-ES', { name: 'Ana' })).toBe('Hola Ana');
    expect(say(hello, 'sv', { name: 'Sven' })).toBe('Hello Sven');
    expect(say(hello, null, {})).toBe('Hello {name}');
  });
  it('the locked notice exists in every language the spec lists', () => {
    for (const code of ['en', 'es', 'fr', 'de', 'ja', 'zh', 'ko', 'pt', 'ru', 'ar', 'it', 'hi', 'tr']) {
      expect(LOCKED[code], code).toContain('{plan}');
    }
  });
});

describe('ticket phrases', () => {
  it('every member-facing ticket sentence exists in every language the spec lists, with the same blanks', () => {
    const phrases = Object.entries(TICKETS).flatMap(([name, p]) =>
      'en' in p
        ? [[name, p as Phrase] as const]
        : Object.entries(p).map(([k, v]) => [`${name}.${k}`, v as Phrase] as const),
    );
    expect(phrases.length).toBeGreaterThan(10);
    for (const [name, phrase] of phrases) {
      const blanks = (t: string) => [...t.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
      for (const code of ['es', 'fr', 'de', 'ja', 'zh', 'ko', 'pt', 'ru', 'ar', 'it', 'hi', 'tr']) {
        expect(phrase[code], `${name} ${code}`).toBeDefined();
        expect(blanks(phrase[code]!), `${name} ${code}`).toEqual(blanks(phrase.en));
      }
    }
  });
});

describe('language exchange phrases', () => {
  it('every exchange sentence exists in every language the spec lists, with the same blanks', () => {
    const blanks = (t: string) => [...t.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
    const phrases = Object.entries(EXCHANGE);
    expect(phrases.length).toBeGreaterThan(10);
    for (const [name, phrase] of phrases) {
      for (const code of ['es', 'fr', 'de', 'ja', 'zh', 'ko', 'pt', 'ru', 'ar', 'it', 'hi', 'tr']) {
        expect(phrase[code], `${name} ${code}`).toBeDefined();
        expect(blanks(phrase[code]!), `${name} ${code}`).toEqual(blanks(phrase.en));
      }
    }
  });
});
