import { describe, expect, it } from 'vitest';
import { formatDuration, formatSpan, sessionTotals, shortChannelId, statusBadge } from './format';

describe('voice formatting', () => {
  it('says a span in words: seconds, minutes and seconds, hours and minutes', () => {
    expect(formatSpan(1944)).toBe('32 min 24 s');
    expect(formatSpan(45)).toBe('45 s');
    expect(formatSpan(0)).toBe('0 s');
    expect(formatSpan(120)).toBe('2 min');
    expect(formatSpan(3600 + 5 * 60 + 9)).toBe('1 h 5 min');
    expect(formatSpan(7200)).toBe('2 h');
  });

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
