import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { translationLogs } from '../../db/schema';
import { loadEnv } from '../../src/server/core/env';
import { createMetrics } from '../../src/server/core/metrics';
import { measuredTranslator } from '../../src/server/core/metrics-translator';
import { ProviderFailedError } from '../../src/server/translation';
import { type FakeDeepL, startFakeDeepL } from '../fakes/deepl';
import { type FakeProvider, startFakeGemini } from '../fakes/gemini';
import { startFakeOpenAI } from '../fakes/openai';
import { geminiEnv, makeEngine, manualClock } from './helpers';

/**
 * Issue 28: provider failover. The operator's provider (Gemini) fails; calls go to the fallback
 * (an OpenAI-compatible server, or DeepL), one call for all languages still; the breaker keeps
 * traffic on the fallback while the first is down and brings it back after a successful probe.
 * When every provider fails the call fails (the bot marks the message "not translated").
 */

let gemini: FakeProvider;
let openai: FakeProvider;
let deepl: FakeDeepL;
beforeAll(async () => {
  [gemini, openai, deepl] = await Promise.all([startFakeGemini(), startFakeOpenAI(), startFakeDeepL()]);
});
afterAll(async () => {
  await Promise.all([gemini.close(), openai.close(), deepl.close()]);
});
beforeEach(() => {
  gemini.reset();
  openai.reset();
  deepl.reset();
});

const withOpenAIFallback = () => ({
  ...geminiEnv(gemini.url),
  OPENAI_BASE_URL: openai.url,
  OPENAI_MODEL: 'fallback-model',
  TRANSLATION_FALLBACK: 'openai',
});
const withDeepL = (first: 'gemini' | 'deepl') => ({
  ...geminiEnv(gemini.url),
  DEEPL_API_KEY: 'deepl-test-key:fx',
  DEEPL_SERVER_URL: deepl.url,
  TRANSLATION_PROVIDER: first,
  TRANSLATION_FALLBACK: first === 'gemini' ? 'deepl' : 'gemini',
});

describe('failover', () => {
  it('the primary down: the fallback serves in one call for all languages; the breaker keeps it there, then switches back', async () => {
    const time = manualClock('2026-11-26T03:00:00Z');
    const e = await makeEngine(withOpenAIFallback(), {
      clock: time.clock,
      options: { attempts: 2, breakerThreshold: 2, breakerCooldownMs: 60_000 },
    });
    try {
      gemini.respondWith(() => ({ status: 503 }));
      const ask = (text: string) =>
        e.translator.translate({ text, targets: ['es', 'de', 'fr'], source: 'en', origin: 'context-menu' });
      const first = await ask('Server is down');
      expect(first.provider).toBe('openai-compatible:fallback-model');
      expect(first.translations).toEqual({
        es: '[es] Server is down',
        de: '[de] Server is down',
        fr: '[fr] Server is down',
      });
      // Gemini was tried with its retries; the fallback got the three languages in one call.
      expect(gemini.requests).toHaveLength(2);
      expect(openai.requests).toHaveLength(1);
      expect(openai.requests[0].translation?.targets).toEqual(['es', 'de', 'fr']);

      await ask('Still down'); // second failure in a row: Gemini's breaker opens
      expect(gemini.requests).toHaveLength(4);
      const third = await ask('Breaker open');
      expect(third.provider).toBe('openai-compatible:fallback-model');
      expect(gemini.requests).toHaveLength(4); // not asked while its breaker is open

      // Gemini recovers; after the cooldown one probe goes to it and traffic is back.
      gemini.reset();
      time.advance(60_000);
      const back = await ask('Recovered');
      expect(back.provider).toBe('gemini:gemini-test');
      expect(gemini.requests).toHaveLength(1);
      expect(openai.requests).toHaveLength(3);
    } finally {
      await e.close();
    }
  });

  it("a micro-batch of a channel's messages fails over as one batch", async () => {
    const e = await makeEngine(withOpenAIFallback(), { options: { attempts: 1 } });
    try {
      // A failing primary whose first call is held until the channel's next messages gather behind it.
      let open: () => void = () => {};
      const gate = new Promise<void>((r) => {
        open = r;
      });
      gemini.respondWith(async () => {
        if (gemini.requests.length === 1) await gate;
        return { status: 500 };
      });
      const ask = (text: string) =>
        e.translator.translate({
          text,
          targets: ['es', 'ja'],
          source: 'en',
          origin: 'mirror',
          guildId: 'g-fail',
          channelId: 'c-fail',
        });
      const a = ask('One');
      await expect.poll(() => gemini.requests.length).toBe(1);
      const rest = [ask('Two'), ask('Three')];
      await expect.poll(() => e.translator.gathering?.()).toBe(2);
      open();
      const [ra, rb, rc] = await Promise.all([a, ...rest]);
      for (const r of [ra, rb, rc]) expect(r.provider).toBe('openai-compatible:fallback-model');
      expect(rc.translations).toEqual({ es: '[es] Three', ja: '[ja] Three' });
      // "Two" and "Three" went together to Gemini and together to the fallback (in the order they
      // reached the batcher: on PostgreSQL each first reads the server's settings).
      const batch = openai.requests.find((r) => r.translation?.messages);
      expect(batch?.translation?.messages?.map((m) => m.text).sort()).toEqual(['Three', 'Two']);
      expect(openai.requests).toHaveLength(2);
    } finally {
      await e.close();
    }
  });

  it('DeepL first: a call with a language DeepL lacks goes to the fallback whole; the others stay on DeepL', async () => {
    const e = await makeEngine(withDeepL('deepl'));
    try {
      const onDeepL = await e.translator.translate({
        text: 'Hi',
        targets: ['de', 'ja'],
        source: 'en',
        origin: 'cli',
      });
      expect(onDeepL.provider).toBe('deepl:deepl');
      const mixed = await e.translator.translate({
        text: 'Hi',
        targets: ['de', 'yo'],
        source: 'en',
        origin: 'cli',
      });
      expect(mixed.provider).toBe('gemini:gemini-test');
      expect(mixed.translations).toEqual({ de: '[de] Hi', yo: '[yo] Hi' });
      expect(deepl.requests.map((r) => r.targetLang)).toEqual(['de', 'ja']);
      expect(gemini.requests).toHaveLength(1);
    } finally {
      await e.close();
    }
  });

  it('Gemini down, DeepL as fallback: translated by DeepL, counted by provider in the metrics', async () => {
    const e = await makeEngine(withDeepL('gemini'), { options: { attempts: 1 } });
    const metrics = createMetrics({
      counts: async () => ({}) as never,
      oldestDueAgeMs: async () => 0,
    } as never);
    const measured = measuredTranslator(e.translator, metrics);
    try {
      gemini.respondWith(() => ({ status: 429 }));
      const res = await measured.translate({
        text: 'Hello',
        targets: ['fr'],
        source: 'en',
        origin: 'mirror',
      });
      expect(res.translations.fr).toBe('[fr] Hello');
      expect(res.provider).toBe('deepl:deepl');
      gemini.reset();
      await measured.translate({ text: 'Hello again', targets: ['fr'], source: 'en', origin: 'mirror' });
      const served = await metrics.served.get();
      const by = Object.fromEntries(served.values.map((v) => [v.labels.provider, v.value]));
      expect(by).toEqual({ 'deepl:deepl': 1, 'gemini:gemini-test': 1 });
    } finally {
      await e.close();
    }
  });

  it('every provider down: the call fails with the last error and the log says error (nothing lost in silence)', async () => {
    const e = await makeEngine(withOpenAIFallback(), { options: { attempts: 1 } });
    try {
      gemini.respondWith(() => ({ status: 503 }));
      openai.respondWith(() => ({ status: 502 }));
      const err = await e.translator
        .translate({
          text: 'Nobody home',
          targets: ['es'],
          source: 'en',
          origin: 'mirror',
          guildId: 'g-down',
        })
        .catch((x) => x);
      expect(err).toBeInstanceOf(ProviderFailedError);
      expect(err.message).toMatch(/^OpenAI-compatible server answered 502/);
      const logs = await e.db
        .select()
        .from(translationLogs)
        .where(eq(translationLogs.guildId, 'g-down'))
        .all();
      expect(logs.map((l) => l.outcome)).toEqual(['error']);
    } finally {
      await e.close();
    }
  });
});

describe('failover settings', () => {
  it('a fallback that is not configured, or is the first provider, is refused at start with the variable named', () => {
    expect(() => loadEnv({ GEMINI_API_KEY: 'k', TRANSLATION_FALLBACK: 'deepl' })).toThrow(
      'TRANSLATION_FALLBACK: TRANSLATION_FALLBACK=deepl but DEEPL_API_KEY is not set',
    );
    expect(() => loadEnv({ GEMINI_API_KEY: 'k', TRANSLATION_FALLBACK: 'gemini' })).toThrow(
      'TRANSLATION_FALLBACK=gemini is the first provider already',
    );
    expect(() => loadEnv({ GEMINI_API_KEY: 'k', TRANSLATION_FALLBACK: 'libre' })).toThrow(
      'TRANSLATION_FALLBACK',
    );
    expect(() => loadEnv({ DEEPL_SERVER_URL: 'ftp://x' })).toThrow('DEEPL_SERVER_URL must be an http(s) URL');
  });
});
