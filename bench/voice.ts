/**
 * Voice benchmark, with the bot's own code and an instant in-process provider (so the figures are
 * the product's cost, not the model's):
 *  - CPU per minute of audio per speaker: Opus packets (the committed espeak-ng fixture, looped
 *    to one minute) decoded with opusscript through prism-media, cut into utterances, downmixed
 *    to 16 kHz mono and wrapped as WAV (utterancesOf + downmix + wav, as a live session does).
 *  - Latency from the end of an utterance (the decoder's last PCM, after the silence window) to
 *    its caption posted: voice.caption (engine, accounting, session row) and the webhook POST
 *    through the real discord.js client to the fake Discord.
 * Not measured here: the voice connection itself (RTP receive and decryption, DAVE); the silence
 * window (voiceTimings.silenceMs) comes on top of the latency in a live channel.
 *
 *   npm run bench:voice
 */
import { createReadStream, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import prism from 'prism-media';
import { startBot } from '../bot/client';
import { botCaller } from '../bot/context';
import { downmix, wav } from '../bot/voice/audio';
import { caption, utterancesOf, voiceTimings } from '../bot/voice/session';
import { openDb } from '../db/client';
import { loadEnv } from '../src/server/env';
import { createServices } from '../src/server/services';
import { createTranslator } from '../src/server/services/translation';
import type { Provider } from '../src/server/services/translation/providers/types';
import { makeGuild, makeMember, snowflake, startFakeDiscord } from '../test/fakes/discord';

const FIXTURE = new URL('../test/fixtures/voice-message.ogg', import.meta.url);
const UTTERANCES = 200;

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

async function opusPackets(): Promise<Buffer[]> {
  const packets: Buffer[] = [];
  const demux = createReadStream(FIXTURE).pipe(new prism.opus.OggDemuxer());
  for await (const p of demux) packets.push(p as Buffer);
  return packets;
}

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

async function latency(packets: Buffer[]) {
  const dir = mkdtempSync(join(tmpdir(), 'bench-voice-'));
  const speaker = makeMember('speaker');
  const guild = makeGuild('Bench', ['text'], [speaker]);
  const hall = { id: snowflake(), name: 'hall', type: 2, position: 1 };
  guild.channels.push(hall);
  const fake = await startFakeDiscord({ guilds: [guild] });
  const env = loadEnv({
    DATABASE_PATH: join(dir, 'app.db'),
    DISCORD_TOKEN: fake.token,
    DISCORD_API_URL: fake.apiUrl,
    DEFAULT_GUILD_ID: guild.id,
    ADMIN_TOKEN: 'bench-admin-token-0123456789',
  });
  const db = openDb(env.DATABASE_PATH);
  const clock = () => new Date();
  const translator = createTranslator({ db, env, clock, provider: instant, options: { cacheSize: 0 } });
  const services = createServices(env, { db, clock, translator });
  const bot = await startBot(services, { retries: 0 });
  if (!bot) throw new Error('bot did not start');
  await bot.ready;
  db.$client.prepare("update guilds set plan = 'ultimate' where id = ?").run(guild.id);
  const caller = botCaller(services);
  const started = await caller.voice.start({
    guildId: guild.id,
    channelId: hall.id,
    channelName: hall.name,
    languages: 'es, fr, de, ja',
    userId: speaker.user.id,
    locale: 'en-US',
    members: [],
  });
  if (!started.ok) throw new Error(started.message);
  const ctx = { client: bot.client, caller, services };
  const r = { sessionId: started.session.id, guildId: guild.id, channelId: hall.id, ended: false };
  const one = packets; // one utterance: the fixture (about 2.5 s of speech)
  const lat: number[] = [];
  for (let i = 0; i < UTTERANCES + 10; i++) {
    let t0 = 0;
    let pending: Promise<void> = Promise.resolve();
    await decode(one, (pcm) => {
      t0 = performance.now();
      pending = caption(ctx, r, speaker.user.id, pcm);
    });
    await pending;
    if (i >= 10) lat.push(performance.now() - t0); // the first 10 warm up (webhook creation, JIT)
  }
  const posted = fake.calls.filter((c) => c.method === 'POST' && c.path.startsWith('/webhooks/')).length;
  await bot.stop();
  await fake.close();
  db.$client.close();
  rmSync(dir, { recursive: true, force: true });
  if (posted < UTTERANCES) throw new Error(`only ${posted} captions were posted`);
  lat.sort((a, b) => a - b);
  return { p50: pct(lat, 50), p99: pct(lat, 99), posted };
}

const packets = await opusPackets();
const cpu = await cpuPerMinute(packets);
const lat = await latency(packets);
console.log(
  `voice benchmark (instant provider; fixture ${packets.length} Opus packets ≈ ${(packets.length * 0.02).toFixed(1)} s)`,
);
console.log(
  `CPU per minute of audio per speaker: ${cpu.ms.toFixed(0)} ms (${((cpu.ms / 60_000) * 100).toFixed(2)}% of one core; decode + cut + 16 kHz WAV, ${cpu.utterances} utterances, wall ${cpu.wall.toFixed(0)} ms)`,
);
console.log(
  `utterance end -> caption posted (4 languages, ${UTTERANCES} utterances): p50 ${lat.p50.toFixed(2)} ms, p99 ${lat.p99.toFixed(2)} ms; plus the ${voiceTimings.silenceMs} ms silence window that ends an utterance live`,
);
console.log(`captions posted through the webhook: ${lat.posted}`);
process.exit(0);
