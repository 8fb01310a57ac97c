import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { botCaller } from '../../bot/context';
import { downmix, wav } from '../../bot/features/voice/audio';
import { rawGet } from '../../db/client';
import { FAKE_TRANSCRIPT, type FakeProvider, startFakeGemini } from '../fakes/gemini';
import { seedGuild, setGuildPlan } from '../helpers/guilds';
import { startTestServer, type TestServer, tableCounts } from '../helpers/server';

/**
 * The caption side of live sessions, through the bot's procedures: one utterance (WAV in memory)
 * → one provider call → the caption in every target language, the session's characters counted,
 * and the plan's minutes enforced. (The voice connection itself is in test/bot/voice.test.ts.)
 */
const GUILD = '424242424242424242';
const HALL = '515151515151515151';
const BEN = '616161616161616161';
let s: TestServer;
let gemini: FakeProvider;
let caller: ReturnType<typeof botCaller>;
let now = new Date('2026-11-10T12:00:00Z');

beforeAll(async () => {
  gemini = await startFakeGemini();
  s = await startTestServer({
    env: { GEMINI_API_KEY: 'k', GEMINI_BASE_URL: gemini.url },
    overrides: { clock: () => now },
  });
  await seedGuild(s.services, GUILD, { plan: 'pro' });
  caller = botCaller(s.services);
});
afterAll(async () => {
  await s.close();
  await gemini.close();
});
beforeEach(() => gemini.reset());

/** One second of a 440 Hz tone as Discord's decoder gives it (48 kHz stereo s16le), as the bot sends it. */
function utterance() {
  const pcm = Buffer.alloc(48_000 * 4);
  for (let i = 0; i < 48_000; i++) {
    const v = Math.round(Math.sin((2 * Math.PI * 440 * i) / 48_000) * 8000);
    pcm.writeInt16LE(v, i * 4);
    pcm.writeInt16LE(v, i * 4 + 2);
  }
  return new Uint8Array(wav(downmix(pcm)));
}

const startIn = (channelId: string, languages: string | null) =>
  caller.voice.bot.start({
    guildId: GUILD,
    channelId,
    channelName: 'Voice hall',
    languages,
    userId: BEN,
    locale: 'en-US',
    members: [],
  });

describe('captions of a live session', () => {
  it('one utterance → one provider call with the WAV → the original line and each language; characters counted', async () => {
    const started = await startIn(HALL, 'es, fr, en');
    if (!started.ok) throw new Error(started.message);
    const audio = utterance();
    expect(audio.byteLength).toBe(44 + 16_000 * 2); // 16 kHz mono, one second, WAV header
    const res = await caller.voice.bot.caption({
      sessionId: started.session.id,
      audio,
      mimeType: 'audio/wav',
      userId: BEN,
      username: 'Ben (discord fan)',
    });
    expect(gemini.requests).toHaveLength(1);
    expect(gemini.requests[0].audio[0].mimeType).toBe('audio/wav');
    expect(Buffer.compare(gemini.requests[0].audio[0].bytes, Buffer.from(audio))).toBe(0);
    expect(res).toMatchObject({
      status: 'caption',
      content: `> ${FAKE_TRANSCRIPT}\n-# ES · [es] ${FAKE_TRANSCRIPT}\n-# FR · [fr] ${FAKE_TRANSCRIPT}`,
      username: 'Ben (Dlscord fan)',
    });
    const row = await rawGet(
      s.services.db,
      sql`select characters_processed as c, status from voice_sessions where id = ${started.session.id}`,
    );
    expect(row).toEqual({ c: FAKE_TRANSCRIPT.length, status: 'active' });
  });

  it('an ended session takes no more captions and its duration is recorded', async () => {
    const row = (await rawGet(s.services.db, sql`select id from voice_sessions where status = 'active'`)) as {
      id: number;
    };
    now = new Date(now.getTime() + 90_000);
    const ended = await caller.voice.bot.end({
      sessionId: row.id,
      status: 'ended',
      reason: 'the voice channel was empty',
    });
    expect(ended).toMatchObject({
      status: 'ended',
      durationSeconds: 90,
      endReason: 'the voice channel was empty',
    });
    // A second end (the connection closing afterwards) changes nothing.
    const again = await caller.voice.bot.end({
      sessionId: row.id,
      status: 'error',
      reason: 'voice connection closed',
    });
    expect(again).toMatchObject({ status: 'ended', endReason: 'the voice channel was empty' });
    const res = await caller.voice.bot.caption({
      sessionId: row.id,
      audio: utterance(),
      mimeType: 'audio/wav',
      userId: BEN,
      username: 'Ben',
    });
    expect(res).toEqual({ status: 'ended', reason: 'session is not active' });
    expect(gemini.requests).toHaveLength(0);
  });

  it('minutes stop at the plan’s limit: Pro has 100 a month, the session ends when they are used', async () => {
    const started = await startIn('525252525252525252', 'de');
    if (!started.ok) throw new Error(started.message);
    expect(started.minutesLeft).toBeCloseTo(100 - 1.5, 5);
    now = new Date(now.getTime() + 98.5 * 60_000);
    expect(await caller.voice.bot.minutesLeft({ guildId: GUILD })).toEqual({ minutes: 0 });
    const res = await caller.voice.bot.caption({
      sessionId: started.session.id,
      audio: utterance(),
      mimeType: 'audio/wav',
      userId: BEN,
      username: 'Ben',
    });
    expect(res).toEqual({ status: 'ended', reason: 'voice minutes used' });
    expect(gemini.requests).toHaveLength(0);
    await caller.voice.bot.end({
      sessionId: started.session.id,
      status: 'ended',
      reason: 'voice minutes used',
    });
    const before = await tableCounts(s.services);
    const refused = await startIn('535353535353535353', null);
    expect(refused).toMatchObject({ ok: false, reason: 'minutes' });
    expect(await tableCounts(s.services)).toEqual(before);
    // Ultimate is unlimited.
    await setGuildPlan(s.services, GUILD, 'ultimate');
    expect(await caller.voice.bot.minutesLeft({ guildId: GUILD })).toEqual({ minutes: null });
    await setGuildPlan(s.services, GUILD, 'pro');
  });

  it('the bot starting ends sessions still marked active (it is in no voice channel then)', async () => {
    await setGuildPlan(s.services, GUILD, 'ultimate');
    const started = await startIn('545454545454545454', 'es');
    if (!started.ok) throw new Error(started.message);
    const ended = await caller.voice.bot.endStale({ connectedAt: new Date(now.getTime() + 1) });
    expect(ended.map((x) => x?.id)).toEqual([started.session.id]);
    expect(ended[0]).toMatchObject({ status: 'error', endReason: 'the bot restarted and left the channel' });
  });

  it('a provider that takes no audio refuses to start, in the member’s language', async () => {
    const plain = await startTestServer({ env: { OPENAI_BASE_URL: gemini.url } });
    try {
      await seedGuild(plain.services, GUILD, { plan: 'pro' });
      const res = await botCaller(plain.services).voice.bot.start({
        guildId: GUILD,
        channelId: HALL,
        channelName: 'Voice hall',
        languages: null,
        userId: BEN,
        locale: 'de',
        members: [],
      });
      expect(res).toEqual({
        ok: false,
        reason: 'no-audio',
        message:
          'Sprachübersetzung ist nicht verfügbar: Der Übersetzungsanbieter des Bots kann kein Audio verarbeiten. Bitte sag einem Server-Admin Bescheid.',
      });
      const none = await startTestServer();
      try {
        await seedGuild(none.services, GUILD, { plan: 'pro' });
        const r = await botCaller(none.services).voice.bot.start({
          guildId: GUILD,
          channelId: HALL,
          channelName: 'Voice hall',
          languages: null,
          userId: BEN,
          locale: 'ja',
          members: [],
        });
        expect(r).toMatchObject({ ok: false, reason: 'no-provider' });
        expect(r.ok ? '' : r.message).toMatch(/^音声翻訳は利用できません/);
      } finally {
        await none.close();
      }
    } finally {
      await plain.close();
    }
  });
});

describe('at the same moment', () => {
  const G2 = '434343434343434343';
  const STAGE = '535353535353535353';
  const start = () =>
    caller.voice.bot.start({
      guildId: G2,
      channelId: STAGE,
      channelName: 'Stage',
      languages: 'es',
      userId: BEN,
      locale: 'en-US',
      members: [],
    });

  it('two /voice start in one channel: one session, the other told one is running', async () => {
    await seedGuild(s.services, G2, { plan: 'ultimate' });
    // A warm pool (as in production): each call has its connection at once.
    await Promise.all(
      [1, 2, 3].map(() =>
        caller.voice.bot.reply({
          guildId: G2,
          userId: BEN,
          locale: null,
          line: { phrase: 'VOICE_NO_SESSION' },
        }),
      ),
    );
    const [a, b, c] = await Promise.all([start(), start(), start()]);
    expect([a, b, c].filter((r) => r.ok)).toHaveLength(1);
    for (const r of [a, b, c].filter((r) => !r.ok))
      expect(r).toMatchObject({ reason: 'running', message: expect.stringContaining(`<#${STAGE}>`) });
    const active = await rawGet(
      s.services.db,
      sql`select count(*) as n from voice_sessions where channel_id = ${STAGE} and status = 'active'`,
    );
    expect(Number((active as { n: number }).n)).toBe(1);
  });

  it('speakers captioned at once: every utterance counted in the session characters', async () => {
    const session = (await rawGet(
      s.services.db,
      sql`select id from voice_sessions where channel_id = ${STAGE} and status = 'active'`,
    )) as { id: number };
    const speak = (userId: string) =>
      caller.voice.bot.caption({
        sessionId: session.id,
        audio: utterance(),
        mimeType: 'audio/wav',
        userId,
        username: 'x',
      });
    const captions = await Promise.all(
      ['717171717171717171', '727272727272727272', '737373737373737373'].map(speak),
    );
    expect(captions.every((c) => c.status === 'caption')).toBe(true);
    const row = await rawGet(
      s.services.db,
      sql`select characters_processed as c from voice_sessions where id = ${session.id}`,
    );
    expect(row).toEqual({ c: 3 * FAKE_TRANSCRIPT.length });
    await caller.voice.bot.end({ sessionId: session.id, status: 'ended', reason: 'test over' });
  });
});

describe('voice.bot.reply (every /voice reply, through the speaker)', () => {
  it('says a nested line in the member’s language (Spanish from the table, no provider call)', async () => {
    const { content } = await caller.voice.bot.reply({
      guildId: GUILD,
      userId: BEN,
      locale: 'es-ES',
      line: { phrase: 'VOICE_STOPPED', vars: { channel: `<#${HALL}>` } },
    });
    expect(content).toBe(`⏹️ Los subtítulos en vivo de <#${HALL}> han terminado.`);
    expect(gemini.requests).toHaveLength(0);
  });

  it('bad input: an unknown phrase, or a line nested too deep, is refused naming it; nothing asked', async () => {
    const ask = (line: unknown) =>
      caller.voice.bot.reply({ guildId: GUILD, userId: BEN, locale: null, line: line as never });
    await expect(ask({ phrase: 'HELLO' })).rejects.toThrow(/must name a voice phrase/);
    const deep = { phrase: 'VOICE_COULD_NOT_CONNECT', vars: { why: { phrase: 'VOICE_CONNECTION_LOST' } } };
    await expect(
      ask({
        phrase: 'VOICE_CONNECT_FAILED',
        vars: { channel: 'x', reason: { ...deep, vars: { why: deep } } },
      }),
    ).rejects.toThrow(/line: nests deeper than 3 levels/);
    expect(gemini.requests).toHaveLength(0);
  });
});
