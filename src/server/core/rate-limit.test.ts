import { describe, expect, it } from 'vitest';
import { createUserLimiter } from './rate-limit';

const HOUR = 3_600_000;
const T0 = Date.parse('2026-03-18T12:00:00Z');
const at = (ms: number) => new Date(T0 + ms);

describe('per-member hourly limit (sliding hour)', () => {
  it('refuses the message over the limit until the oldest counted one is an hour old, to the millisecond', () => {
    const limiter = createUserLimiter(HOUR);
    expect(limiter.take('g:u', 3, at(0))).toEqual({ ok: true });
    expect(limiter.take('g:u', 3, at(10_000))).toEqual({ ok: true });
    expect(limiter.take('g:u', 3, at(20_000))).toEqual({ ok: true });
    // Full: the wait is until the first message leaves the window.
    expect(limiter.take('g:u', 3, at(30_000))).toEqual({ ok: false, retryAfterSeconds: 3570 });
    // One millisecond before the hour, still refused (and at least one second to wait).
    expect(limiter.take('g:u', 3, at(HOUR - 1))).toEqual({ ok: false, retryAfterSeconds: 1 });
    // At exactly one hour the first message no longer counts: one slot, not more.
    expect(limiter.take('g:u', 3, at(HOUR))).toEqual({ ok: true });
    expect(limiter.take('g:u', 3, at(HOUR))).toEqual({ ok: false, retryAfterSeconds: 10 });
    expect(limiter.take('g:u', 3, at(HOUR + 10_000))).toEqual({ ok: true });
    // Refused messages do not count: after the hour of the accepted ones, all three slots are back.
    expect(limiter.take('g:u', 3, at(2 * HOUR + 10_000))).toEqual({ ok: true });
    expect(limiter.take('g:u', 3, at(2 * HOUR + 10_000))).toEqual({ ok: true });
    expect(limiter.take('g:u', 3, at(2 * HOUR + 10_000))).toEqual({ ok: true });
    expect(limiter.take('g:u', 3, at(2 * HOUR + 10_000)).ok).toBe(false);
  });

  it('counts each member on their own, and follows a lowered limit at once', () => {
    const limiter = createUserLimiter(HOUR);
    for (let i = 0; i < 5; i++) expect(limiter.take('g:a', 5, at(i)).ok).toBe(true);
    expect(limiter.take('g:a', 5, at(10)).ok).toBe(false);
    expect(limiter.take('g:b', 5, at(10)).ok).toBe(true);
    expect(limiter.take('h:a', 5, at(10)).ok).toBe(true);
    expect(limiter.take('g:b', 1, at(20)).ok).toBe(false);
  });

  it('forgets members idle for an hour a few per message, without a scan of every member', () => {
    const limiter = createUserLimiter(HOUR);
    for (let i = 0; i < 1000; i++) limiter.take(`g:m${i}`, 10, at(i));
    expect(limiter.size).toBe(1000);
    // An hour later one member keeps talking: each message forgets up to four idle members.
    for (let i = 0; i < 100; i++) limiter.take('g:talker', 1000, at(HOUR + 1000 + i));
    expect(limiter.size).toBe(1000 - 400 + 1);
    for (let i = 0; i < 200; i++) limiter.take('g:talker', 1000, at(HOUR + 2000 + i));
    expect(limiter.size).toBe(1);
    // The member who kept talking is still counted.
    expect(limiter.take('g:talker', 300, at(HOUR + 3000)).ok).toBe(false);
  });
});
