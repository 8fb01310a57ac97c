import { describe, expect, it } from 'vitest';
import { formatDuration, sessionTotals, shortChannelId, statusBadge } from './format';

describe('voice formatting', () => {
  it('formats durations as Xh Ym or Ym', () => {
    expect(formatDuration(3 * 3600 + 25 * 60 + 10)).toBe('3h 25m');
    expect(formatDuration(3600)).toBe('1h 0m');
    expect(formatDuration(59 * 60 + 59)).toBe('59m');
    expect(formatDuration(30)).toBe('0m');
  });

  it('cuts channel ids to 8 characters', () => {
    expect(shortChannelId('123456789012345678')).toBe('12345678...');
  });

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
