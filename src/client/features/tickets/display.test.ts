import { describe, expect, it } from 'vitest';
import { inLanguage, messageView, noteParts } from './display';

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

describe('deliveryState and formatResponseTime', () => {
  it('a staff message is queued, delivered or failed; a member message has no state', async () => {
    const { deliveryState } = await import('./display');
    expect(deliveryState({ isStaff: false, deliveredAt: null })).toBeNull();
    expect(deliveryState({ isStaff: true, deliveredAt: null })?.label).toBe(
      'Queued: delivered when the bot connects',
    );
    expect(
      deliveryState({ isStaff: true, deliveredAt: null, deliveryError: 'Missing Access (Discord 403)' })
        ?.label,
    ).toBe('Failed: Missing Access (Discord 403)');
    expect(deliveryState({ isStaff: true, deliveredAt: new Date() })?.label).toBe('Delivered');
    expect(deliveryState({ isStaff: true, deliveredAt: new Date(), source: 'discord' })?.label).toBe(
      'Written in Discord',
    );
  });

  it('shows seconds, minutes, hours and days, and a dash without data', async () => {
    const { formatResponseTime } = await import('./display');
    expect([null, 20_000, 45 * 60_000, 2.4 * 3_600_000, 3 * 86_400_000].map(formatResponseTime)).toEqual([
      '—',
      '20 s',
      '45 min',
      '2 h 24 min',
      '3 d',
    ]);
  });

  it("reads a bot note's mention and bold instead of showing the markup", () => {
    expect(
      noteParts('🛡️ <@157000000000000042> from the support team is taking care of ticket **#1**.'),
    ).toEqual([
      { kind: 'text', text: '🛡️ ' },
      { kind: 'mention', id: '157000000000000042' },
      { kind: 'text', text: ' from the support team is taking care of ticket ' },
      { kind: 'bold', text: '#1' },
      { kind: 'text', text: '.' },
    ]);
    expect(noteParts('<@!42>')).toEqual([{ kind: 'mention', id: '42' }]);
    // Not markup: left as written.
    expect(noteParts('a ** b <@x> <@>')).toEqual([{ kind: 'text', text: 'a ** b <@x> <@>' }]);
  });
});
