/**
 * Bot benchmark: from MESSAGE_CREATE on the fake gateway to the webhook POSTs on the fake REST,
 * through the real discord.js client, the real router and engine, and an instant in-process
 * provider (so the figures are the bot's own cost). Prints p50/p99 latency (one message at a
 * time, until its last copy is posted) and messages per second (a burst), for a link of 2
 * channels (1 translation per message) and of 5 channels (4 translations per message).
 *
 *   npm run bench:bot
 */
import type { Provider } from '../src/server/translation/providers/types';
import { makeGuild, makeMember, startFakeDiscord } from '../test/fakes/discord';
import { copiedTexts, pacingReport } from './bot-pacing';
import { startBenchBot } from './bot-stack';

const instant: Provider = {
  name: 'instant',
  model: 'bench',
  async complete(req) {
    const ask = JSON.parse(req.user) as { text: string; targets: string[]; source: string | null };
    const text = JSON.stringify({
      source: ask.source ?? 'en',
      translations: Object.fromEntries(ask.targets.map((t) => [t, `[${t}] ${ask.text}`])),
    });
    return { text, inputTokens: 1, outputTokens: 1 };
  },
};

const LANGS = ['en', 'es', 'fr', 'de', 'ja'];
const SEQUENTIAL = 300;
const BURST = 500;

const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
const ms = (v: number) => `${v.toFixed(2)} ms`;

async function run(linked: number, globalRequestsPerSecond: number) {
  const guild = makeGuild(
    'Bench',
    LANGS.map((l) => `chat-${l}`),
  );
  const fake = await startFakeDiscord({ guilds: [guild] });
  const stack = await startBenchBot({
    name: 'bench-bot-',
    fake,
    guildId: guild.id,
    provider: instant,
    // The burst's copies all wait in one channel's post queue: none is shed (🚦) and posted late.
    env: { MIRROR_QUEUE_MAX: String(BURST) },
    // The burst measures the bot's own throughput: the bounded queue, which sheds a server's
    // messages past 50 waiting (bench:translate measures that), is opened to the whole burst.
    translator: { maxQueuedPerGuild: BURST },
    bot: { globalRequestsPerSecond, webhookRequestsPerSecond: globalRequestsPerSecond },
  });
  const { db, admin } = stack;
  db.$sqlite!.prepare("update guilds set plan = 'pro' where id = ?").run(guild.id); // unlimited: no quota pause mid-run
  await admin.channels.create({
    guildId: guild.id,
    name: 'bench',
    mode: 'mirror',
    channels: guild.channels.slice(0, linked).map((c, i) => ({ channelId: c.id, language: LANGS[i] })),
  });
  const from = guild.channels[0];
  const targets = linked - 1;
  // Copies seen per message text, and when the last one arrived.
  const seen = new Map<string, { n: number; at: number }>();
  let waiting: { text: string; resolve: () => void } | null = null;
  let burstLeft = 0;
  let burstDone: (() => void) | null = null;
  const origPush = fake.calls.push.bind(fake.calls);
  fake.calls.push = (...calls) => {
    for (const c of calls) {
      if (c.method !== 'POST' || !c.path.startsWith('/webhooks/') || c.status !== 200) continue;
      for (const text of copiedTexts(c.body?.content ?? '')) {
        const s = seen.get(text) ?? { n: 0, at: 0 };
        s.n++;
        s.at = c.at;
        seen.set(text, s);
        if (s.n === targets) {
          if (waiting?.text === text) waiting.resolve();
          if (burstLeft > 0 && --burstLeft === 0) burstDone?.();
        }
      }
    }
    return origPush(...calls);
  };
  const send = (text: string) => {
    const author = makeMember(`member${seen.size}`);
    const t0 = performance.now();
    fake.sendMessage({ channelId: from.id, author: author.user, member: author, content: text });
    return t0;
  };
  // Warm-up: webhooks get created, code paths get compiled.
  for (let i = 0; i < 20; i++) {
    const text = `warm-up message ${linked} ${i}`;
    await new Promise<void>((resolve) => {
      waiting = { text, resolve };
      send(text);
    });
  }
  const lat: number[] = [];
  for (let i = 0; i < SEQUENTIAL; i++) {
    const text = `sequential message ${linked} ${i}`;
    let t0 = 0;
    await new Promise<void>((resolve) => {
      waiting = { text, resolve };
      t0 = send(text);
    });
    lat.push(seen.get(text)!.at - t0);
  }
  waiting = null;
  lat.sort((a, b) => a - b);
  const started = performance.now();
  await new Promise<void>((resolve) => {
    burstLeft = BURST;
    burstDone = resolve;
    for (let i = 0; i < BURST; i++) send(`burst message ${linked} ${i}`);
  });
  const seconds = (performance.now() - started) / 1000;
  await stack.close();
  await fake.close();
  return {
    linked,
    targets,
    globalRequestsPerSecond,
    p50: pct(lat, 50),
    p99: pct(lat, 99),
    perSecond: BURST / seconds,
  };
}

async function main() {
  console.log('Bot benchmark: MESSAGE_CREATE on the fake gateway -> last webhook POST on the fake REST');
  console.log(
    `(real discord.js client, router, engine, SQLite; instant in-process provider; ${SEQUENTIAL} sequential messages, then a burst of ${BURST})\n`,
  );
  const rows = [];
  // BENCH_PACING_ONLY=1: only the webhook pacing part below.
  if (!process.env.BENCH_PACING_ONLY)
    for (const rps of [50, 1_000_000]) for (const linked of [2, 5]) rows.push(await run(linked, rps));
  console.log(
    'REST limit      | linked channels | copies/message | p50 latency | p99 latency | messages/s (burst)',
  );
  for (const r of rows) {
    const limit = r.globalRequestsPerSecond === 50 ? '50/s (shipped)' : 'none (bot cost)';
    console.log(
      `${limit.padEnd(15)} | ${String(r.linked).padStart(15)} | ${String(r.targets).padStart(14)} | ${ms(r.p50).padStart(11)} | ${ms(r.p99).padStart(11)} | ${r.perSecond.toFixed(0).padStart(18)}`,
    );
  }
  console.log(
    "\n50/s is Discord's global request limit, which discord.js enforces before sending: with it, mirror throughput is\n" +
      'bounded by 50 webhook posts a second (50 / copies per message). "none" lifts it to show the bot\'s own cost.\n' +
      '(This part runs on the fake Discord without its rate limits; the part below enforces them.)',
  );
  await pacingReport(instant);
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
