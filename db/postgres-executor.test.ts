import { describe, expect, it } from 'vitest';
import { namedToPositional, toPostgresPlaceholders } from './postgres-executor';

describe('SQL for PostgreSQL', () => {
  it("numbers `?` placeholders in order and leaves a '?' inside quotes alone", () => {
    expect(toPostgresPlaceholders(`select * from "t" where a = ? and b = '?' and "c?" = ? limit ?`)).toBe(
      `select * from "t" where a = $1 and b = '?' and "c?" = $2 limit $3`,
    );
  });

  it('gives a repeated @name one position and its value once; a missing value is refused', () => {
    expect(namedToPositional('a >= @from and b < @to and c = @from', { from: 1, to: 2, unused: 3 })).toEqual({
      text: 'a >= $1 and b < $2 and c = $1',
      values: [1, 2],
    });
    expect(() => namedToPositional('a = @missing', {})).toThrow(/@missing/);
  });
});
