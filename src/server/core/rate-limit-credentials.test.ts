import { describe, expect, it } from 'vitest';
import { createFailureCounter } from './rate-limit-credentials';

const T0 = Date.parse('2026-11-20T12:00:00Z');

describe('failures of one Bearer value', () => {
  it('refuses the value past the limit until its window ends, each value on its own', () => {
    let now = T0;
    const counter = createFailureCounter({ limit: 3, windowMs: 60_000, clock: () => new Date(now) });
    for (let i = 0; i < 3; i++) expect(counter.fail('a')).toEqual({ ok: true, retryAfterSeconds: 0 });
    now += 20_000;
    expect(counter.fail('a')).toEqual({ ok: false, retryAfterSeconds: 40 });
    expect(counter.fail('b')).toEqual({ ok: true, retryAfterSeconds: 0 });
    now = T0 + 60_000;
    expect(counter.fail('a')).toEqual({ ok: true, retryAfterSeconds: 0 });
  });

  it('holds at most maxKeys values, dropping the oldest window first', () => {
    let now = T0;
    const counter = createFailureCounter({
      limit: 1,
      windowMs: 60_000,
      clock: () => new Date(now),
      maxKeys: 100,
    });
    counter.fail('first');
    counter.fail('first');
    for (let i = 0; i < 1000; i++) {
      now += 1;
      counter.fail(`junk-${i}`);
    }
    expect(counter.size).toBe(100);
    // 'first' was dropped with the oldest windows: it starts over.
    expect(counter.fail('first').ok).toBe(true);
  });

  it('forgets expired values as new ones come, without waiting for the bound', () => {
    let now = T0;
    const counter = createFailureCounter({ limit: 1, windowMs: 1_000, clock: () => new Date(now) });
    for (let i = 0; i < 50; i++) counter.fail(`old-${i}`);
    now += 1_000;
    counter.fail('new');
    expect(counter.size).toBe(1);
  });
});
