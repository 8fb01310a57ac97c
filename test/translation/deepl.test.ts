import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { MissingTranslationsError, ProviderFailedError } from '../../src/server/translation';
import { type FakeDeepL, startFakeDeepL } from '../fakes/deepl';
import { makeEngine } from './helpers';

/**
 * Issue 28: DeepL as a provider, through deepl-node against a fake speaking DeepL's wire format
 * (form-encoded POST /v2/translate, one target per request). One engine call for N languages is N
 * DeepL requests; placeholders, formality and DeepL's language list are checked on the wire.
 */

let fake: FakeDeepL;
beforeAll(async () => {
  fake = await startFakeDeepL();
});
afterAll(() => fake.close());
beforeEach(() => fake.reset());

const deeplEnv = (key = 'deepl-test-key:fx') => ({ DEEPL_API_KEY: key, DEEPL_SERVER_URL: fake.url });

describe('DeepL provider', () => {
  it('translates into every target, one DeepL request each, mentions and emoji kept byte for byte', async () => {
    const e = await makeEngine(deeplEnv());
    try {
      expect(e.translator.provider).toBe('deepl:deepl');
      const res = await e.translator.translate({
        text: 'Fish & chips <3 for <@123456> :wave:',
        targets: ['de', 'en', 'pt-BR'],
        source: 'fr',
        origin: 'context-menu',
      });
      expect(res.provider).toBe('deepl:deepl');
      expect(res.translations).toEqual({
        de: '[de] Fish & chips <3 for <@123456> :wave:',
        en: '[en-us] Fish & chips <3 for <@123456> :wave:',
        'pt-BR': '[pt-br] Fish & chips <3 for <@123456> :wave:',
      });
      const sent = fake.requests.filter((r) => r.path === '/v2/translate');
      expect(sent.map((r) => r.targetLang).sort()).toEqual(['de', 'en-US', 'pt-BR']);
      // The SDK's wire: the key in DeepL's header, XML placeholders, casual tone → prefer_less.
      for (const r of sent) {
        expect(r.auth).toBe('DeepL-Auth-Key deepl-test-key:fx');
        expect(r.texts).toEqual(['Fish &amp; chips &lt;3 for <x i="0"/> <x i="1"/>']);
        expect(r.tagHandling).toBe('xml');
        expect(r.formality).toBe('prefer_less');
        expect(r.sourceLang).toBe('fr');
      }
    } finally {
      await e.close();
    }
  });

  it('formal tone asks DeepL for the formal register', async () => {
    const e = await makeEngine(deeplEnv());
    try {
      await e.translator.translate({
        text: 'Welcome',
        targets: ['de'],
        source: 'en',
        tone: 'formal',
        origin: 'cli',
      });
      expect(fake.requests[0].formality).toBe('prefer_more');
    } finally {
      await e.close();
    }
  });

  it('a language DeepL lacks is never sent to it and is reported missing; the others are kept', async () => {
    const e = await makeEngine(deeplEnv());
    try {
      const err = await e.translator
        .translate({ text: 'Good morning', targets: ['de', 'am', 'fr-CA'], source: 'en', origin: 'cli' })
        .catch((x) => x);
      expect(err).toBeInstanceOf(MissingTranslationsError);
      expect(err.missing).toEqual(['am', 'fr-CA']);
      expect(err.partial).toEqual({ de: '[de] Good morning' });
      expect(fake.requests.map((r) => r.targetLang)).toEqual(['de']);
    } finally {
      await e.close();
    }
  });

  it('messages gathered behind a call in flight go as one text list per target', async () => {
    const e = await makeEngine(deeplEnv());
    try {
      const ask = (text: string) =>
        e.translator.translate({
          text,
          targets: ['es', 'ja'],
          source: 'en',
          origin: 'mirror',
          guildId: 'g-deepl',
          channelId: 'c-1',
        });
      const release = fake.hold();
      const first = ask('First message');
      // The first call (one request per target) is held on the wire until the next two gather
      // behind it (on PostgreSQL each first reads the server's settings: no fixed delay is enough).
      await vi.waitFor(() => expect(fake.requests).toHaveLength(2), { timeout: 30_000 });
      const rest = Promise.all([ask('Second message'), ask('Third message')]);
      await vi.waitFor(() => expect(e.translator.gathering?.()).toBe(2), { timeout: 30_000 });
      release();
      const [b, c] = await rest;
      expect((await first).translations).toEqual({ es: '[es] First message', ja: '[ja] First message' });
      expect(b.translations).toEqual({ es: '[es] Second message', ja: '[ja] Second message' });
      expect(c.translations).toEqual({ es: '[es] Third message', ja: '[ja] Third message' });
      expect(fake.requests).toHaveLength(4);
      // Together, in the order they reached the batcher.
      for (const r of fake.requests.slice(2))
        expect([...r.texts].sort()).toEqual(['Second message', 'Third message']);
    } finally {
      await e.close();
    }
  });

  it('429 is retried; 456 (quota) and 403 (wrong key) fail at once with DeepL named', async () => {
    const e = await makeEngine(deeplEnv());
    try {
      fake.fail(429, 1);
      const ok = await e.translator.translate({
        text: 'Again',
        targets: ['de'],
        source: 'en',
        origin: 'cli',
      });
      expect(ok.translations.de).toBe('[de] Again');
      expect(fake.requests).toHaveLength(2);

      fake.reset();
      fake.fail(456, 1);
      const quota = await e.translator
        .translate({ text: 'Quota', targets: ['de'], source: 'en', origin: 'cli' })
        .catch((x) => x);
      expect(quota).toBeInstanceOf(ProviderFailedError);
      expect(quota.message).toMatch(/^DeepL answered 456: Quota for this billing period has been exceeded/);
      expect(fake.requests).toHaveLength(1);
    } finally {
      await e.close();
    }
    const wrong = await makeEngine(deeplEnv('not-the-key'));
    try {
      fake.reset();
      const err = await wrong.translator
        .translate({ text: 'Key', targets: ['de'], source: 'en', origin: 'cli' })
        .catch((x) => x);
      expect(err).toBeInstanceOf(ProviderFailedError);
      expect(err.message).toMatch(/^DeepL answered 403: Authorization failure/);
      expect(err.message).not.toContain('not-the-key');
    } finally {
      await wrong.close();
    }
  });
});
