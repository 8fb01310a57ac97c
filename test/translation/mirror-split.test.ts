import { describe, expect, it } from 'vitest';
import { splitMessage } from '../../src/server/features/channels/split';

describe('splitting a long copy', () => {
  it('keeps a short text whole', () => {
    expect(splitMessage('hello there', 2000)).toEqual(['hello there']);
  });

  it('prefers line breaks, then sentence ends, then spaces; never loses a character', () => {
    const lines = Array.from({ length: 40 }, (_, i) => `line ${i} ${'x'.repeat(40)}`).join('\n');
    const parts = splitMessage(lines, 500);
    expect(parts.every((p) => p.length <= 500)).toBe(true);
    expect(parts.every((p) => /x$/.test(p))).toBe(true);
    expect(parts.join('\n')).toBe(lines);

    const text = Array.from({ length: 30 }, (_, i) => `これは文${i}です。`).join('');
    const cjk = splitMessage(text, 50);
    expect(cjk.every((p) => p.length <= 50 && p.endsWith('。'))).toBe(true);
    expect(cjk.join('')).toBe(text);
  });

  it('cuts a single word longer than a message at the limit', () => {
    const word = 'a'.repeat(4500);
    expect(splitMessage(word, 2000).map((p) => p.length)).toEqual([2000, 2000, 500]);
  });
});
