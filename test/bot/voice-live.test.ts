import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { VoiceState } from 'discord.js';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { runningIn, voiceTimings } from '../../bot/features/voice/session';
import { rawAll, rawRun } from '../../db/client';
import { voiceMinutesUsed } from '../../src/server/features/voice/sessions';
import {
  CommandType,
  channelPayload,
  type FakeChannel,
  InteractionType,
  interactionPayload,
  type RecordedCall,
  snowflake,
} from '../fakes/discord';
import { type FakeVoice, startFakeVoice } from '../fakes/discord/voice-gateway';
import { readOpusPackets } from '../fakes/discord/voice-rtp';
import { FAKE_TRANSCRIPT } from '../fakes/gemini';
import { setGuildPlan } from '../helpers/guilds';
import { tableCounts } from '../helpers/server';
import { addVoiceHall, type BotHarness, eventually, handled, startBotHarness } from './harness';

/**
 * Live captions end to end: the real discord.js client and @discordjs/voice join a voice channel
 * on the fake voice server (voice gateway + RTP over UDP, AES-GCM, no DAVE), a member speaks the
 * committed espeak-ng utterance, the fake Gemini hears it, and the caption is posted in the voice
 * channel's chat through a webhook as the speaker.
 */
const UTTERANCE = readOpusPackets(readFileSync(new URL('../fixtures/voice-utterance.opus', import.meta.url)));

let h: BotHarness;
let voice: FakeVoice;
let hall: FakeChannel;
beforeAll(async () => {
  h = await startBotHarness();
  voice = await startFakeVoice(h.fake);
  hall = await addVoiceHall(h);
  voice.memberVoice(h.ben, h.guild.id, hall.id);
  voice.memberVoice(h.ana, h.guild.id, hall.id);
  await eventually(
    () => h.bot.client.guilds.cache.get(h.guild.id)?.voiceStates.cache.get(h.ana.user.id)?.channelId,
  );
});
afterAll(async () => {
  await voice?.close();
  await h?.close();
});
beforeEach(async () => {
  await setGuildPlan(h.server.services, h.guild.id, 'pro');
  voiceTimings.silenceMs = 300;
  voiceTimings.connectTimeoutMs = 10_000;
});

interface Row {
  id: number;
  status: string;
  reason: string | null;
  characters: number;
  duration: number;
}
const sessions = async () =>
  (await rawAll(
    h.server.services.db,
    sql`select id, status, end_reason as reason, characters_processed as characters, duration_seconds as duration from voice_sessions order by id`,
  )) as Row[];
const start = (options: object[] = []) =>
  h.fake.slash('voice', [{ name: 'start', type: 1, options }], { member: h.ben, channel: hall });
const captions = (channelId = hall.id) =>
  h.fake.calls.filter(
    (c) => c.method === 'POST' && /^\/webhooks\/\d+\/[^/]+$/.test(c.path) && webhookChannel(c) === channelId,
  );
const webhookChannel = (c: RecordedCall) => {
  const id = c.path.split('/')[2];
  return h.fake.rest.webhooks.get(id)?.channel_id;
};

/** /voice start, then waits until the bot's call is ready on the fake voice server. */
async function startSession(options: object[] = []) {
  const i = start(options);
  const answer = await h.fake.interactionAnswer(i, 10_000);
  expect(answer.content).toMatch(/^🎙️|Live captions|captions/i);
  const call = await eventually(() => voice.server.current(h.guild.id), 5000);
  const row = await eventually(async () => (await sessions()).find((s) => s.status === 'active'));
  return { call, row, answer };
}

describe('live captions through the fake voice server', () => {
  it('a member speaks: the caption appears in the voice channel’s chat as the speaker, in each target language', async () => {
    const { call, row, answer } = await startSession([{ name: 'languages', type: 3, value: 'es, fr' }]);
    expect(answer.content).toContain('Spanish, French');
    // The bot offered DAVE (as Discord requires); the fake answered without it.
    expect(call.maxDaveProtocolVersion).toBeGreaterThanOrEqual(1);
    expect(call.mode).toBe('aead_aes256_gcm_rtpsize');
    const before = captions().length;
    const rtp = voice.server.announceSpeaker(call, h.ana.user.id);
    await voice.server.play(call, rtp, UTTERANCE);
    const posted = await eventually(() => captions()[before], 10_000);
    expect(posted.body?.username).toMatch(/^ana/);
    expect(posted.body?.avatar_url).toContain(h.ana.user.id);
    expect(posted.body?.content).toBe(
      [`> ${FAKE_TRANSCRIPT}`, `-# ES · [es] ${FAKE_TRANSCRIPT}`, `-# FR · [fr] ${FAKE_TRANSCRIPT}`].join(
        '\n',
      ),
    );
    // The provider heard the utterance once, as 16 kHz mono WAV of about its length, not silence;
    // Ben, in the channel but silent, was never sent.
    const audioCalls = h.gemini.requests.filter((r) => r.audio.length);
    expect(audioCalls).toHaveLength(1);
    const heard = audioCalls[0].audio[0];
    expect(heard.mimeType).toBe('audio/wav');
    const seconds = (heard.bytes.length - 44) / (16_000 * 2);
    expect(seconds).toBeGreaterThan(UTTERANCE.length * 0.02 - 0.2);
    expect(seconds).toBeLessThan(UTTERANCE.length * 0.02 + 0.5);
    expect(rms(heard.bytes.subarray(44))).toBeGreaterThan(500);
    expect((await sessions()).find((s) => s.id === row.id)?.characters).toBe(FAKE_TRANSCRIPT.length);
    // What was said is counted, never stored: no database file holds the transcript or a translation.
    for (const name of readdirSync(h.server.dir)) {
      const bytes = readFileSync(join(h.server.dir, name));
      expect(bytes.includes(FAKE_TRANSCRIPT), name).toBe(false);
      expect(bytes.includes('can you hear me'), name).toBe(false);
    }
    // The bot said it listens, in the channel's chat, before anyone spoke.
    const announced = h.fake.calls.find(
      (c) => c.method === 'POST' && c.path === `/channels/${hall.id}/messages`,
    );
    expect(announced?.body?.content).toMatch(
      /^🎙️ \*\*Live captions are on\*\* in this channel \(Spanish, French\)/,
    );
    expect(h.fake.calls.indexOf(announced as RecordedCall)).toBeLessThan(h.fake.calls.indexOf(posted));

    // End Session on the dashboard: the bot leaves the channel and the call; the row keeps its figures.
    const leavesBefore = voice.botChannels.filter((c) => c === null).length;
    const [{ startedAt }] = (await rawAll(
      h.server.services.db,
      sql`select started_at as "startedAt" from voice_sessions where id = ${row.id}`,
    )) as { startedAt: number | string }[];
    // The dashboard says when it ended: 90 s after the start (the duration is the difference).
    const endedAt = new Date(new Date(Number(startedAt)).getTime() + 90_000);
    const res = await h.server.api(`/api/voice-translation/sessions/${row.id}`, {
      method: 'PATCH',
      admin: true,
      body: { status: 'ended', endedAt: endedAt.toISOString() },
    });
    expect(res.status).toBe(200);
    await eventually(() => voice.botChannels.filter((c) => c === null).length > leavesBefore);
    await eventually(() => call.ws.readyState === 3);
    const ended = (await sessions()).find((s) => s.id === row.id);
    expect(ended).toMatchObject({
      status: 'ended',
      reason: 'ended from the dashboard',
      characters: FAKE_TRANSCRIPT.length,
    });
    expect(ended?.duration).toBe(90);
  });

  it('the plan’s minutes run out during a session: the bot leaves and the row says why', async () => {
    // Pro: 100 minutes a month. Leave this server 3 seconds of them.
    const usedSeconds = Math.ceil(
      (await voiceMinutesUsed(h.server.services.db, h.guild.id, new Date())) * 60,
    );
    await rawRun(
      h.server.services.db,
      sql`insert into voice_sessions (guild_id, channel_id, source_language, target_language, status, duration_seconds, started_at, ended_at) values (${h.guild.id}, ${h.channel('german').id}, 'auto', 'en', 'ended', ${100 * 60 - usedSeconds - 3}, ${Date.now() - 1000}, ${Date.now()})`,
    );
    try {
      const leavesBefore = voice.botChannels.filter((c) => c === null).length;
      const { row, call } = await startSession();
      await eventually(() => voice.botChannels.filter((c) => c === null).length > leavesBefore, 10_000);
      await eventually(() => call.ws.readyState === 3);
      // The row is ended as the bot leaves: on a loaded machine the write can come a moment after.
      const ended = await eventually(async () => {
        const s = (await sessions()).find((x) => x.id === row.id);
        return s?.status === 'ended' ? s : null;
      });
      expect(ended).toMatchObject({ status: 'ended', reason: 'voice minutes used' });
      // And nothing is left to start with.
      const again = await h.fake.interactionAnswer(start(), 5000);
      expect(again.content).toBe(
        'This server has used all 100 voice minutes of its plan this month. They renew next month, or right away with an upgrade.',
      );
    } finally {
      // The minutes given back, whatever happened: the tests after this one start sessions.
      await rawRun(
        h.server.services.db,
        sql`delete from voice_sessions where channel_id = ${h.channel('german').id}`,
      );
    }
  });
});

/** Root mean square of 16-bit PCM: speech is hundreds to thousands, silence near 0. */
function rms(pcm: Buffer): number {
  let sum = 0;
  const n = Math.floor(pcm.length / 2);
  for (let i = 0; i < n; i++) sum += pcm.readInt16LE(i * 2) ** 2;
  return Math.sqrt(sum / Math.max(1, n));
}

describe('where captions go', () => {
  /** /voice start with a channel option (captions:), resolved as Discord sends it. */
  function startWithCaptions(target: FakeChannel) {
    const payload = interactionPayload({
      applicationId: h.fake.applicationId,
      guildId: h.guild.id,
      channel: hall,
      member: h.ben,
      type: InteractionType.ApplicationCommand,
      data: {
        id: snowflake(),
        name: 'voice',
        type: CommandType.ChatInput,
        options: [{ name: 'start', type: 1, options: [{ name: 'captions', type: 7, value: target.id }] }],
        resolved: { channels: { [target.id]: channelPayload(h.guild.id, target) } },
      },
    });
    h.fake.rest.interactionChannels.set(payload.token, hall.id);
    h.fake.dispatch('INTERACTION_CREATE', payload);
    return payload;
  }

  async function speakAndStop(row: Row, where: string) {
    const call = await eventually(() => voice.server.current(h.guild.id), 5000);
    const before = captions(where).length;
    await voice.server.play(call, voice.server.announceSpeaker(call, h.ana.user.id), UTTERANCE);
    const posted = await eventually(() => captions(where)[before], 10_000);
    h.fake.slash('voice', [{ name: 'stop', type: 1, options: [] }], { member: h.ben, channel: hall });
    await eventually(async () => (await sessions()).find((s) => s.id === row.id)?.status === 'ended');
    return posted;
  }

  it('/voice start captions:<thread>: captions go into the thread through its channel’s webhook', async () => {
    const thread = h.fake.createThread(h.channel('english'), null, 'Voice captions');
    await eventually(() => h.bot.client.channels.cache.has(thread.id));
    const hallBefore = captions(hall.id).length;
    const answer = await h.fake.interactionAnswer(startWithCaptions(thread), 10_000);
    expect(answer.content).toMatch(/^✅ Live captions are on/);
    const row = await eventually(async () => (await sessions()).find((s) => s.status === 'active'));
    const posted = await speakAndStop(row, h.channel('english').id);
    expect(posted.query.thread_id).toBe(thread.id);
    expect(posted.body?.content).toContain(FAKE_TRANSCRIPT);
    expect(captions(hall.id)).toHaveLength(hallBefore);
    // The presence notice stays in the voice channel's chat, pointing at the thread.
    const notice = h.fake.calls
      .filter((c) => c.method === 'POST' && c.path === `/channels/${hall.id}/messages`)
      .at(-1);
    expect(notice?.body?.content).toContain(`captions appear in <#${thread.id}>`);
  });

  it('a captions: channel where the bot cannot post is refused in the member’s language, nothing started', async () => {
    const everyone = (permissions: string) =>
      h.fake.dispatch('GUILD_ROLE_UPDATE', {
        guild_id: h.guild.id,
        role: {
          id: h.guild.id,
          name: '@everyone',
          color: 0,
          hoist: false,
          position: 0,
          permissions,
          managed: false,
          mentionable: false,
          flags: 0,
        },
      });
    const me = () => h.bot.client.guilds.cache.get(h.guild.id)?.members.me;
    // View Channel, Send Messages, Connect, Speak: enough to caption, not to make a webhook.
    everyone(String(1024 + 2048 + 1048576 + 2097152));
    await eventually(() => me()?.permissions.has('Connect') && !me()?.permissions.has('ManageWebhooks'));
    try {
      const before = await tableCounts(h.server.services);
      const joins = voice.botChannels.length;
      const i = startWithCaptions(h.channel('french'));
      const answer = await h.fake.interactionAnswer(i, 5000);
      expect(answer.content).toBe(
        `I need the View Channel, Send Messages and Manage Webhooks permissions in <#${h.channel('french').id}> to post captions there. A server admin can grant them in the channel settings.`,
      );
      // Ephemeral: every /voice answer is deferred with flag 64, then edited.
      const deferred = h.fake.interactionCalls(i).find((c) => c.path.endsWith('/callback'));
      expect(deferred?.body).toMatchObject({ type: 5, data: { flags: 64 } });
      expect(await tableCounts(h.server.services)).toEqual(before);
      expect(voice.botChannels).toHaveLength(joins);
    } finally {
      everyone('8');
      await eventually(() => me()?.permissions.has('ManageWebhooks'));
    }
  });

  it('the dashboard’s default caption channel is used when /voice start names none', async () => {
    const spanish = h.channel('spanish');
    const set = await h.server.api(`/api/voice-translation/settings?guildId=${h.guild.id}`, {
      method: 'PATCH',
      admin: true,
      body: { captionChannelId: spanish.id },
    });
    expect(set.status).toBe(200);
    expect(set.json).toEqual({ captionChannelId: spanish.id });
    try {
      const { row } = await startSession();
      const posted = await speakAndStop(row, spanish.id);
      expect(posted.query.thread_id).toBeUndefined();
      expect(posted.body?.username).toMatch(/^ana/);
    } finally {
      await h.server.api(`/api/voice-translation/settings?guildId=${h.guild.id}`, {
        method: 'PATCH',
        admin: true,
        body: { captionChannelId: null },
      });
    }
  });
});

describe('the voice connection', () => {
  beforeEach(() => {
    voiceTimings.reconnectMs = 500;
  });

  /** Ana speaks the utterance on the bot's current call; resolves with the caption posted. */
  async function speak(): Promise<RecordedCall> {
    const call = await eventually(() => voice.server.current(h.guild.id), 5000);
    const before = captions().length;
    await voice.server.play(call, voice.server.announceSpeaker(call, h.ana.user.id), UTTERANCE);
    return eventually(() => captions()[before], 10_000);
  }

  it('a dropped voice connection resumes (or rejoins through the gateway) and captions go on', async () => {
    const { call, row } = await startSession();
    // A network cut (close code below 4000): the library resumes the same voice session.
    voice.server.drop(call, 1012);
    await eventually(() => voice.server.current(h.guild.id) !== call && voice.server.current(h.guild.id));
    expect(voice.server.received.filter((p) => p.op === 7)).not.toHaveLength(0); // op 7 Resume
    expect((await speak()).body?.content).toContain(FAKE_TRANSCRIPT);
    // The voice server forgets the session (4006): the bot asks the main gateway again (op 4).
    const joins = voice.botChannels.filter((c) => c === hall.id).length;
    const resumed = voice.server.current(h.guild.id);
    if (resumed) voice.server.drop(resumed, 4006);
    await eventually(() => voice.botChannels.filter((c) => c === hall.id).length > joins);
    await eventually(() => voice.server.current(h.guild.id) !== resumed && voice.server.current(h.guild.id));
    expect((await speak()).body?.content).toContain(FAKE_TRANSCRIPT);
    expect((await sessions()).find((s) => s.id === row.id)).toMatchObject({
      status: 'active',
      characters: 2 * FAKE_TRANSCRIPT.length,
    });
    h.fake.slash('voice', [{ name: 'stop', type: 1, options: [] }], { member: h.ben, channel: hall });
    await eventually(async () => (await sessions()).find((s) => s.id === row.id)?.status === 'ended');
  });

  it('a moderator disconnects the bot: the session ends with that reason, not left active', async () => {
    const { row } = await startSession();
    voice.kickBot(h.guild.id);
    await eventually(
      async () => (await sessions()).find((s) => s.id === row.id && s.status !== 'active'),
      5000,
    );
    expect((await sessions()).find((s) => s.id === row.id)).toMatchObject({
      status: 'ended',
      reason: 'the bot was disconnected from the voice channel (close code 4014)',
    });
  });

  it('the channel left empty ends the session after a while; back in time, it goes on', async () => {
    const isAna = (channelId: string | null) => (_: VoiceState, after: VoiceState) =>
      after.id === h.ana.user.id && after.channelId === channelId;
    try {
      const { row } = await startSession();
      const left = handled(h, 'voiceStateUpdate', isAna(null));
      voice.memberVoice(h.ben, h.guild.id, null);
      voice.memberVoice(h.ana, h.guild.id, null);
      await left;
      expect(runningIn(hall.id)?.emptyTimer).toBeTruthy(); // the empty channel's countdown runs
      const back = handled(h, 'voiceStateUpdate', isAna(hall.id));
      voice.memberVoice(h.ana, h.guild.id, hall.id); // Ana comes back in time
      await back;
      // Her return is handled: the countdown is cancelled, the session goes on.
      expect(runningIn(hall.id)?.emptyTimer).toBeNull();
      expect((await sessions()).find((s) => s.id === row.id)?.status).toBe('active');
      voiceTimings.emptyChannelMs = 400;
      voice.memberVoice(h.ana, h.guild.id, null);
      await eventually(
        async () => (await sessions()).find((s) => s.id === row.id && s.status !== 'active'),
        5000,
      );
      expect((await sessions()).find((s) => s.id === row.id)).toMatchObject({
        status: 'ended',
        reason: 'the voice channel was empty',
      });
      await eventually(() => voice.botChannels.at(-1) === null);
    } finally {
      voiceTimings.emptyChannelMs = 60_000;
      voice.memberVoice(h.ben, h.guild.id, hall.id);
      voice.memberVoice(h.ana, h.guild.id, hall.id);
    }
  });

  it('Discord voice refuses the connection (4017, DAVE required): status error with the reason, told to the member', async () => {
    voice.server.refuseWith = 4017;
    try {
      const i = start();
      const reply = await eventually(() => {
        const c = h.fake.interactionCalls(i).at(-1)?.body?.content;
        return typeof c === 'string' && c.startsWith('❌') ? c : null;
      }, 10_000);
      const reason =
        'could not connect to the voice channel: Discord requires end-to-end encryption (DAVE) for this call (close code 4017)';
      expect(reply).toBe(`❌ I could not join <#${hall.id}>, so no captions: ${reason}`);
      // The reply and the session's record are two writes: wait for the record too.
      await expect
        .poll(async () => (await sessions()).at(-1), { timeout: 5_000 })
        .toMatchObject({
          status: 'error',
          reason,
        });
      expect(voice.botChannels.at(-1)).toBeNull();
    } finally {
      voice.server.refuseWith = null;
    }
  });
});
