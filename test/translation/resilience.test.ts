import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { CircuitOpenError, ProviderFailedError } from '../../src/server/translation';
import { type FakeProvider, startFakeGemini } from '../fakes/gemini';
import { type Engine, geminiEnv, makeEngine, manualClock } from './helpers';

/** vi.waitFor's bound (its default, 1 s, passes on a loaded machine): a limit on waiting, not a speed target. */
const WAIT = { timeout: 30_000 };

let fake: FakeProvider;
beforeAll(async () => {
  fake = await startFakeGemini();
});
afterAll(() => fake.close());
beforeEach(() => fake.reset());

const msg = (text: string) => ({ text, targets: ['es'], source: 'en', origin: 'mirror' as const });

describe('retries', () => {
  it('429 with Retry-After: waits what the provider asked, then succeeds', async () => {
    const e = await makeEngine(geminiEnv(fake.url));
    try {
      fake.queue({ status: 429, headers: { 'retry-after': '1' } });
      const started = Date.now();
      const res = await e.translator.translate(msg('Rate limited hello'));
      const waited = Date.now() - started;
      expect(res.translations.es).toBe('[es] Rate limited hello');
      expect(fake.requests).toHaveLength(2);
      expect(waited).toBeGreaterThanOrEqual(950);
    } finally {
      await e.close();
    }
  });

  it('5xx is retried with backoff up to the attempt limit, then fails with a readable message', async () => {
    const e = await makeEngine(geminiEnv(fake.url), { options: { attempts: 3 } });
    try {
      fake.respondWith(() => ({ status: 503 }));
      const err = await e.translator.translate(msg('Server trouble')).catch((x) => x);
      expect(err).toBeInstanceOf(ProviderFailedError);
      expect(err.message).toBe('Gemini answered 503: fake error 503 (after 3 attempts)');
      expect(fake.requests).toHaveLength(3);
    } finally {
      await e.close();
    }
  });

  it('a Retry-After beyond our patience fails at once and says how long the provider asked for', async () => {
    const e = await makeEngine(geminiEnv(fake.url), { options: { maxRetryAfterMs: 5_000 } });
    try {
      fake.queue({ status: 429, headers: { 'retry-after': '120' } });
      const err = await e.translator.translate(msg('Patience')).catch((x) => x);
      expect(err).toBeInstanceOf(ProviderFailedError);
      expect(err.message).toMatch(/Gemini answered 429: .*the provider asks to wait 120 s/);
      expect(fake.requests).toHaveLength(1);
    } finally {
      await e.close();
    }
  });

  it('a 400 is not retried', async () => {
    const e = await makeEngine(geminiEnv(fake.url));
    try {
      fake.queue({
        status: 400,
        body: { error: { code: 400, message: 'API key not valid', status: 'INVALID_ARGUMENT' } },
      });
      const err = await e.translator.translate(msg('Bad key')).catch((x) => x);
      expect(err.message).toBe('Gemini answered 400: API key not valid');
      expect(fake.requests).toHaveLength(1);
    } finally {
      await e.close();
    }
  });
});

describe('timeout', () => {
  it('a provider that never answers fails after the timeout on every attempt, with a readable message', async () => {
    const e = await makeEngine(geminiEnv(fake.url), { options: { timeoutMs: 200, attempts: 2 } });
    try {
      fake.respondWith(() => ({ hang: true }));
      const err = await e.translator.translate(msg('Anyone there?')).catch((x) => x);
      expect(err).toBeInstanceOf(ProviderFailedError);
      expect(err.message).toBe('gemini did not answer within 200 ms (after 2 attempts)');
      expect(fake.requests).toHaveLength(2);
    } finally {
      await e.close();
    }
  });
});

describe('circuit breaker', () => {
  it('opens after repeated failures (fast failures, no calls), then a probe after the cooldown closes it', async () => {
    const t = manualClock('2026-05-01T10:00:00Z');
    const e = await makeEngine(geminiEnv(fake.url), {
      clock: t.clock,
      options: { attempts: 1, breakerThreshold: 3, breakerCooldownMs: 30_000 },
    });
    try {
      fake.respondWith(() => ({ status: 500 }));
      for (let i = 0; i < 3; i++) {
        await expect(e.translator.translate(msg(`outage ${i}`))).rejects.toBeInstanceOf(ProviderFailedError);
      }
      expect(fake.requests).toHaveLength(3);

      // Open: fails fast, the provider is not called.
      const open = await e.translator.translate(msg('outage 3')).catch((x) => x);
      expect(open).toBeInstanceOf(CircuitOpenError);
      expect(open.message).toMatch(/paused for 30 s/);
      expect(fake.requests).toHaveLength(3);

      // Half-open after the cooldown: one probe; it fails, so the circuit opens again.
      t.advance(30_000);
      await expect(e.translator.translate(msg('probe 1'))).rejects.toBeInstanceOf(ProviderFailedError);
      expect(fake.requests).toHaveLength(4);
      await expect(e.translator.translate(msg('probe 1b'))).rejects.toBeInstanceOf(CircuitOpenError);
      expect(fake.requests).toHaveLength(4);

      // The provider recovers: the next probe succeeds and the circuit closes.
      fake.respondWith((req) => ({
        json: { source: 'en', translations: { es: `[es] ${req.translation?.text}` } },
      }));
      t.advance(30_000);
      const ok = await e.translator.translate(msg('back again'));
      expect(ok.translations.es).toBe('[es] back again');
      const after = await e.translator.translate(msg('and again'));
      expect(after.translations.es).toBe('[es] and again');
      expect(fake.requests).toHaveLength(6);
    } finally {
      await e.close();
    }
  });
});

/**
 * Holds every provider call until the test lets it go, and lets them go one at a time, the oldest
 * first: before each, every call not yet answered is at the provider or waiting in the engine for a
 * slot (the engine's own count), so what is at the provider then is all the bound lets through.
 * Returns how many were at the provider at each step.
 */
async function releaseOneByOne(
  e: Engine,
  total: number,
  guildId: string | undefined,
  held: (() => void)[],
): Promise<number[]> {
  const atProvider: number[] = [];
  for (let answered = 0; answered < total; answered++) {
    await vi.waitFor(() => {
      const calls = e.translator.providerCalls?.(guildId) ?? { active: 0, waiting: 0 };
      expect(calls.active + calls.waiting).toBe(total - answered);
      expect(held).toHaveLength(calls.active);
    }, WAIT);
    atProvider.push(held.length);
    held.shift()?.();
  }
  return atProvider;
}

/** The fake provider answers each call once the test lets it go (pushed to `held`). */
function holdEveryCall(held: (() => void)[]) {
  fake.respondWith(async (req) => {
    await new Promise<void>((r) => held.push(r));
    return { json: { source: 'en', translations: { es: `[es] ${req.translation?.text}` } } };
  });
}

describe('concurrency', () => {
  it('never has more calls in flight than the per-guild bound', async () => {
    const e = await makeEngine(geminiEnv(fake.url), { options: { perGuildConcurrency: 2, concurrency: 8 } });
    try {
      const held: (() => void)[] = [];
      holdEveryCall(held);
      const all = Array.from({ length: 8 }, (_, i) =>
        e.translator.translate({ ...msg(`parallel message ${i}`), guildId: 'g-conc' }),
      );
      expect(await releaseOneByOne(e, 8, 'g-conc', held)).toEqual([2, 2, 2, 2, 2, 2, 2, 1]);
      const results = await Promise.all(all);
      expect(results.map((r) => r.translations.es)).toEqual(
        Array.from({ length: 8 }, (_, i) => `[es] parallel message ${i}`),
      );
    } finally {
      await e.close();
    }
  });

  it('never has more calls in flight than the global bound, across guilds', async () => {
    const e = await makeEngine(geminiEnv(fake.url), { options: { perGuildConcurrency: 4, concurrency: 3 } });
    try {
      const held: (() => void)[] = [];
      holdEveryCall(held);
      const all = Array.from({ length: 9 }, (_, i) =>
        e.translator.translate({ ...msg(`global message ${i}`), guildId: `g-global-${i % 3}` }),
      );
      expect(await releaseOneByOne(e, 9, undefined, held)).toEqual([3, 3, 3, 3, 3, 3, 3, 2, 1]);
      await Promise.all(all);
      expect(fake.requests).toHaveLength(9);
    } finally {
      await e.close();
    }
  });
});
