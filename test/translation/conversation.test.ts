import { describe, expect, it } from 'vitest';
import {
  CONTEXT_CHARS,
  CONTEXT_MESSAGES,
  CONVERSATION_LINE_CHARS,
  CONVERSATION_RING_MESSAGES,
  createConversation,
} from '../../src/server/translation/conversation';

describe('conversation ring (in memory)', () => {
  it('gives the previous messages with their authors, bounded by count', () => {
    const c = createConversation();
    for (let i = 1; i <= CONVERSATION_RING_MESSAGES + 5; i++) {
      c.record('k', { messageId: String(i), author: i % 2 ? 'ana' : 'ben', text: `message ${i}` });
    }
    const latest = c.before('k');
    expect(latest).toHaveLength(CONTEXT_MESSAGES);
    expect(latest.at(-1)).toBe(`ana: message ${CONVERSATION_RING_MESSAGES + 5}`);
    // Before a given message: only what came before it.
    expect(c.before('k', '10')).toEqual([
      'ben: message 6',
      'ana: message 7',
      'ben: message 8',
      'ana: message 9',
    ]);
    // The oldest fell out of the ring: nothing before the first kept message.
    expect(c.before('k', '6')).toEqual([]);
  });

  it('bounds the characters, edits in place, forgets deleted messages, keeps channels apart', () => {
    const c = createConversation();
    const long = 'x'.repeat(CONVERSATION_LINE_CHARS + 100);
    for (let i = 0; i < 5; i++) c.record('k', { messageId: `m${i}`, author: 'a', text: long });
    const lines = c.before('k');
    expect(lines.every((l) => l.length === CONVERSATION_LINE_CHARS + 3)).toBe(true);
    expect(lines.join('').length).toBeLessThanOrEqual(CONTEXT_CHARS);
    c.record('k', { messageId: 'm4', author: 'a', text: 'edited' });
    expect(c.before('k').at(-1)).toBe('a: edited');
    c.forget('k', 'm4');
    expect(c.before('k').at(-1)).not.toBe('a: edited');
    expect(c.before('other')).toEqual([]);
  });

  it('keeps Discord order when messages arrive swapped (two of one instant, read in either order)', () => {
    const c = createConversation();
    // Snowflakes of one millisecond, then the next: 2 arrives before 1, 4 before 3.
    const id = (n: number) => String(1_300_000_000_000_000_000n + BigInt(n));
    for (const n of [2, 1, 4, 3]) c.record('k', { messageId: id(n), author: 'a', text: `message ${n}` });
    expect(c.before('k')).toEqual(['a: message 1', 'a: message 2', 'a: message 3', 'a: message 4']);
    expect(c.before('k', id(3))).toEqual(['a: message 1', 'a: message 2']);
    // A longer id is a later one (snowflakes grow a digit over time).
    c.record('k', { messageId: `9${id(5)}`, author: 'a', text: 'later' });
    c.record('k', { messageId: '999', author: 'a', text: 'much earlier' });
    expect(c.before('k').at(-1)).toBe('a: later');
    expect(c.before('k', id(1))).toEqual(['a: much earlier']);
  });
});
