/**
 * Voice benchmark, with the bot's own code and an instant in-process provider (so the figures are
 * the product's cost, not the model's):
 *  - CPU per minute of audio per speaker, decoding only: Opus packets (the committed espeak-ng
 *    utterance, looped to one minute) decoded with opusscript through prism-media, cut into
 *    utterances, downmixed to 16 kHz mono and wrapped as WAV (utterancesOf + downmix + wav).
 *  - The live pipeline end to end (latency()): the real discord.js client and @discordjs/voice
 *    joined through /voice start to the fake voice server (test/fakes/discord/voice.ts: voice
 *    gateway, IP discovery, AES-GCM RTP over UDP, no DAVE); a member plays the utterance as RTP;
 *    latency from the member's last voice packet to the caption's webhook POST arriving at the
 *    fake Discord, which includes the silence window (voiceTimings.silenceMs) that ends an
 *    utterance; and the process's CPU for one minute of one speaker through that path.
 * Not measured: DAVE's end-to-end decryption (the fake answers without DAVE).
 *
 *   npm run bench:voice
 */
import { readFileSync } from 'node:fs';
import { Readable } from 'node:stream';
import { downmix, wav } from '../bot/features/voice/audio';
import { utterancesOf, voiceTimings } from '../bot/features/voice/session';
import type { Provider } from '../src/server/translation/providers/types';
import { channelPayload, makeGuild, makeMember, snowflake, startFakeDiscord } from '../test/fakes/discord';
import { startFakeVoice } from '../test/fakes/discord/voice-gateway';
import { readOpusPackets } from '../test/fakes/discord/voice-rtp';
import { startBenchBot } from './bot-stack';

/** The espeak-ng utterance as Discord sends voice: 48 kHz stereo Opus, 20 ms a packet. */
const UTTERANCE = readOpusPackets(
  readFileSync(new URL('../test/fixtures/voice-utterance.opus', import.meta.url)),
);
const LIVE_UTTERANCES = 20;

const instant: Provider = {
  name: 'instant',
  model: 'bench',
  audio: 'inline',
  async complete() {
    throw new Error('text is not used in this benchmark');
  },
  async completeAudio(req) {
    const ask = JSON.parse(req.user) as { targets: string[] };
    const transcript = 'Hello everyone, can you hear me?';
    const text = JSON.stringify({
      transcript,
      source: 'en',
      translations: Object.fromEntries(ask.targets.map((t) => [t, `[${t}] ${transcript}`])),
    });
    return { text, inputTokens: 1, outputTokens: 1 };
  },
};

const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

/** Decodes, cuts and wraps `packets` as a live session would; resolves with the utterances' WAVs. */
function decode(packets: Buffer[], onUtterance: (pcm: Buffer) => void = () => {}): Promise<number> {
  return new Promise((resolve, reject) => {
    let n = 0;
    utterancesOf(
      Readable.from(packets),
      (pcm) => {
        n++;
        wav(downmix(pcm));
        onUtterance(pcm);
      },
      (err) => (err ? reject(err) : resolve(n)),
    );
  });
}

async function cpuPerMinute(packets: Buffer[]) {
  // 20 ms Opus frames: 3,000 of them are one minute of one speaker.
  const minute: Buffer[] = [];
  while (minute.length < 3000) minute.push(...packets);
  minute.length = 3000;
  await decode(minute.slice(0, 500)); // warm-up
  const cpu = process.cpuUsage();
  const wall = performance.now();
  const utterances = await decode(minute);
  const used = process.cpuUsage(cpu);
  const ms = (used.user + used.system) / 1000;
  return { ms, wall: performance.now() - wall, utterances };
}

/**
 * The live pipeline end to end: the real discord.js client and @discordjs/voice in a voice
 * channel of the fake voice server (voice gateway, UDP, AES-GCM), a member playing the committed
 * utterance as RTP, the bot receiving, decrypting, decoding, cutting on silence, calling the
 * (instant) provider and posting the caption through the webhook to the fake Discord.
 * Utterance end = the member's last voice packet sent; caption posted = the webhook POST received.
 */
async function latency() {
  const speaker = makeMember('speaker');
  const admin = makeMember('admin');
  const guild = makeGuild('Bench', ['text'], [speaker, admin]);
  const hall = { id: snowflake(), name: 'hall', type: 2, position: 1 };
  const fake = await startFakeDiscord({ guilds: [guild] });
  const voice = await startFakeVoice(fake);
  const stack = await startBenchBot({ name: 'bench-voice-', fake, guildId: guild.id, provider: instant });
  const { db, bot } = stack;
  db.$sqlite!.prepare("update guilds set plan = 'ultimate' where id = ?").run(guild.id);
  // A voice channel as Discord sends it (with its bitrate: discord.js tells voice channels by it).
  guild.channels.push(hall);
  fake.dispatch('CHANNEL_CREATE', {
    ...channelPayload(guild.id, hall),
    bitrate: 64_000,
    user_limit: 0,
    rtc_region: null,
  });
  while (!bot.client.channels.cache.has(hall.id)) await new Promise((r) => setTimeout(r, 5));
  voice.memberVoice(speaker, guild.id, hall.id);
  const i = fake.slash(
    'voice',
    [{ name: 'start', type: 1, options: [{ name: 'languages', type: 3, value: 'es, fr, de, ja' }] }],
    {
      member: admin,
      channel: hall,
    },
  );
  const answer = await fake.interactionAnswer(i, 20_000);
  if (!String(answer.content).startsWith('✅')) throw new Error(`not started: ${answer.content}`);
  const call = voice.server.current(guild.id);
  if (!call) throw new Error('the bot is not in the call');
  const posted = () => fake.calls.filter((c) => c.method === 'POST' && c.path.startsWith('/webhooks/'));
  const rtp = voice.server.announceSpeaker(call, speaker.user.id);
  const lat: number[] = [];
  const frame = 20;
  for (let n = 0; n < LIVE_UTTERANCES + 2; n++) {
    const before = posted().length;
    let end = 0;
    await voice.server.play(call, rtp, UTTERANCE, frame, () => {
      end = performance.now();
    });
    const t0 = performance.now();
    while (posted().length === before) {
      if (performance.now() - t0 > 10_000) throw new Error('no caption within 10 s');
      await new Promise((r) => setTimeout(r, 1));
    }
    if (n >= 2) lat.push((posted()[before].at as number) - end); // the first two warm up
  }
  // CPU of one speaker through the whole live path, one minute of speech played at real pace:
  // receive, decrypt, decode, cut, WAV, provider, webhook (the fake's own sending is included).
  // The member talks and pauses as a Discord client does: the utterance, 5 silence frames, then
  // no packets for a second; 18 times is about a minute.
  const cpu = process.cpuUsage();
  const wall = performance.now();
  const before = posted().length;
  for (let played = 0; played < 3000; played += UTTERANCE.length + 5 + 50) {
    await voice.server.play(call, rtp, UTTERANCE, frame);
    await new Promise((r) => setTimeout(r, 1000));
  }
  await new Promise((r) => setTimeout(r, voiceTimings.silenceMs + 500));
  const used = process.cpuUsage(cpu);
  const liveCpu = {
    ms: (used.user + used.system) / 1000,
    wall: performance.now() - wall,
    captions: posted().length - before,
  };
  await stack.close();
  await voice.close();
  await fake.close();
  lat.sort((a, b) => a - b);
  return { p50: pct(lat, 50), p99: pct(lat, 99), max: lat.at(-1) ?? 0, n: lat.length, liveCpu };
}

const packets = UTTERANCE;
const cpu = await cpuPerMinute(packets);
const lat = await latency();
console.log(
  `voice benchmark (instant provider; fixture ${packets.length} Opus packets ≈ ${(packets.length * 0.02).toFixed(1)} s)`,
);
console.log(
  `CPU per minute of audio per speaker: ${cpu.ms.toFixed(0)} ms (${((cpu.ms / 60_000) * 100).toFixed(2)}% of one core; decode + cut + 16 kHz WAV, ${cpu.utterances} utterances, wall ${cpu.wall.toFixed(0)} ms)`,
);
const silence = voiceTimings.silenceMs;
console.log(
  `live pipeline (fake voice server, real @discordjs/voice): utterance end -> caption posted, 4 languages, ${lat.n} utterances: p50 ${lat.p50.toFixed(0)} ms, p99 ${lat.p99.toFixed(0)} ms, max ${lat.max.toFixed(0)} ms; of which ${silence} ms is the silence window that ends an utterance (so p50 ${(lat.p50 - silence).toFixed(0)} ms of work)`,
);
console.log(
  `live pipeline CPU for one minute of one speaker (whole process, real pace): ${lat.liveCpu.ms.toFixed(0)} ms (${((lat.liveCpu.ms / lat.liveCpu.wall) * 100).toFixed(2)}% of one core), ${lat.liveCpu.captions} captions`,
);
process.exit(0);
