/**
 * `npm run bench:capacity` (issue 24): the translation engine at real load, on a real database:
 * every row on a temporary SQLite file, then on PostgreSQL (BENCH_DATABASE_URL, else a throwaway
 * cluster as the tests start one; BENCH_ENGINES=sqlite or =postgres runs one). The provider answers in
 * 0.4–1.5 s (uniform; BENCH_INSTANT=1: at once), single and batch requests, verdicts when asked,
 * and refuses with 429 past PROVIDER_QUOTA calls in flight, as a quota does.
 *
 * Rows: one busy 5-language channel at 5, 8, 10, 20 msg/s (and 8 msg/s with AI moderation on),
 * then N servers with one channel each at 1 msg/s. Each row sends for BENCH_SECONDS (15) and waits
 * for every answer. Printed: delivered/s while sending, copied %, p50/p99 from arrival to answer,
 * provider calls per message, 429s the provider gave, failures per reason (the bot marks these and
 * tries again; engine-level here, so "shed" is what would get 🕓).
 *
 * The same file runs against the code of before (copy it into a checkout of the old commit), so
 * before/after figures come from one session: it uses only createTranslator and translate().
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { openDb, rawRun } from '../db/client';
import { loadEnv } from '../src/server/core/env';
import { ensureGuild } from '../src/server/core/guilds';
import { explainTranslationFailure } from '../src/server/features/translation/failures';
import { createTranslator } from '../src/server/translation';
import { serverPromptSource } from '../src/server/app/services';
import type { Provider } from '../src/server/translation/providers/types';
import { ProviderHttpError } from '../src/server/translation/providers/types';
import { ident, startTestCluster, withAdmin, withDatabase } from '../test/helpers/postgres-cluster';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 15);
const INSTANT = process.env.BENCH_INSTANT === '1';
const PROVIDER_QUOTA = Number(process.env.BENCH_PROVIDER_QUOTA ?? 400);
const TARGETS = ['es', 'fr', 'de', 'ja', 'pt'];
const LINES = [
  'anyone up for the dungeon tonight?',
  'yeah I can join after dinner, around 9',
  'bring them, the boss hits hard in phase 2 <@123456789012345678>',
  'lol last time we wiped three times 😂',
  'check the guide here https://example.com/guide it explains **everything**',
];

interface Counters {
  calls: number;
  refused: number;
  inFlight: number;
  peak: number;
}

function provider(c: Counters): Provider {
  return {
    name: 'simulated',
    model: 'bench',
    async complete(req) {
      if (c.inFlight >= PROVIDER_QUOTA) {
        c.refused += 1;
        throw new ProviderHttpError('simulated provider answered 429', 429, 200);
      }
      c.calls += 1;
      c.inFlight += 1;
      c.peak = Math.max(c.peak, c.inFlight);
      try {
        if (!INSTANT) await new Promise((r) => setTimeout(r, 400 + Math.random() * 1100));
        const ask = JSON.parse(req.user) as {
          text?: string;
          messages?: { id: string; text: string }[];
          targets: string[];
          moderate?: boolean;
        };
        const verdict = ask.moderate ? { moderation: { flagged: false, category: 'none', reason: '' } } : {};
        const tr = (t: string) => Object.fromEntries(ask.targets.map((code) => [code, `[${code}] ${t}`]));
        const text = ask.messages
          ? JSON.stringify({
              items: ask.messages.map((m) => ({
                id: m.id,
                source: 'en',
                translations: tr(m.text),
                ...verdict,
              })),
            })
          : JSON.stringify({ source: 'en', translations: tr(ask.text ?? ''), ...verdict });
        return {
          text,
          inputTokens: Math.ceil((req.system.length + req.user.length) / 4),
          outputTokens: text.length / 4,
        };
      } finally {
        c.inFlight -= 1;
      }
    },
  };
}

const pct = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : Number.NaN;

/** The PostgreSQL database of this run (null: SQLite files). */
let url: string | null = null;

async function row(label: string, servers: number, ratePerServer: number, moderate: boolean) {
  const dir = mkdtempSync(join(tmpdir(), 'bench-capacity-'));
  const db = await openDb(url ?? join(dir, 'app.db'));
  const run = `${Date.now().toString(36)}`;
  const guildIds = Array.from({ length: servers }, (_, i) => `cap-${run}-${i}`);
  for (const g of guildIds) {
    await ensureGuild(db, g);
    await rawRun(db, sql`update guilds set plan = 'pro' where id = ${g}`);
  }
  const c: Counters = { calls: 0, refused: 0, inFlight: 0, peak: 0 };
  const translator = createTranslator({
    db,
    prompt: serverPromptSource(db),
    env: loadEnv({ DATABASE_PATH: join(dir, 'app.db') }),
    clock: () => new Date(),
    provider: provider(c),
    // The cache would answer repeated lines without a call; every message here is new anyway.
  });
  const latencies: number[] = [];
  const failures = new Map<string, number>();
  let delivered = 0;
  let deliveredWhileSending = 0;
  let sending = true;
  const pending: Promise<void>[] = [];
  const total = Math.round(SECONDS * ratePerServer);
  const start = performance.now();
  // Each server's messages at a steady rate, servers spread evenly over the period.
  const schedule: { at: number; guild: number; i: number }[] = [];
  for (let g = 0; g < servers; g++)
    for (let i = 0; i < total; i++)
      schedule.push({ at: (i * 1000) / ratePerServer + (g * 1000) / ratePerServer / servers, guild: g, i });
  schedule.sort((a, b) => a.at - b.at);
  for (const s of schedule) {
    const wait = start + s.at - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    const sent = performance.now();
    pending.push(
      translator
        .translate({
          text: `${LINES[s.i % LINES.length]} (#${s.guild}.${s.i})`,
          targets: TARGETS,
          source: 'en',
          origin: 'mirror',
          guildId: guildIds[s.guild],
          channelId: `ch-${s.guild}`,
          moderate,
        })
        .then(
          () => {
            latencies.push(performance.now() - sent);
            delivered += 1;
            if (sending) deliveredWhileSending += 1;
          },
          (err) => {
            const kind = explainTranslationFailure(err, 'http://bench').kind;
            failures.set(kind, (failures.get(kind) ?? 0) + 1);
          },
        ),
    );
  }
  const sendingSeconds = (performance.now() - start) / 1000;
  sending = false;
  await Promise.all(pending);
  latencies.sort((a, b) => a - b);
  const n = schedule.length;
  const failed = [...failures].map(([k, v]) => `${k} ${v}`).join(', ') || '0';
  console.log(
    [
      label.padEnd(34),
      `${(deliveredWhileSending / sendingSeconds).toFixed(1).padStart(6)} /s`,
      `${((delivered / n) * 100).toFixed(1).padStart(5)} %`,
      `p50 ${(pct(latencies, 50) / 1000).toFixed(2).padStart(5)} s`,
      `p99 ${(pct(latencies, 99) / 1000).toFixed(2).padStart(5)} s`,
      `${(c.calls / n).toFixed(2)} calls/msg`,
      `peak ${String(c.peak).padStart(3)} in flight`,
      `429s ${c.refused}`,
      `not delivered: ${failed}`,
    ].join(' | '),
  );
  await db.$close();
  rmSync(dir, { recursive: true, force: true });
}

const only = process.env.BENCH_ROWS?.split(',');
const want = (key: string) => !only || only.includes(key);
const engines = (process.env.BENCH_ENGINES ?? 'sqlite,postgres').split(',');

async function rows(engine: string) {
  console.log(
    `\n${engine}: provider ${INSTANT ? 'instant' : '0.4–1.5 s'}, quota ${PROVIDER_QUOTA} in flight; ${SECONDS} s of messages per row, 5 languages`,
  );
  console.log(
    'row                                | delivered/s | copied | p50 | p99 | calls/msg | peak | 429s | not delivered (per reason)',
  );
  for (const rate of [5, 8, 10, 20])
    if (want(`busy${rate}`)) await row(`busy channel ${rate} msg/s`, 1, rate, false);
  if (want('busy8mod')) await row('busy channel 8 msg/s, moderation on', 1, 8, true);
  for (const n of [30, 100]) if (want(`servers${n}`)) await row(`${n} servers × 1 msg/s`, n, 1, false);
}

if (engines.includes('sqlite')) await rows('SQLite');
if (engines.includes('postgres')) {
  url = process.env.BENCH_DATABASE_URL ?? null;
  const cluster = url ? null : await startTestCluster();
  if (cluster) {
    await withAdmin(cluster.adminUrl, (c) => c.query(`create database ${ident('bench_capacity')}`));
    url = withDatabase(cluster.adminUrl, 'bench_capacity');
  }
  await rows('PostgreSQL');
  await cluster?.stop();
}
process.exit(0);
