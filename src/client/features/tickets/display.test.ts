import { describe, expect, it } from 'vitest';
import { inLanguage, messageView } from './display';

describe('ticket display', () => {
  it('shows the support language, then the user language, then anything', () => {
    expect(inLanguage({ en: 'Hello', es: 'Hola' }, 'en', 'es')).toBe('Hello');
    expect(inLanguage({ es: 'Hola' }, 'en', 'es')).toBe('Hola');
    expect(inLanguage({ fr: 'Salut' }, 'en', 'es')).toBe('Salut');
    expect(inLanguage({}, 'en', 'es')).toBe('');
  });

  it('shows a user message in the support language with its original beneath', () => {
    const view = messageView(
      {
        originalText: 'No puedo entrar',
        originalLanguage: 'es',
        translations: { en: 'I cannot log in' },
        isStaff: false,
      },
      'en',
    );
    expect(view).toEqual({
      text: 'I cannot log in',
      original: { text: 'No puedo entrar', language: 'es' },
      untranslated: false,
    });
  });

  it('shows a message already in the support language once, and flags a missing translation', () => {
    const staff = messageView(
      { originalText: 'Fixed', originalLanguage: 'en', translations: {}, isStaff: true },
      'en',
    );
    expect(staff).toEqual({ text: 'Fixed', original: null, untranslated: false });
    const raw = messageView(
      { originalText: 'Hallo', originalLanguage: 'de', translations: {}, isStaff: false },
      'en',
    );
    expect(raw.text).toBe('Hallo');
    expect(raw.untranslated).toBe(true);
    expect(raw.original).toBeNull();
  });
});
