import { describe, expect, it } from 'vitest';
import { sessionTotals, statusBadge } from './format';

describe('voice formatting', () => {
  it('averages duration in rounded seconds', () => {
    expect(
      sessionTotals([
        { durationSeconds: 100, charactersProcessed: 5 },
        { durationSeconds: 51, charactersProcessed: 7 },
      ]),
    ).toEqual({ seconds: 151, characters: 12, averageSeconds: 76 });
    expect(sessionTotals([]).averageSeconds).toBe(0);
  });

  it('styles badges by status', () => {
    expect(statusBadge('active').variant).toBe('filled');
    expect(statusBadge('error').color).toBe('red');
    expect(statusBadge('paused').variant).toBe('outline');
  });
});
