import { describe, expect, it } from 'vitest';
import { currentStreak, nextDifficulty, nextStreak } from './maths';

const day = (iso: string) => new Date(iso);

describe('practice streak (consecutive UTC days)', () => {
  it('starts at 1, keeps on the same UTC day, grows on the next, restarts after a gap', () => {
    expect(nextStreak(0, null, day('2026-03-01T10:00:00Z'))).toBe(1);
    expect(nextStreak(3, day('2026-03-01T00:00:01Z'), day('2026-03-01T23:59:59Z'))).toBe(3);
    expect(nextStreak(3, day('2026-03-01T23:59:59Z'), day('2026-03-02T00:00:01Z'))).toBe(4);
    expect(nextStreak(3, day('2026-03-01T12:00:00Z'), day('2026-03-03T12:00:00Z'))).toBe(1);
  });

  it('is shown as 0 once a whole UTC day was missed, unchanged until then', () => {
    expect(currentStreak(5, null, day('2026-03-01T00:00:00Z'))).toBe(0);
    expect(currentStreak(5, day('2026-03-01T08:00:00Z'), day('2026-03-02T23:00:00Z'))).toBe(5);
    expect(currentStreak(5, day('2026-03-01T08:00:00Z'), day('2026-03-03T00:00:01Z'))).toBe(0);
  });
});

describe('difficulty moves up after sustained accuracy', () => {
  it('beginner → intermediate at 10 correct with 80% accuracy, not before', () => {
    expect(nextDifficulty('beginner', 9, 9)).toBe('beginner');
    expect(nextDifficulty('beginner', 10, 13)).toBe('beginner'); // 77%
    expect(nextDifficulty('beginner', 10, 12)).toBe('intermediate'); // 83%
  });
  it('intermediate → advanced at 30 correct with 85%; advanced stays; never down', () => {
    expect(nextDifficulty('intermediate', 30, 36)).toBe('intermediate'); // 83%
    expect(nextDifficulty('intermediate', 30, 35)).toBe('advanced'); // 86%
    expect(nextDifficulty('advanced', 100, 100)).toBe('advanced');
    expect(nextDifficulty('advanced', 0, 50)).toBe('advanced');
  });
});
