import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { rawRun } from '../../db/client';
import { type FakeProvider, startFakeGemini } from '../fakes/gemini';
import { type Engine, geminiEnv, makeEngine } from './helpers';

let fake: FakeProvider;
let e: Engine;
beforeAll(async () => {
  fake = await startFakeGemini();
  e = await makeEngine(geminiEnv(fake.url));
});
afterAll(async () => {
  await e.close();
  await fake.close();
});
beforeEach(() => fake.reset());

const TEN = ['es', 'fr', 'de', 'ja', 'zh', 'ko', 'pt', 'ru', 'ar', 'it'];

describe('one provider call per message', () => {
  it.each([
    [1, TEN.slice(0, 1)],
    [3, TEN.slice(0, 3)],
    [10, TEN],
  ])(
    '%i target language(s): one request carrying every language, every language answered',
    async (_n, targets) => {
      const text = `Welcome to the server, everyone! (${targets.length})`;
      const res = await e.translator.translate({ text, targets, source: 'en', origin: 'mirror' });
      expect(fake.requests).toHaveLength(1);
      expect(fake.requests[0].path).toBe('/v1beta/models/gemini-test:generateContent');
      expect(fake.requests[0].headers['x-goog-api-key']).toBe('test-key');
      expect(fake.requests[0].translation?.targets).toEqual(targets);
      // Structured output: JSON answer whose translations object is keyed by exactly these codes.
      const config = fake.requests[0].body.generationConfig;
      expect(config.responseMimeType).toBe('application/json');
      expect(config.responseSchema.properties.translations.required).toEqual(targets);
      expect(Object.keys(res.translations).sort()).toEqual([...targets].sort());
      for (const t of targets) expect(res.translations[t]).toBe(`[${t}] ${text}`);
      expect(res.usage?.calls).toBe(1);
    },
  );
});

describe('cache', () => {
  it('a repeated message is served from memory without a call; another tone is a new call', async () => {
    const text = 'The raid starts at nine, bring potions';
    const first = await e.translator.translate({
      text,
      targets: ['es', 'de'],
      source: 'en',
      origin: 'mirror',
    });
    expect(fake.requests).toHaveLength(1);
    const again = await e.translator.translate({
      text,
      targets: ['es', 'de'],
      source: 'en',
      origin: 'mirror',
    });
    expect(fake.requests).toHaveLength(1);
    expect(again.translations).toEqual(first.translations);
    expect(again.usage).toMatchObject({ calls: 0, cached: ['es', 'de'] });

    // Part cached: only the new language is asked.
    await e.translator.translate({ text, targets: ['es', 'fr'], source: 'en', origin: 'mirror' });
    expect(fake.requests).toHaveLength(2);
    expect(fake.requests[1].translation?.targets).toEqual(['fr']);

    await e.translator.translate({ text, targets: ['es'], source: 'en', tone: 'formal', origin: 'mirror' });
    expect(fake.requests).toHaveLength(3);
  });
});

describe('language detection', () => {
  it('skips a target the message is already in, and asks only for the others', async () => {
    const res = await e.translator.translate({
      text: 'Bonjour à tous, qui joue ce soir avec nous ?',
      targets: ['fr', 'en'],
      origin: 'mirror',
    });
    expect(res.source).toBe('fr');
    expect(res.detectedBy).toBe('local');
    expect(res.skipped).toEqual(['fr']);
    expect(Object.keys(res.translations)).toEqual(['en']);
    expect(fake.requests[0].translation?.targets).toEqual(['en']);
    expect(fake.requests[0].translation?.source).toBe('fr');
  });

  it('makes no call at all when every target is the message language', async () => {
    const res = await e.translator.translate({
      text: 'Hallo zusammen, wer spielt heute Abend mit?',
      targets: ['de'],
      origin: 'mirror',
    });
    expect(res).toMatchObject({ source: 'de', skipped: ['de'], translations: {} });
    expect(fake.requests).toHaveLength(0);
  });

  it('leaves short text to the provider, which reports the source in its JSON', async () => {
    fake.respondWith(() => ({ json: { source: 'fr', translations: { en: 'thanks', de: 'danke' } } }));
    const res = await e.translator.translate({ text: 'merci !', targets: ['en', 'de'], origin: 'mirror' });
    expect(fake.requests[0].translation?.source).toBeNull();
    expect(res).toMatchObject({
      source: 'fr',
      detectedBy: 'provider',
      translations: { en: 'thanks', de: 'danke' },
    });
  });

  it('drops a target the provider says is the source language', async () => {
    fake.respondWith(() => ({ json: { source: 'es', translations: { es: 'hola', en: 'hello' } } }));
    const res = await e.translator.translate({ text: 'hola', targets: ['es', 'en'], origin: 'mirror' });
    expect(res.skipped).toEqual(['es']);
    expect(res.translations).toEqual({ en: 'hello' });
    // Again from the cache: same answer, no call.
    const again = await e.translator.translate({ text: 'hola', targets: ['es', 'en'], origin: 'mirror' });
    expect(again).toMatchObject({ source: 'es', skipped: ['es'], translations: { en: 'hello' } });
    expect(fake.requests).toHaveLength(1);
  });
});

describe('tone and context', () => {
  it('sends the tone and the previous messages as context, and the context is never part of the answer', async () => {
    const context = ['who has the key?', 'I think Sam does'];
    const res = await e.translator.translate({
      text: 'He left it at the gate',
      targets: ['es'],
      source: 'en',
      tone: 'formal',
      context,
      origin: 'mirror',
    });
    const sent = fake.requests[0];
    // The tone is in the system instruction (after its fixed prefix), not repeated in the message.
    expect(sent.translation?.tone).toBeUndefined();
    expect(sent.translation?.context).toEqual(context);
    expect(sent.body.systemInstruction.parts[0].text).toMatch(/formal/);
    expect(sent.body.systemInstruction.parts[0].text).toMatch(/never translate them/);
    expect(res.translations.es).toBe('[es] He left it at the gate');
    expect(res.translations.es).not.toContain('Sam');
  });
});

describe('messages with nothing to translate', () => {
  it('passes an emoji-and-link-only message through unchanged without a call', async () => {
    const text = '👍 <@123456789> https://example.com/clip';
    const res = await e.translator.translate({ text, targets: ['es', 'ja'], source: 'en', origin: 'mirror' });
    expect(res.translations).toEqual({ es: text, ja: text });
    expect(fake.requests).toHaveLength(0);
  });
});

describe('bad requests', () => {
  it('names the field of an unusable request', async () => {
    await expect(e.translator.translate({ text: '  ', targets: ['es'], origin: 'cli' })).rejects.toThrow(
      /^text:/,
    );
    await expect(e.translator.translate({ text: 'hi', targets: [], origin: 'cli' })).rejects.toThrow(
      /^targets:/,
    );
    await expect(
      e.translator.translate({ text: 'hi', targets: ['spanish!'], origin: 'cli' }),
    ).rejects.toThrow(/"spanish!" is not a language code/);
    await expect(
      e.translator.translate({ text: 'hi', targets: ['es'], tone: 'angry' as 'formal', origin: 'cli' }),
    ).rejects.toThrow('tone: must be casual or formal');
    expect(fake.requests).toHaveLength(0);
  });
});

describe('guild settings', () => {
  it('contextPreservation off drops the context; autoDetect off leaves detection to the provider; tone defaults to the guild', async () => {
    await rawRun(e.db, sql`insert into guilds (id, name) values ('g-settings', '')`);
    await rawRun(
      e.db,
      sql`insert into translation_settings (guild_id, auto_detect, translation_tone, context_preservation) values ('g-settings', 0, 'formal', 0)`,
    );
    await e.translator.translate({
      text: 'Bonjour à tous, qui joue ce soir avec nous ?',
      targets: ['en'],
      context: ['an earlier message'],
      origin: 'mirror',
      guildId: 'g-settings',
    });
    const sent = fake.requests[0].translation!;
    expect(sent.context).toEqual([]);
    expect(sent.source).toBeNull();
    expect(fake.requests[0].body.systemInstruction.parts[0].text).toMatch(/Register: polite and formal/);
  });
});
