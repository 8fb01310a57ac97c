import { describe, expect, it } from 'vitest';
import { dueLabel, forwardState, replyMailto } from './display';

describe('replyMailto', () => {
  it('addresses the sender with Re: subject and the message quoted, all encoded', () => {
    const href = replyMailto({
      name: 'Ana',
      email: 'ana+x@example.com',
      subject: 'Bot & me?',
      message: 'Line 1\nLine 2',
    });
    expect(href.startsWith('mailto:ana%2Bx%40example.com?subject=Re%3A%20Bot%20%26%20me%3F&body=')).toBe(
      true,
    );
    expect(decodeURIComponent(href.split('body=')[1]!)).toBe('Hello Ana,\n\n\n\n> Line 1\n> Line 2');
  });
});

describe('forwardState', () => {
  const base = { forwardedAt: null, forwardError: null, forwardAttempts: 0, nextForwardAt: null };
  it('forwarded, queued, failing with the reason, or nothing when forwarding is off', () => {
    expect(forwardState({ ...base, forwardedAt: new Date() }, true)?.label).toBe('Forwarded by email');
    expect(forwardState(base, true)?.label).toBe('Email queued');
    expect(forwardState({ ...base, forwardError: '451 busy', forwardAttempts: 2 }, true)?.label).toBe(
      'Email failed (2×): 451 busy. Retried automatically',
    );
    expect(forwardState(base, false)).toBeNull();
  });
});

describe('dueLabel', () => {
  const now = new Date('2026-06-01T10:00:00Z');
  const at = (minutes: number) => new Date(now.getTime() + minutes * 60_000);
  it('counts down to the reply target and then up once it is passed', () => {
    expect(dueLabel(at(40), now)).toEqual({ label: 'due in 40 min', overdue: false });
    expect(dueLabel(at(4 * 60), now)).toEqual({ label: 'due in 4 h', overdue: false });
    expect(dueLabel(at(-120), now)).toEqual({ label: 'overdue by 2 h', overdue: true });
    expect(dueLabel(at(-0.5), now)).toEqual({ label: 'overdue by 1 min', overdue: true });
    expect(dueLabel(at(-3 * 24 * 60), now)).toEqual({ label: 'overdue by 3 d', overdue: true });
  });
  it('says nothing without a target (Free, or a server not verified)', () => {
    expect(dueLabel(null, now)).toBeNull();
  });
});
