import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { TranslationUnavailableError } from '../../src/server/core/translator';
import { type FakeProvider, startFakeOpenAI } from '../fakes/openai';
import { type Engine, makeEngine } from './helpers';

let fake: FakeProvider;
let e: Engine;
beforeAll(async () => {
  fake = await startFakeOpenAI();
  e = await makeEngine({ OPENAI_BASE_URL: fake.url, OPENAI_API_KEY: 'sk-test', OPENAI_MODEL: 'llama3.1:8b' });
});
afterAll(async () => {
  await e.close();
  await fake.close();
});
beforeEach(() => fake.reset());

describe('OpenAI-compatible provider', () => {
  it('is chosen when OPENAI_BASE_URL is set and no Gemini key is', () => {
    expect(e.translator.provider).toBe('openai-compatible:llama3.1:8b');
  });

  it('sends one chat completion for all languages in JSON mode and reads the answer', async () => {
    const res = await e.translator.translate({
      text: 'Hello <@123456789>, see you at 8 🎉',
      targets: ['es', 'ja', 'ar'],
      source: 'en',
      origin: 'mirror',
    });
    expect(fake.requests).toHaveLength(1);
    const req = fake.requests[0];
    expect(req.path).toBe('/v1/chat/completions');
    expect(req.headers.authorization).toBe('Bearer sk-test');
    expect(req.body).toMatchObject({ model: 'llama3.1:8b', response_format: { type: 'json_object' } });
    expect(req.body.messages.map((m: { role: string }) => m.role)).toEqual(['system', 'user']);
    expect(req.translation?.text).toBe('Hello {{0}}, see you at 8 {{1}}');
    expect(res.translations).toEqual({
      es: '[es] Hello <@123456789>, see you at 8 🎉',
      ja: '[ja] Hello <@123456789>, see you at 8 🎉',
      ar: '[ar] Hello <@123456789>, see you at 8 🎉',
    });
    expect(res.usage?.inputTokens).toBeGreaterThan(0);
  });

  it('honours Retry-After on 429 and accepts a ```json fenced answer', async () => {
    fake.queue(
      { status: 429, headers: { 'retry-after': '0' } },
      { text: '```json\n{"source":"en","translations":{"de":"Hallo"}}\n```' },
    );
    const res = await e.translator.translate({
      text: 'Hello',
      targets: ['de'],
      source: 'en',
      origin: 'mirror',
    });
    expect(res.translations).toEqual({ de: 'Hallo' });
    expect(fake.requests).toHaveLength(2);
  });
});

describe('a server without JSON mode', () => {
  it('answers 400 about response_format once; the request is sent again without it, and so are the next ones', async () => {
    const plain = await makeEngine({ OPENAI_BASE_URL: fake.url, OPENAI_MODEL: 'tiny' });
    try {
      fake.respondWith((req) =>
        req.body.response_format
          ? {
              status: 400,
              body: { error: { message: 'Unrecognized request argument supplied: response_format' } },
            }
          : { json: { source: 'en', translations: { es: `[es] ${req.translation?.text}` } } },
      );
      const first = await plain.translator.translate({
        text: 'Hi there',
        targets: ['es'],
        source: 'en',
        origin: 'cli',
      });
      expect(first.translations.es).toBe('[es] Hi there');
      await plain.translator.translate({ text: 'Bye now', targets: ['es'], source: 'en', origin: 'cli' });
      expect(fake.requests.map((r) => 'response_format' in r.body)).toEqual([true, false, false]);
      expect(fake.requests[0].headers.authorization).toBeUndefined();
    } finally {
      await plain.close();
    }
  });
});

describe('no provider configured', () => {
  it('says so, and names what to set', async () => {
    const none = await makeEngine({});
    try {
      expect(none.translator.provider).toBeNull();
      const err = await none.translator
        .translate({ text: 'Hello', targets: ['es'], origin: 'cli' })
        .catch((x) => x);
      expect(err).toBeInstanceOf(TranslationUnavailableError);
      expect(err.message).toBe(
        'translation provider not configured: set GEMINI_API_KEY (Gemini), OPENAI_BASE_URL (an OpenAI-compatible server) or DEEPL_API_KEY (DeepL)',
      );
    } finally {
      await none.close();
    }
  });

  it('prefers Gemini when both are configured', async () => {
    const both = await makeEngine({ GEMINI_API_KEY: 'k', OPENAI_BASE_URL: fake.url });
    try {
      expect(both.translator.provider).toBe('gemini:gemini-2.5-flash');
    } finally {
      await both.close();
    }
  });
});
