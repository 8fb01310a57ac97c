/**
 * npm run bench:analytics — the dashboard figures of one big server (stats.guild, stats.activity,
 * analytics.get) before the rollups (the scans of translation_logs, test/helpers/analytics-reference.ts)
 * and after (src/server/features/stats/stats.ts over the analytics_* rollups), at 100k and 1M logs
 * (BENCH_SIZES=100000,1000000), on a temporary SQLite file. Also what the rollup triggers cost on the
 * write path (ms per 1000 log inserts) and what the migration's backfill takes. Prints mean ms per call.
 * The figures run synchronously on the server's thread: they are also how long a call blocks it.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { openDb } from '../db/client';
import { guilds } from '../db/schema';
import { LOG_INSERT_SQL, logRows } from './analytics-logs';
import { guildActivity, guildAnalytics, guildStats } from '../src/server/features/stats/stats';
import { rawGuildActivity, rawGuildAnalytics, rawGuildStats } from '../test/helpers/analytics-reference';

const SIZES = (process.env.BENCH_SIZES ?? '100000,1000000').split(',').map(Number);
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const DAY = 86_400_000;
const now = new Date();
const ROLLUPS = [
  'analytics_daily',
  'analytics_hours',
  'analytics_member_days',
  'analytics_members',
  'analytics_language_members',
];

/** Mean ms of `runs` calls after one warm-up; each call is awaited (the aggregates are async). */
async function time(fn: () => unknown, runs = RUNS): Promise<number> {
  await fn();
  const start = performance.now();
  for (let i = 0; i < runs; i++) await fn();
  return (performance.now() - start) / runs;
}

const migrations = new URL('../migrations/', import.meta.url);
const rollupsMigration = readdirSync(migrations).find((f) => f.endsWith('_analytics_rollups.sql'));
const backfill = readFileSync(new URL(rollupsMigration ?? 'missing', migrations), 'utf8')
  .split('--> statement-breakpoint')
  .map((s) => s.trim())
  .filter((s) => /^(-- .*\n)*INSERT INTO analytics_/.test(s));

console.log(`load average ${loadavg()[0].toFixed(1)}; ${RUNS} runs each; one server, 1000 members, 90 days`);
for (const size of SIZES) {
  const dir = mkdtempSync(join(tmpdir(), 'bench-analytics-'));
  const db = await openDb(join(dir, 'app.db'));
  await db.insert(guilds).values({ id: 'small' }).run();
  await db.insert(guilds).values({ id: 'big', plan: 'pro' }).run();
  const insert = db.$sqlite!.prepare(LOG_INSERT_SQL);
  const row = logRows(now, size);
  // The trigger cost per insert, measured on a small server with and without the triggers.
  const triggers = db
    .$sqlite!.prepare(
      "select name, sql from sqlite_master where type = 'trigger' and name like 'analytics_%'",
    )
    .all() as { name: string; sql: string }[];
  const small = db.$sqlite!.prepare(
    `insert into translation_logs (guild_id, user_id, username, source_language, target_language, characters,
       latency_ms, outcome, created_at) values ('small', ?, 'x', 'en', 'fr', 80, 300, 'ok', ?)`,
  );
  const thousand = () =>
    db.$sqlite!.transaction(() => {
      for (let i = 0; i < 1000; i++) small.run(`u${i % 50}`, now.getTime() - (i % 30) * DAY);
    })();
  const withTriggers = await time(thousand, 3);
  for (const t of triggers) db.$sqlite!.exec(`drop trigger ${t.name}`);
  const withoutTriggers = await time(thousand, 3);

  // Seeding without the triggers (one transaction, one prepared statement), then the migration's
  // backfill of every rollup from the logs, as on an installation upgraded with logs in place.
  let start = performance.now();
  db.$sqlite!.transaction(() => {
    for (let i = 0; i < size; i++) insert.run(...row(i));
  })();
  const seedMs = performance.now() - start;
  for (const t of triggers) db.$sqlite!.exec(t.sql);
  start = performance.now();
  db.$sqlite!.transaction(() => {
    for (const t of ROLLUPS) db.$sqlite!.prepare(`delete from ${t}`).run();
    for (const s of backfill) db.$sqlite!.prepare(s).run();
  })();
  const backfillMs = performance.now() - start;
  db.$sqlite!.pragma('wal_checkpoint(TRUNCATE)');

  const rollupRows = ROLLUPS.map(
    (t) =>
      (db.$sqlite!.prepare(`select count(*) as n from ${t} where guild_id = 'big'`).get() as { n: number }).n,
  ).reduce((a, b) => a + b, 0);
  console.log(
    `\n${size.toLocaleString('en')} logs: seeded in ${(seedMs / 1000).toFixed(1)} s; ` +
      `${rollupRows.toLocaleString('en')} rollup rows; backfill ${(backfillMs / 1000).toFixed(2)} s; ` +
      `1000 inserts ${withoutTriggers.toFixed(1)} ms without triggers, ${withTriggers.toFixed(1)} ms with`,
  );
  for (const [name, before, after] of [
    ['stats.guild', rawGuildStats, guildStats],
    ['stats.activity', rawGuildActivity, guildActivity],
    ['analytics.get', rawGuildAnalytics, guildAnalytics],
  ] as const) {
    const b = await time(() => before(db, 'big', now), size > 200_000 ? 2 : RUNS);
    const a = await time(() => after(db, 'big', now));
    console.log(
      `  ${name.padEnd(15)} before ${b.toFixed(1).padStart(7)} ms | after ${a.toFixed(2).padStart(6)} ms | ${(b / a).toFixed(0)}x`,
    );
  }
  db.$sqlite!.close();
  rmSync(dir, { recursive: true, force: true });
}
