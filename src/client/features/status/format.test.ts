import { describe, expect, it } from 'vitest';
import { formatUptime } from './format';

describe('formatUptime', () => {
  it('shows two decimals at most, and says when there is nothing measured', () => {
    expect(formatUptime(100)).toBe('100%');
    expect(formatUptime(99.9567)).toBe('99.96%');
    expect(formatUptime(86.667)).toBe('86.67%');
    expect(formatUptime(0)).toBe('0%');
    expect(formatUptime(null)).toBe('No data');
  });
});
