import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { levelOf, xpToNext } from './xp';

describe('the level curve (5·L² + 50·L + 100 from L to L+1)', () => {
  it('matches the values members know', () => {
    expect([0, 1, 2, 10].map(xpToNext)).toEqual([100, 155, 220, 1100]);
    expect(levelOf(0)).toEqual({ level: 0, into: 0, needed: 100 });
    expect(levelOf(99)).toEqual({ level: 0, into: 99, needed: 100 });
    expect(levelOf(100)).toEqual({ level: 1, into: 0, needed: 155 });
    expect(levelOf(255)).toEqual({ level: 2, into: 0, needed: 220 });
  });

  it('for any XP, the level reached plus the progress adds back up to it', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 5_000_000 }), (xp) => {
        const { level, into, needed } = levelOf(xp);
        let sum = into;
        for (let l = 0; l < level; l++) sum += xpToNext(l);
        return sum === xp && into < needed && needed === xpToNext(level);
      }),
    );
  });
});
