import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { guildProviderKeys, translationLogs } from '../../db/schema';
import { open, secretsFrom } from '../../src/server/features/provider-keys/crypto';
import { type FakeDeepL, startFakeDeepL } from '../fakes/deepl';
import { type FakeProvider, startFakeGemini } from '../fakes/gemini';
import { startFakeOpenAI } from '../fakes/openai';
import { startTestServer, type TestServer } from '../helpers/server';

/**
 * Issue 28: a server's own provider key over /api/provider-key, against the fake Gemini (the
 * operator's provider), the fake DeepL (which refuses a wrong key with 403, as DeepL does) and the
 * fake OpenAI-compatible server on loopback; then the engine translating on it.
 */
const SECRET = Buffer.alloc(32, 7).toString('base64');
const DEEPL_KEY = 'deepl-test-key:fx';
let s: TestServer;
let gemini: FakeProvider;
let openai: FakeProvider;
let deepl: FakeDeepL;

beforeAll(async () => {
  gemini = await startFakeGemini();
  openai = await startFakeOpenAI();
  deepl = await startFakeDeepL(DEEPL_KEY);
  s = await startTestServer({
    env: {
      GEMINI_API_KEY: 'operator-key',
      GEMINI_BASE_URL: gemini.url,
      GEMINI_MODEL: 'gemini-test',
      DEEPL_SERVER_URL: deepl.url,
      PROVIDER_KEY_SECRET: SECRET,
      // The fakes listen on loopback (provider-keys-addresses.test.ts checks the default refuses it).
      PROVIDER_KEY_PRIVATE_URLS: 'true',
    },
    overrides: { translatorOptions: { attempts: 1, baseDelayMs: 1, batchWindowMs: 0 } },
    guilds: [
      { id: 'pk-plus', plan: 'plus' },
      { id: 'pk-free', plan: 'free' },
    ],
  });
});
afterAll(async () => {
  await s?.close();
  await Promise.all([gemini?.close(), openai?.close(), deepl?.close()]);
});

const path = (g: string) => `/api/provider-key?guildId=${g}`;
const rows = async (g: string) =>
  await s.services.db.select().from(guildProviderKeys).where(eq(guildProviderKeys.guildId, g)).all();
let n = 0;
/** A new text each time (a cached one would make no provider call). */
const translate = (guildId: string) =>
  s.services.translator.translate({
    text: `Good morning, friends (${++n})`,
    source: 'en',
    targets: ['de'],
    origin: 'context-menu',
    guildId,
  });
const lastLog = async (g: string) =>
  (await s.services.db.select().from(translationLogs).where(eq(translationLogs.guildId, g)).all()).at(-1);

describe('a server’s own provider key', () => {
  it('is a Plus capability: Free gets 403 naming the plan, nothing written', async () => {
    const res = await s.api(path('pk-free'), {
      method: 'PUT',
      admin: true,
      body: { provider: 'deepl', key: DEEPL_KEY },
    });
    expect(res.status).toBe(403);
    expect(res.json.error).toMatch(/Plus/);
    expect(await rows('pk-free')).toEqual([]);
  });

  it.each([
    [{ provider: 'mistral', key: 'abcdefghij' }, /provider: one of gemini, openai, deepl/],
    [{ provider: 'deepl' }, /key/],
    [{ provider: 'deepl', key: 'short' }, /key: too short/],
    [{ provider: 'deepl', key: 'abc defghijk' }, /key: a provider key has no spaces/],
    [{ provider: 'openai', key: 'sk-abcdefghij', model: 'gpt-4o-mini' }, /baseUrl/],
    [
      { provider: 'openai', key: 'sk-abcdefghij', baseUrl: 'ftp://x/v1', model: 'm' },
      /baseUrl: an http\(s\) URL/,
    ],
    [
      { provider: 'openai', key: 'sk-abcdefghij', baseUrl: 'https://u:p@x.example/v1', model: 'm' },
      /without a user or password/,
    ],
    [{ provider: 'gemini', key: 'AIzaabcdefgh', model: 'gemini 2.5' }, /model: letters, digits/],
    [{ provider: 'deepl', key: DEEPL_KEY, allowFallback: 'yes' }, /allowFallback/],
  ])('PUT %j is refused with a clear 400, nothing written', async (body, message) => {
    const res = await s.api(path('pk-plus'), { method: 'PUT', admin: true, body });
    expect(res.status).toBe(400);
    expect(res.json.error).toMatch(message);
    expect(await rows('pk-plus')).toEqual([]);
  });

  it('a key the provider refuses (401 / DeepL 403) is a clear 400 and nothing is written', async () => {
    openai.queue({ status: 401, body: { error: { message: 'Incorrect API key provided' } } });
    const refused = await s.api(path('pk-plus'), {
      method: 'PUT',
      admin: true,
      body: { provider: 'openai', key: 'sk-wrong-key-1234', baseUrl: openai.url, model: 'llama3' },
    });
    expect(refused.status).toBe(400);
    expect(refused.json.error).toMatch(/the provider refused this key \(HTTP 401\).*Nothing was saved/);
    expect(refused.text).not.toContain('sk-wrong-key-1234');
    expect(openai.requests.at(-1)?.path).toBe('/v1/models');
    const wrongDeepL = await s.api(path('pk-plus'), {
      method: 'PUT',
      admin: true,
      body: { provider: 'deepl', key: 'not-the-right-key:fx' },
    });
    expect(wrongDeepL.status).toBe(400);
    expect(wrongDeepL.json.error).toMatch(/refused this key \(HTTP 403\)/);
    expect(await rows('pk-plus')).toEqual([]);
  });

  it('PATCH and DELETE without a key are 404, nothing written', async () => {
    const patch = await s.api(path('pk-plus'), {
      method: 'PATCH',
      admin: true,
      body: { allowFallback: true },
    });
    expect(patch.status).toBe(404);
    const bad = await s.api(path('pk-plus'), { method: 'PATCH', admin: true, body: { allowFallback: 1 } });
    expect(bad.status).toBe(400);
    expect(bad.json.error).toMatch(/allowFallback/);
    const del = await s.api(path('pk-plus'), { method: 'DELETE', admin: true });
    expect(del.status).toBe(404);
  });

  it('is checked, kept encrypted (fresh IV per write), shown as its last 4; translations use it outside the allowance', async () => {
    const saved = await s.api(path('pk-plus'), {
      method: 'PUT',
      admin: true,
      body: { provider: 'deepl', key: DEEPL_KEY },
    });
    expect(saved.status).toBe(200);
    expect(saved.json.key).toMatchObject({
      provider: 'deepl',
      last4: 'y:fx',
      allowFallback: false,
      readable: true,
    });
    expect(saved.text).not.toContain(DEEPL_KEY);
    expect(deepl.requests.at(-1)?.path).toBe('/v2/usage');
    const [first] = await rows('pk-plus');
    expect(first.ciphertext).not.toContain('deepl-test');
    expect(Buffer.from(first.iv, 'base64')).toHaveLength(12);
    expect(Buffer.from(first.authTag, 'base64')).toHaveLength(16);
    const secrets = secretsFrom(s.services.env);
    if (!secrets) throw new Error('the secret is set in this test');
    expect(open(first, secrets, 'pk-plus')).toBe(DEEPL_KEY);
    // Bound to its server: the same row does not open as another's.
    expect(() => open(first, secrets, 'pk-free')).toThrow();
    const got = await s.api(path('pk-plus'), { admin: true });
    expect(got.text).not.toContain(DEEPL_KEY);
    expect(got.text).not.toContain(first.ciphertext);

    const resaved = await s.api(path('pk-plus'), {
      method: 'PUT',
      admin: true,
      body: { provider: 'deepl', key: DEEPL_KEY },
    });
    expect(resaved.status).toBe(200);
    const [second] = await rows('pk-plus');
    expect(second.iv).not.toBe(first.iv);

    const geminiCalls = gemini.requests.length;
    const result = await translate('pk-plus');
    expect(result.translations.de).toBe(`[de] Good morning, friends (${n})`);
    expect(result.provider).toBe('own:deepl:deepl');
    expect(gemini.requests.length).toBe(geminiCalls);
    expect((await lastLog('pk-plus'))?.provider).toBe('own:deepl:deepl');
    const usage = await s.api('/api/usage?guildId=pk-plus', { admin: true });
    expect(usage.json.used).toBe(0);
    expect((await s.api(path('pk-plus'), { admin: true })).json.usedThisMonth).toBe(1);
  });

  it('its key failing: no fallback unless allowed; with PATCH allowFallback the operator’s provider answers', async () => {
    deepl.down(503);
    try {
      await expect(translate('pk-plus')).rejects.toThrow(/DeepL/);
      expect((await lastLog('pk-plus'))?.outcome).toBe('error');
      const patched = await s.api(path('pk-plus'), {
        method: 'PATCH',
        admin: true,
        body: { allowFallback: true },
      });
      expect(patched.json.key.allowFallback).toBe(true);
      const result = await translate('pk-plus');
      expect(result.provider).toBe('gemini:gemini-test');
      expect((await lastLog('pk-plus'))?.provider).toBe('gemini:gemini-test');
      // The operator's provider answered: that one counts against the allowance.
      expect((await s.api('/api/usage?guildId=pk-plus', { admin: true })).json.used).toBe(1);
    } finally {
      deepl.reset();
    }
  });

  it('removed: the row is deleted and the operator’s provider translates again', async () => {
    const del = await s.api(path('pk-plus'), { method: 'DELETE', admin: true });
    expect(del.status).toBe(200);
    expect(del.json.key).toBeNull();
    expect(await rows('pk-plus')).toEqual([]);
    const result = await translate('pk-plus');
    expect(result.provider).toBe('gemini:gemini-test');
  });

  it('without PROVIDER_KEY_SECRET the feature says so and refuses writes, nothing written', async () => {
    const env = s.services.env;
    s.services.env = { ...env, PROVIDER_KEY_SECRET: undefined };
    try {
      const got = await s.api(path('pk-plus'), { admin: true });
      expect(got.json).toMatchObject({ available: false, key: null });
      expect(got.json.unavailableReason).toMatch(/PROVIDER_KEY_SECRET/);
      const put = await s.api(path('pk-plus'), {
        method: 'PUT',
        admin: true,
        body: { provider: 'deepl', key: DEEPL_KEY },
      });
      expect(put.status).toBe(412);
      expect(put.json.error).toMatch(/PROVIDER_KEY_SECRET/);
      expect(await rows('pk-plus')).toEqual([]);
    } finally {
      s.services.env = env;
    }
  });
});
