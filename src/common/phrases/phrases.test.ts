import { describe, expect, it } from 'vitest';
import { type Phrase, say } from '.';
import { LOCKED } from './plans';

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
