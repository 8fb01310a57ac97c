import { describe, expect, it } from 'vitest';
import { OverloadedError } from '../../src/server/translation';
import { createConcurrencyLimiter } from '../../src/server/translation/limiter';

/** Issue 24: the provider's capacity, not constants, sizes the calls in flight; servers share fairly. */

const deferred = () => {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => {
    resolve = r;
  });
  return { promise, resolve };
};

describe('adaptive concurrency (AIMD)', () => {
  it('grows while calls succeed and the limit is in use, and backs off on congestion', () => {
    const l = createConcurrencyLimiter({ min: 2, max: 300, initial: 8 });
    // More work than slots: the limit is what holds calls back.
    const gates = Array.from({ length: 400 }, () => deferred());
    for (const g of gates) void l.run('g', () => g.promise, 'low');
    expect(l.active).toBe(8);
    for (let i = 0; i < 200; i++) l.observe({ outcome: 'ok', latencyMs: 500 });
    expect(l.limit).toBeGreaterThanOrEqual(200);
    expect(l.active).toBe(Math.floor(l.limit));
    l.observe({ outcome: 'congested' });
    const after = l.limit;
    expect(after).toBeLessThan(160);
    // A second 429 in the same round trip does not cut again.
    l.observe({ outcome: 'congested' });
    expect(l.limit).toBe(after);
    for (const g of gates) g.resolve();
  });

  it('never grows past max or shrinks below min', () => {
    let t = 0;
    const l = createConcurrencyLimiter({ min: 3, max: 10, initial: 5, now: () => t });
    const gates = Array.from({ length: 50 }, () => deferred());
    for (const g of gates) void l.run('g', () => g.promise, 'low');
    for (let i = 0; i < 100; i++) l.observe({ outcome: 'ok', latencyMs: 100 });
    expect(l.limit).toBe(10);
    for (let i = 0; i < 20; i++) {
      t += 5_000;
      l.observe({ outcome: 'congested' });
    }
    expect(l.limit).toBe(3);
    for (const g of gates) g.resolve();
  });

  it('rising latency brings the limit down', () => {
    let t = 0;
    const l = createConcurrencyLimiter({ min: 1, max: 100, initial: 50, now: () => t });
    for (let i = 0; i < 20; i++) l.observe({ outcome: 'ok', latencyMs: 400 });
    const before = l.limit;
    for (let i = 0; i < 200; i++) {
      t += 1_000;
      l.observe({ outcome: 'ok', latencyMs: 4_000 });
    }
    expect(l.limit).toBeLessThan(before / 2);
  });
});

describe('fair shares', () => {
  it('a quiet server is served at the next free slot, ahead of a busy server’s queue', async () => {
    const l = createConcurrencyLimiter({ min: 2, max: 2, initial: 2 });
    const order: string[] = [];
    const gates = new Map<string, ReturnType<typeof deferred>>();
    const job = (guild: string, name: string) => {
      const g = deferred();
      gates.set(name, g);
      return l.run(
        guild,
        async () => {
          order.push(name);
          await g.promise;
        },
        'low',
      );
    };
    const all = [job('busy', 'b0'), job('busy', 'b1')];
    for (let i = 2; i < 10; i++) all.push(job('busy', `b${i}`));
    all.push(job('quiet', 'q0'));
    expect(order).toEqual(['b0', 'b1']);
    gates.get('b0')!.resolve();
    await new Promise((r) => setImmediate(r));
    // The busy server's next message took its turn already; the quiet one is next, not 8 behind.
    gates.get('b1')!.resolve();
    await new Promise((r) => setImmediate(r));
    expect(order.slice(0, 4)).toContain('q0');
    for (const g of gates.values()) g.resolve();
    for (let i = 0; i < 20; i++) {
      for (const g of gates.values()) g.resolve();
      await new Promise((r) => setImmediate(r));
    }
    await Promise.all(all);
    expect(order).toHaveLength(11);
  });

  it('sheds channel traffic that waited too long, never a command', async () => {
    const l = createConcurrencyLimiter({ min: 1, max: 1, initial: 1, maxWaitMs: 50 });
    const hold = deferred();
    const first = l.run('g', () => hold.promise, 'low');
    const late = l.run('g', async () => 'late', 'low');
    const command = l.run('g', async () => 'command', 'high');
    const err = await late.catch((e) => e);
    expect(err).toBeInstanceOf(OverloadedError);
    expect((err as OverloadedError).message).toMatch(/waited 0 s for the provider/);
    hold.resolve();
    await first;
    expect(await command).toBe('command');
  });
});
