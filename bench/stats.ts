/**
 * npx tsx bench/stats.ts — how long the dashboard aggregates take (stats.guild, stats.activity,
 * analytics.get, stats.global) on a temporary SQLite file: a demo-sized guild (~3000 logs) and a
 * large one (BENCH_BIG_LOGS, default 100000 logs over 90 days in time order as the engine writes
 * them, 1000 members). Prints mean ms per call.
 * These run synchronously on the server's thread, so they are also how long a call blocks it.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { openDb } from '../db/client';
import { seedDemo } from '../db/demo';
import { guilds } from '../db/schema';
import { globalStats, guildActivity, guildAnalytics, guildStats } from '../src/server/features/stats/stats';

const BIG_LOGS = Number(process.env.BENCH_BIG_LOGS ?? 100_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 10);
const dir = mkdtempSync(join(tmpdir(), 'bench-stats-'));
const db = await openDb(join(dir, 'app.db'));
const now = new Date();

await seedDemo(db, 'demo', now);
await db.insert(guilds).values({ id: 'big', plan: 'pro' }).run();
const insert = db.$sqlite!.prepare(
  `insert into translation_logs (guild_id, user_id, username, source_language, target_language, characters,
     latency_ms, outcome, source, created_at) values ('big', ?, ?, ?, ?, 80, ?, ?, 'mirror', ?)`,
);
const langs = ['en', 'es', 'fr', 'de', 'pt', 'ja', 'ko', 'ru'];
let seed = 42;
const rnd = () => {
  seed = (seed * 1103515245 + 12345) % 2147483648;
  return seed / 2147483648;
};
db.$sqlite!.transaction(() => {
  for (let i = 0; i < BIG_LOGS; i++) {
    const user = Math.floor(rnd() ** 2 * 1000);
    const from = langs[Math.floor(rnd() * langs.length)];
    const to = langs[(langs.indexOf(from) + 1 + Math.floor(rnd() * 7)) % langs.length];
    const outcome = rnd() < 0.02 ? 'error' : 'ok';
    insert.run(
      `u${user}`,
      `member${user}`,
      from,
      to,
      200 + Math.floor(rnd() * 900),
      outcome,
      now.getTime() - 90 * 86_400_000 + Math.floor(((i + rnd()) / BIG_LOGS) * 90 * 86_400_000),
    );
  }
})();
db.$sqlite!.pragma('wal_checkpoint(TRUNCATE)');

function time(fn: () => unknown): string {
  fn();
  const start = performance.now();
  for (let i = 0; i < RUNS; i++) fn();
  return ((performance.now() - start) / RUNS).toFixed(1);
}

console.log(`load average ${loadavg()[0].toFixed(1)}; ${RUNS} runs each; big guild ${BIG_LOGS} logs`);
for (const guildId of ['demo', 'big']) {
  console.log(
    `${guildId.padEnd(5)} stats.guild ${time(async () => await guildStats(db, guildId, now))} ms | stats.activity ${time(async () => await guildActivity(db, guildId, now))} ms | analytics.get ${time(async () => await guildAnalytics(db, guildId, now))} ms`,
  );
}
console.log(`stats.global ${time(async () => await globalStats(db))} ms`);
db.$sqlite!.close();
rmSync(dir, { recursive: true, force: true });
