import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createMetrics } from '../../src/server/core/metrics';
import { type FakeProvider, startFakeGemini } from '../fakes/gemini';
import { startFakeOpenAI } from '../fakes/openai';
import { geminiEnv, makeEngine, manualClock } from './helpers';

/**
 * Issue 27: the providers' health is probed, not inferred from traffic. An idle lane is asked its
 * cheapest call (Gemini's model card, GET /models) each probe interval; two failed probes open its
 * breaker so members' calls go to the fallback at once, and a probe that answers brings traffic
 * back before any member's message is risked on it. Time is the engine's clock, moved by hand.
 */
let gemini: FakeProvider;
let openai: FakeProvider;
beforeAll(async () => {
  [gemini, openai] = await Promise.all([startFakeGemini(), startFakeOpenAI()]);
});
afterAll(async () => {
  await Promise.all([gemini.close(), openai.close()]);
});
beforeEach(() => {
  gemini.reset();
  openai.reset();
});

const env = () => ({
  ...geminiEnv(gemini.url),
  OPENAI_BASE_URL: openai.url,
  OPENAI_MODEL: 'fallback-model',
  TRANSLATION_FALLBACK: 'openai',
});

describe('provider health probe', () => {
  it('idle lanes are probed on their cheapest endpoint; down after two failures (traffic to the fallback), back after one answer', async () => {
    const time = manualClock('2026-11-26T04:00:00Z');
    const e = await makeEngine(env(), {
      clock: time.clock,
      options: { attempts: 1, probeEveryMs: 30_000, probeFailuresToOpen: 2, breakerCooldownMs: 600_000 },
    });
    try {
      const probe = e.translator.probe as () => Promise<{ lane: string; state: string }[]>;
      expect(e.translator.health?.().map((h) => h.state)).toEqual(['unknown', 'unknown']);
      const first = await probe();
      expect(first).toMatchObject([
        { lane: 'gemini:gemini-test', state: 'up' },
        { lane: 'openai-compatible:fallback-model', state: 'up' },
      ]);
      expect(gemini.requests.map((r) => `${r.method} ${r.path.split('?')[0]}`)).toEqual([
        'GET /v1beta/models/gemini-test',
      ]);
      expect(openai.requests.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /v1/models']);

      // Not due yet: nothing is asked.
      time.advance(10_000);
      await probe();
      expect(gemini.requests).toHaveLength(1);

      // Gemini goes down while idle: one failed probe says down, the second opens its breaker.
      gemini.respondWith(() => ({ status: 503 }));
      time.advance(30_000);
      expect((await probe())[0]).toMatchObject({ state: 'down' });
      time.advance(30_000);
      expect((await probe())[0]).toMatchObject({ state: 'down' });
      const probesSoFar = gemini.requests.length;
      // A member's message now goes straight to the fallback: Gemini is not asked.
      const served = await e.translator.translate({
        text: 'Hello there',
        targets: ['es'],
        source: 'en',
        origin: 'context-menu',
      });
      expect(served.provider).toBe('openai-compatible:fallback-model');
      expect(gemini.requests).toHaveLength(probesSoFar);

      // Back: the next probe answers, the breaker closes long before its cooldown, traffic returns.
      gemini.reset();
      time.advance(30_000);
      expect((await probe())[0]).toMatchObject({ lane: 'gemini:gemini-test', state: 'up' });
      const back = await e.translator.translate({
        text: 'Hello again',
        targets: ['es'],
        source: 'en',
        origin: 'context-menu',
      });
      expect(back.provider).toBe('gemini:gemini-test');
    } finally {
      await e.close();
    }
  });

  it('/metrics reports each lane as polyglot_provider_up from the probes', async () => {
    const time = manualClock('2026-11-26T05:00:00Z');
    const e = await makeEngine(env(), { clock: time.clock, options: { attempts: 1 } });
    try {
      openai.respondWith(() => ({ status: 401 }));
      await e.translator.probe?.();
      const metrics = createMetrics({
        counts: async () => ({ pending: 0 }) as never,
        oldestDueAgeMs: async () => 0,
      });
      metrics.providers.source = () => e.translator.health?.() ?? [];
      const text = await metrics.registry.metrics();
      expect(text).toContain('polyglot_provider_up{provider="gemini:gemini-test"} 1');
      expect(text).toContain('polyglot_provider_up{provider="openai-compatible:fallback-model"} 0');
      expect(e.translator.health?.()[1].problem).toMatch(/401/);
    } finally {
      await e.close();
    }
  });
});
