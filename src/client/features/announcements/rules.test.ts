import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../../common/languages';
import { canCreate, missingChannelError, setTargets, targetLanguages, toggleTarget } from './rules';

describe('announcement create rules', () => {
  it('offers every language of the table but the original', () => {
    expect(targetLanguages('en')).toHaveLength(LANGUAGES.length - 1);
    expect(targetLanguages('en')).toContain('sw');
    expect(targetLanguages('en')).not.toContain('en');
    expect(targetLanguages('fr')).not.toContain('fr');
    expect(targetLanguages('fr')).toContain('en');
  });

  it('disables create without text, targets or any channel, and while pending', () => {
    expect(canCreate('', ['es'], { es: '1' }, false)).toBe(false);
    expect(canCreate('   ', ['es'], { es: '1' }, false)).toBe(false);
    expect(canCreate('Hi', [], {}, false)).toBe(false);
    expect(canCreate('Hi', ['es', 'fr'], {}, false)).toBe(false);
    expect(canCreate('Hi', ['es', 'fr'], { fr: '2' }, true)).toBe(false);
    expect(canCreate('Hi', ['es', 'fr'], { fr: '2' }, false)).toBe(true);
  });

  it('names every language still without a channel, comma separated', () => {
    expect(missingChannelError(['es', 'fr', 'de'], { fr: '2' })).toBe(
      'Please select a Discord channel for: Spanish, German',
    );
    expect(missingChannelError(['es'], { es: '1' })).toBeNull();
    expect(missingChannelError(['xx'], {})).toBe('Please select a Discord channel for: XX');
  });

  it('removes the channel choice of an unchecked language and keeps list order when checking', () => {
    const off = toggleTarget(['es', 'fr'], { es: '1', fr: '2' }, 'es', false);
    expect(off).toEqual({ targets: ['fr'], channels: { fr: '2' } });
    const on = toggleTarget(['fr'], { fr: '2' }, 'es', true);
    expect(on.targets).toEqual(['es', 'fr']);
  });

  it('applies a picker change: added languages in table order, removed ones lose their channel', () => {
    expect(setTargets(['es', 'fr'], { es: '1', fr: '2' }, ['fr', 'sw', 'de'])).toEqual({
      targets: ['fr', 'de', 'sw'],
      channels: { fr: '2' },
    });
  });
});
