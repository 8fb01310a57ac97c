import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { rawAll } from '../../db/client';
import { AudioUnsupportedError } from '../../src/server/translation';
import {
  InvalidTranslationRequestError,
  QuotaExceededError,
  TranslationUnavailableError,
} from '../../src/server/core/translator';
import { FAKE_TRANSCRIPT, type FakeProvider, startFakeGemini } from '../fakes/gemini';
import { startFakeOpenAI } from '../fakes/openai';
import { seedGuild } from '../helpers/guilds';
import { type Engine, geminiEnv, makeEngine, seedUsage } from './helpers';

/** A real voice message: espeak-ng saying FAKE_TRANSCRIPT, encoded to Ogg Opus (6 KB). */
const VOICE = new Uint8Array(readFileSync(new URL('../fixtures/voice-message.ogg', import.meta.url)));

let gemini: FakeProvider;
let openai: FakeProvider;
let g: Engine;
let o: Engine;
let plain: Engine;
let none: Engine;
beforeAll(async () => {
  gemini = await startFakeGemini();
  openai = await startFakeOpenAI();
  g = await makeEngine(geminiEnv(gemini.url));
  o = await makeEngine({
    OPENAI_BASE_URL: openai.url,
    OPENAI_MODEL: 'llama3.1:8b',
    OPENAI_TRANSCRIBE_MODEL: 'whisper-1',
  });
  plain = await makeEngine({ OPENAI_BASE_URL: openai.url, OPENAI_MODEL: 'llama3.1:8b' });
  none = await makeEngine({});
});
afterAll(async () => {
  for (const e of [g, o, plain, none]) e.close();
  await gemini.close();
  await openai.close();
});
beforeEach(() => {
  gemini.reset();
  openai.reset();
});

const logs = async (e: Engine) =>
  await rawAll(
    e.db,
    sql`select target_language as t, source_language as s, characters as c, source as origin, outcome from translation_logs order by id`,
  );

describe('speech through Gemini (audio inline, one call)', () => {
  it('sends the audio inline once and reads transcript, language and every translation', async () => {
    await seedGuild({ db: g.db }, '111111111111111111', { plan: 'pro' });
    const res = await g.translator.translateAudio!({
      audio: VOICE,
      mimeType: 'audio/ogg',
      targets: ['es', 'fr', 'en'],
      origin: 'mirror',
      guildId: '111111111111111111',
      userId: '222222222222222222',
    });
    expect(gemini.requests).toHaveLength(1);
    const req = gemini.requests[0];
    expect(req.audio).toHaveLength(1);
    expect(req.audio[0].mimeType).toBe('audio/ogg');
    expect(Buffer.compare(req.audio[0].bytes, Buffer.from(VOICE))).toBe(0);
    expect(req.body.generationConfig.responseSchema.required).toEqual([
      'transcript',
      'source',
      'translations',
    ]);
    expect(res).toMatchObject({
      transcript: FAKE_TRANSCRIPT,
      source: 'en',
      translations: { es: `[es] ${FAKE_TRANSCRIPT}`, fr: `[fr] ${FAKE_TRANSCRIPT}` },
      skipped: ['en'],
    });
    // Counted against the allowance like text: one row per delivered language, the transcript's length.
    expect(await logs(g)).toEqual([
      { t: 'es', s: 'en', c: FAKE_TRANSCRIPT.length, origin: 'mirror', outcome: 'ok' },
      { t: 'fr', s: 'en', c: FAKE_TRANSCRIPT.length, origin: 'mirror', outcome: 'ok' },
    ]);
  });

  it('an answer missing a language is asked once more, and silence gives an empty transcript for free', async () => {
    gemini.queue({ json: { transcript: 'Hola', source: 'es', translations: {} } });
    const res = await g.translator.translateAudio!({
      audio: VOICE,
      mimeType: 'audio/ogg',
      targets: ['de'],
      origin: 'mirror',
    });
    expect(gemini.requests).toHaveLength(2);
    expect(res.translations.de).toBe(`[de] ${FAKE_TRANSCRIPT}`);
    gemini.queue({ json: { transcript: '', source: '', translations: {} } });
    const silent = await g.translator.translateAudio!({
      audio: VOICE,
      mimeType: 'audio/ogg',
      targets: ['de'],
      origin: 'mirror',
    });
    expect(silent).toMatchObject({ transcript: '', translations: {} });
  });

  it('refuses empty audio and stops at the monthly allowance before calling the provider', async () => {
    await expect(
      g.translator.translateAudio!({
        audio: new Uint8Array(),
        mimeType: 'audio/ogg',
        targets: ['es'],
        origin: 'mirror',
      }),
    ).rejects.toBeInstanceOf(InvalidTranslationRequestError);
    await seedGuild({ db: g.db }, '333333333333333333', { plan: 'free' });
    const allowance = 1000; // the Free plan's monthly translations (src/common/plans.ts)
    await seedUsage(g.db, '333333333333333333', allowance, new Date());
    await expect(
      g.translator.translateAudio!({
        audio: VOICE,
        mimeType: 'audio/ogg',
        targets: ['es'],
        origin: 'mirror',
        guildId: '333333333333333333',
      }),
    ).rejects.toBeInstanceOf(QuotaExceededError);
    expect(gemini.requests).toHaveLength(0);
  });
});

describe('speech through an OpenAI-compatible server', () => {
  it('with a speech model: /audio/transcriptions (multipart, audio from memory), then one text call', async () => {
    expect(o.translator.audio).toBe(true);
    const res = await o.translator.translateAudio!({
      audio: VOICE,
      mimeType: 'audio/ogg',
      targets: ['es', 'ja'],
      origin: 'mirror',
    });
    expect(openai.requests.map((r) => r.path)).toEqual(['/v1/audio/transcriptions', '/v1/chat/completions']);
    expect(openai.requests[0].model).toBe('whisper-1');
    expect(Buffer.compare(openai.requests[0].audio[0].bytes, Buffer.from(VOICE))).toBe(0);
    expect(openai.requests[1].translation?.text).toBe(FAKE_TRANSCRIPT);
    expect(res.transcript).toBe(FAKE_TRANSCRIPT);
    expect(res.translations).toEqual({ es: `[es] ${FAKE_TRANSCRIPT}`, ja: `[ja] ${FAKE_TRANSCRIPT}` });
  });

  it('without a speech model it takes no audio, and without any provider speech is unavailable', async () => {
    expect(plain.translator.audio).toBe(false);
    await expect(
      plain.translator.translateAudio!({
        audio: VOICE,
        mimeType: 'audio/ogg',
        targets: ['es'],
        origin: 'mirror',
      }),
    ).rejects.toBeInstanceOf(AudioUnsupportedError);
    await expect(
      none.translator.translateAudio!({
        audio: VOICE,
        mimeType: 'audio/ogg',
        targets: ['es'],
        origin: 'mirror',
      }),
    ).rejects.toBeInstanceOf(TranslationUnavailableError);
    expect(openai.requests).toHaveLength(0);
  });
});
