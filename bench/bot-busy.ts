/**
 * `npm run bench:busy` (issue 24): one busy 5-language mirrored channel through the real bot
 * against the fake Discord enforcing Discord's limits (5 posts / 2 s per webhook, 50/s per token
 * and per IP), 20 authors, BENCH_RATE (8) messages a second for BENCH_SECONDS (15), a provider
 * answering in 0.4–1.5 s (BENCH_INSTANT=1: at once). Printed: how many messages became readable in
 * all 4 other channels (as their own copy or inside a combined post), p50/p99 from sending to
 * readable everywhere, webhook posts made, 429s, and marks put on originals.
 * Uses only what the code of before also has, so it runs there too (copy it and bot-stack.ts into
 * that checkout).
 */
import type { Provider } from '../src/server/translation/providers/types';
import { makeGuild, makeMember, startFakeDiscord } from '../test/fakes/discord';
import { enforceRateLimits } from '../test/fakes/discord/rate-limits';
import { startBenchBot } from './bot-stack';
import { echoAnswer } from './echo-answer';

const RATE = Number(process.env.BENCH_RATE ?? 8);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 15);
const INSTANT = process.env.BENCH_INSTANT === '1';
const LANGS = ['en', 'es', 'fr', 'de', 'ja'];
const pct = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : Number.NaN;

const provider: Provider = {
  name: 'simulated',
  model: 'bench',
  async complete(req) {
    if (!INSTANT) await new Promise((r) => setTimeout(r, 400 + Math.random() * 1100));
    const text = echoAnswer(req.user);
    return { text, inputTokens: 100, outputTokens: 100 };
  },
};

const guild = makeGuild(
  'Busy',
  LANGS.map((l) => `chat-${l}`),
);
const fake = await startFakeDiscord({ guilds: [guild] });
const stack = await startBenchBot({
  name: 'bench-busy-',
  fake,
  guildId: guild.id,
  provider,
  bot: { retries: 3 },
});
const { db, admin } = stack;
const present = db.$sqlite!.prepare('select count(*) as n from guilds where id = ?');
while ((present.get(guild.id) as { n: number }).n === 0) await new Promise((r) => setTimeout(r, 20));
db.$sqlite!.prepare("update guilds set plan = 'pro' where id = ?").run(guild.id);
await admin.channels.create({
  guildId: guild.id,
  name: 'busy',
  mode: 'mirror',
  channels: guild.channels.slice(0, 5).map((c, i) => ({ channelId: c.id, language: LANGS[i] })),
});

const authors = Array.from({ length: 20 }, (_, i) => makeMember(`author-${i}`));
const sentAt = new Map<string, number>();
const readableAt = new Map<string, number>();
const seen = new Map<string, number>();
const TAG = /busy-\d+-[a-z0-9]+/g;
const origPush = fake.calls.push.bind(fake.calls);
fake.calls.push = (...calls) => {
  for (const c of calls) {
    if (c.method !== 'POST' || c.status !== 200 || !c.path.startsWith('/webhooks/')) continue;
    for (const tag of String(c.body?.content ?? '').match(TAG) ?? []) {
      const n = (seen.get(tag) ?? 0) + 1;
      seen.set(tag, n);
      if (n === LANGS.length - 1) readableAt.set(tag, performance.now());
    }
  }
  return origPush(...calls);
};
const send = (author: (typeof authors)[number], text: string) =>
  fake.sendMessage({ channelId: guild.channels[0].id, author: author.user, member: author, content: text });

// Warm-up: the webhooks exist before the clock starts.
send(authors[0], 'busy-0-warmup hello');
while (!readableAt.has('busy-0-warmup')) await new Promise((r) => setTimeout(r, 20));
await new Promise((r) => setTimeout(r, 2100));
const limits = enforceRateLimits(fake);
const firstCall = fake.calls.length;

const total = RATE * SECONDS;
const start = performance.now();
for (let i = 0; i < total; i++) {
  const wait = start + (i * 1000) / RATE - performance.now();
  if (wait > 0) await new Promise((r) => setTimeout(r, wait));
  const tag = `busy-${i + 1}-${Math.random().toString(36).slice(2, 8)}`;
  sentAt.set(tag, performance.now());
  send(
    authors[Math.floor(Math.random() * authors.length)],
    `${tag} line number ${i + 1} of the busy channel`,
  );
}
const deadline = performance.now() + 120_000;
while ([...sentAt.keys()].some((t) => !readableAt.has(t)) && performance.now() < deadline)
  await new Promise((r) => setTimeout(r, 100));
const latencies = [...sentAt]
  .flatMap(([t, at]) => (readableAt.has(t) ? [readableAt.get(t)! - at] : []))
  .sort((a, b) => a - b);
const calls = fake.calls.slice(firstCall);
const posts = calls.filter(
  (c) => c.method === 'POST' && c.status === 200 && c.path.startsWith('/webhooks/'),
).length;
const marks = calls.filter((c) => c.method === 'PUT' && c.path.includes('/reactions/')).length;
console.log(
  `busy channel ${RATE} msg/s × ${SECONDS} s, 20 authors, 5 languages, provider ${INSTANT ? 'instant' : '0.4–1.5 s'}, Discord's limits enforced`,
);
console.log(
  [
    `readable in all 4 channels: ${readableAt.size - 1}/${total}`,
    `p50 ${(pct(latencies, 50) / 1000).toFixed(1)} s`,
    `p99 ${(pct(latencies, 99) / 1000).toFixed(1)} s`,
    `webhook posts ${posts} (${(posts / total).toFixed(2)} per message, 4 channels)`,
    `429s webhook ${limits.webhook429} / global ${limits.global429}`,
    `marks on originals ${marks}`,
  ].join(' | '),
);
await stack.close();
await fake.close();
process.exit(0);
