import { describe, expect, it } from 'vitest';
import { emojiMatches } from '../reaction-roles/reaction-roles';
import { fillTemplate, pickTemplate } from './welcome';

describe('which welcome template', () => {
  const messages = { en: 'Welcome {user}', es: 'Hola {user}', fr: '' };

  it('takes the first preferred language that has text, then English, then the first template', () => {
    expect(pickTemplate(messages, ['es', 'en'])?.language).toBe('es');
    // French is there but empty (the dashboard saves as the admin types): skipped.
    expect(pickTemplate(messages, ['fr', null, 'de'])?.language).toBe('en');
    expect(pickTemplate({ ja: 'ようこそ {user}', es: 'Hola' }, ['de'])).toEqual({
      language: 'ja',
      template: 'ようこそ {user}',
    });
    expect(pickTemplate({ en: '   ' }, ['en'])).toBeNull();
  });

  it('replaces every {user} with the mention and keeps within 2000 characters', () => {
    expect(fillTemplate('{user}, welcome! Glad you came, {user}.', '42')).toBe(
      '<@42>, welcome! Glad you came, <@42>.',
    );
    expect(fillTemplate(`${'x'.repeat(1995)}{user}`, '123456789012345678')).toHaveLength(2000);
  });
});

describe('reaction emoji matching', () => {
  it('matches Unicode emoji by text (with or without the variation selector) and custom emoji by id', () => {
    expect(emojiMatches('🎮', { name: '🎮', id: null })).toBe(true);
    expect(emojiMatches('❤️', { name: '❤', id: null })).toBe(true);
    expect(emojiMatches('🎮', { name: '🍕', id: null })).toBe(false);
    expect(emojiMatches('<:pg:111>', { name: 'pg', id: '111' })).toBe(true);
    expect(emojiMatches('<a:pg:111>', { name: 'other', id: '111' })).toBe(true);
    expect(emojiMatches('<:pg:111>', { name: 'pg', id: '222' })).toBe(false);
    expect(emojiMatches('<:pg:111>', { name: 'pg', id: null })).toBe(false);
    expect(emojiMatches('🎮', { name: 'pg', id: '111' })).toBe(false);
  });
});
