import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CircuitOpenError, ProviderFailedError } from '../../src/server/translation';
import { type FakeProvider, startFakeGemini } from '../fakes/gemini';
import { geminiEnv, makeEngine, manualClock } from './helpers';

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
      const started = Date.now();
      const err = await e.translator.translate(msg('Anyone there?')).catch((x) => x);
      expect(err).toBeInstanceOf(ProviderFailedError);
      expect(err.message).toBe('gemini did not answer within 200 ms (after 2 attempts)');
      expect(fake.requests).toHaveLength(2);
      expect(Date.now() - started).toBeLessThan(5_000);
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

describe('concurrency', () => {
  it('never has more calls in flight than the per-guild bound', async () => {
    const e = await makeEngine(geminiEnv(fake.url), { options: { perGuildConcurrency: 2, concurrency: 8 } });
    try {
      let inFlight = 0;
      let peak = 0;
      fake.respondWith(async (req) => {
        inFlight += 1;
        peak = Math.max(peak, inFlight);
        await new Promise((r) => setTimeout(r, 100));
        inFlight -= 1;
        return { json: { source: 'en', translations: { es: `[es] ${req.translation?.text}` } } };
      });
      const all = Array.from({ length: 8 }, (_, i) =>
        e.translator.translate({ ...msg(`parallel message ${i}`), guildId: 'g-conc' }),
      );
      const results = await Promise.all(all);
      expect(results.map((r) => r.translations.es)).toEqual(
        Array.from({ length: 8 }, (_, i) => `[es] parallel message ${i}`),
      );
      expect(peak).toBe(2);
    } finally {
      await e.close();
    }
  });

  it('never has more calls in flight than the global bound, across guilds', async () => {
    const e = await makeEngine(geminiEnv(fake.url), { options: { perGuildConcurrency: 4, concurrency: 3 } });
    try {
      let inFlight = 0;
      let peak = 0;
      fake.respondWith(async (req) => {
        inFlight += 1;
        peak = Math.max(peak, inFlight);
        await new Promise((r) => setTimeout(r, 100));
        inFlight -= 1;
        return { json: { source: 'en', translations: { es: `[es] ${req.translation?.text}` } } };
      });
      await Promise.all(
        Array.from({ length: 9 }, (_, i) =>
          e.translator.translate({ ...msg(`global message ${i}`), guildId: `g-global-${i % 3}` }),
        ),
      );
      expect(fake.requests).toHaveLength(9);
      expect(peak).toBe(3);
    } finally {
      await e.close();
    }
  });
});
