import { readFileSync } from 'node:fs';
import { getVoiceConnection } from '@discordjs/voice';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { voiceTimings } from '../../bot/features/voice/session';
import { type FakeChannel, type Json, type RecordedCall, snowflake } from '../fakes/discord';
import { type FakeVoice, startFakeVoice } from '../fakes/discord/voice-gateway';
import { readOpusPackets, SILENCE_FRAME } from '../fakes/discord/voice-rtp';
import { FAKE_TRANSCRIPT } from '../fakes/gemini';
import { setGuildPlan } from '../helpers/guilds';
import { addVoiceHall, type BotHarness, eventually, startBotHarness } from './harness';

/**
 * Live captions through DAVE, the end-to-end encryption Discord requires on voice: the fake voice
 * server negotiates DAVE protocol version 1 and runs the MLS group as Discord's voice server does
 * (test/fakes/discord/voice-dave.ts); the speaking member is a real MLS client (@snazzah/davey)
 * whose Opus frames are DAVE-encrypted; the bot (@discordjs/voice with @snazzah/davey) commits the
 * member into its group, decrypts the frames and captions them.
 */
const UTTERANCE = readOpusPackets(readFileSync(new URL('../fixtures/voice-utterance.opus', import.meta.url)));

let h: BotHarness;
let voice: FakeVoice;
let hall: FakeChannel;
beforeAll(async () => {
  h = await startBotHarness();
  voice = await startFakeVoice(h.fake);
  voice.server.dave = true;
  hall = await addVoiceHall(h);
  voice.memberVoice(h.ben, h.guild.id, hall.id);
  voice.memberVoice(h.ana, h.guild.id, hall.id);
  await eventually(
    () => h.bot.client.guilds.cache.get(h.guild.id)?.voiceStates.cache.get(h.ana.user.id)?.channelId,
  );
  await setGuildPlan(h.server.services, h.guild.id, 'pro');
});
afterAll(async () => {
  await voice?.close();
  await h?.close();
});
beforeEach(() => {
  voiceTimings.silenceMs = 300;
  voiceTimings.connectTimeoutMs = 10_000;
});

const captions = () =>
  h.fake.calls.filter((c) => c.method === 'POST' && /^\/webhooks\/\d+\/[^/]+$/.test(c.path) && inHall(c));
const inHall = (c: RecordedCall) => h.fake.rest.webhooks.get(c.path.split('/')[2]!)?.channel_id === hall.id;

/** The bot's own DAVE session (@discordjs/voice's, over @snazzah/davey): what it decrypted. */
function botDave() {
  const state = getVoiceConnection(h.guild.id)?.state as { networking?: { state?: { dave?: BotDave } } };
  const dave = state.networking?.state?.dave;
  if (!dave) throw new Error('the bot has no DAVE session');
  return dave;
}
interface BotDave {
  protocolVersion: number;
  session?: {
    ready: boolean;
    epoch: bigint | null;
    getUserIds(): string[];
    getDecryptionStats(userId: string): { successes: number; failures: number; passthroughs: number } | null;
  };
}

async function speakAndCaption(call: Parameters<FakeVoice['server']['play']>[0], userId: string) {
  const before = captions().length;
  await voice.server.play(call, voice.server.announceSpeaker(call, userId), UTTERANCE);
  return eventually(() => captions()[before], 10_000);
}

describe('live captions through DAVE (end-to-end encrypted voice)', () => {
  let call: Parameters<FakeVoice['server']['play']>[0];

  it('the caption arrives through DAVE: the frames the bot decoded were DAVE-encrypted, and decrypted by its MLS session', async () => {
    const i = h.fake.slash('voice', [{ name: 'start', type: 1, options: [] }], {
      member: h.ben,
      channel: hall,
    });
    await h.fake.interactionAnswer(i, 10_000);
    call = await eventually(() => voice.server.current(h.guild.id), 5000);
    expect(call.maxDaveProtocolVersion).toBeGreaterThanOrEqual(1);
    expect(botDave().protocolVersion).toBe(1);
    // The bot's key package arrived; Ana joins the group: proposal, the bot's commit, her welcome.
    await eventually(() => call.dave!.keyPackages > 0);
    await voice.server.daveJoin(call, h.ana.user.id);
    expect(call.dave!.commits).toBe(1);
    expect(botDave().session?.ready).toBe(true);
    expect(botDave().session?.getUserIds().sort()).toEqual([h.ana.user.id, h.bot.client.user!.id].sort());
    // What Ana's client sends is not the Opus frame: DAVE ciphertext with its trailer.
    const frame = UTTERANCE[0]!;
    const sealed = call.dave!.encrypt(h.ana.user.id, frame);
    expect(sealed.equals(frame)).toBe(false);
    expect(sealed.subarray(-2).equals(Buffer.from([0xfa, 0xfa]))).toBe(true);
    // Silence frames go as they are (DAVE leaves them clear, as Discord's clients do).
    expect(call.dave!.encrypt(h.ana.user.id, SILENCE_FRAME).equals(SILENCE_FRAME)).toBe(true);

    const posted = await speakAndCaption(call, h.ana.user.id);
    expect(posted.body?.content).toContain(FAKE_TRANSCRIPT);
    const stats = botDave().session!.getDecryptionStats(h.ana.user.id)!;
    expect(stats.successes).toBeGreaterThanOrEqual(UTTERANCE.length - 2);
    expect(stats.passthroughs).toBe(0);
  });

  it('a member joining and then leaving (a new epoch each time) keeps captions working', async () => {
    const epoch = botDave().session!.epoch!;
    await voice.server.daveJoin(call, h.ben.user.id);
    expect(botDave().session!.epoch).toBe(epoch + 1n);
    expect(botDave().session!.getUserIds()).toContain(h.ben.user.id);
    const withBen = await speakAndCaption(call, h.ana.user.id);
    expect(withBen.body?.content).toContain(FAKE_TRANSCRIPT);

    await voice.server.daveLeave(call, h.ben.user.id);
    expect(botDave().session!.epoch).toBe(epoch + 2n);
    expect(botDave().session!.getUserIds()).not.toContain(h.ben.user.id);
    const before = botDave().session!.getDecryptionStats(h.ana.user.id)!.successes;
    const afterLeave = await speakAndCaption(call, h.ana.user.id);
    expect(afterLeave.body?.content).toContain(FAKE_TRANSCRIPT);
    expect(botDave().session!.getDecryptionStats(h.ana.user.id)!.successes).toBeGreaterThan(before);
    expect(call.dave!.executed).toEqual([1, 2, 3]);
  });
});

describe('a connection that does not offer DAVE', () => {
  /** A voice client of our own on the fake voice server: Identify with or without DAVE. */
  async function identify(maxDave: number | undefined): Promise<{ code: number; reason: string } | Json> {
    const guildId = snowflake();
    const token = voice.server.issueToken(guildId);
    voice.server.sessions.set(guildId, 'session-without-dave');
    const ws = new WebSocket(`wss://${voice.server.endpoint}?v=8`);
    return new Promise((resolve, reject) => {
      ws.on('error', reject);
      ws.on('close', (code, reason) => resolve({ code, reason: reason.toString() }));
      ws.on('message', (raw) => {
        const msg = JSON.parse(raw.toString());
        if (msg.op === 8)
          ws.send(
            JSON.stringify({
              op: 0,
              d: {
                server_id: guildId,
                user_id: snowflake(),
                session_id: 'session-without-dave',
                token,
                ...(maxDave === undefined ? {} : { max_dave_protocol_version: maxDave }),
              },
            }),
          );
        if (msg.op === 2) {
          ws.close();
          resolve(msg);
        }
      });
    });
  }

  it('is closed with 4017 by the fake voice server, as Discord does; one offering DAVE gets Ready', async () => {
    expect(await identify(undefined)).toEqual({ code: 4017, reason: 'E2EE/DAVE protocol required' });
    expect(await identify(0)).toEqual({ code: 4017, reason: 'E2EE/DAVE protocol required' });
    expect(await identify(1)).toMatchObject({ op: 2 });
    // How the bot ends its session on a 4017 (status error, the reason told to the member) is
    // test/bot/voice-live.test.ts's 'Discord voice refuses the connection (4017, DAVE required)'.
  });
});
