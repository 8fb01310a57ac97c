import { describe, expect, it } from 'vitest';
import { formatDuration } from './duration';

describe('formatDuration', () => {
  it('writes the two largest units in words', () => {
    expect(
      [0, 45, 60, 1944, 3600, 3900, 3 * 3600 + 25 * 60 + 10, 86_400, 3 * 86_400 + 4 * 3600 + 59].map(
        formatDuration,
      ),
    ).toEqual(['0 s', '45 s', '1 min', '32 min 24 s', '1 h', '1 h 5 min', '3 h 25 min', '1 d', '3 d 4 h']);
  });

  it('rounds to the second and never goes below zero', () => {
    expect(formatDuration(59.6)).toBe('1 min');
    expect(formatDuration(-5)).toBe('0 s');
  });
});
