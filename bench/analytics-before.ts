/**
 * npx tsx bench/analytics-before.ts [commit] — the dashboard reads (stats.guild, stats.activity,
 * analytics.get) of this tree against those of an earlier commit (default ea290cf, before issue 25's
 * read fixes), on one temporary SQLite file of BENCH_LOGS logs (default 1M; one server, 1,000
 * members, 90 days), in one run: the earlier stats.ts is taken from git into .tmp/, and the
 * earlier schema is obtained by dropping this tree's newer index (analytics_daily_pairs) for the
 * "before" calls. Calls alternate in rounds (before without the index, after with it) so that the
 * machine's load falls on both alike. Prints p50 / p99 / max ms per call, in-process (no HTTP).
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { openDb } from '../db/client';
import { guilds } from '../db/schema';
import { seedLogs } from './analytics-logs';
import * as after from '../src/server/features/stats/stats';

const commit = process.argv[2] ?? 'ea290cf';
const SIZE = Number(process.env.BENCH_LOGS ?? 1_000_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 10);
const PER_ROUND = 10;
const root = new URL('../', import.meta.url).pathname;
const old = execFileSync('git', ['show', `${commit}:src/server/features/stats/stats.ts`], {
  cwd: root,
  encoding: 'utf8',
})
  .replaceAll("'../../../../db/", "'../db/")
  .replaceAll("'../../../common/", "'../src/common/");
mkdirSync(join(root, '.tmp'), { recursive: true });
const oldFile = join(root, '.tmp', `stats-${commit}.ts`);
writeFileSync(oldFile, old);
const before = (await import(oldFile)) as typeof after;

const now = new Date();
const dir = mkdtempSync(join(tmpdir(), 'bench-analytics-before-'));
const db = await openDb(join(dir, 'app.db'));
const lite = db.$sqlite!;
await db.insert(guilds).values({ id: 'big', plan: 'pro' }).run();
seedLogs(lite, now, SIZE);
const index = (
  lite.prepare("select sql from sqlite_master where name = 'analytics_daily_pairs'").get() as { sql: string }
).sql;

const calls = [
  ['stats.guild', 'guildStats'],
  ['stats.activity', 'guildActivity'],
  ['analytics.get', 'guildAnalytics'],
] as const;
const times = new Map<string, number[]>();
async function round(label: 'before' | 'after', impl: typeof after) {
  for (const [name, fn] of calls) {
    await impl[fn](db, 'big', now); // warm-up after the schema change
    const list = times.get(`${name} ${label}`) ?? [];
    times.set(`${name} ${label}`, list);
    for (let i = 0; i < PER_ROUND; i++) {
      const start = performance.now();
      await impl[fn](db, 'big', now);
      list.push(performance.now() - start);
    }
  }
}
for (let r = 0; r < ROUNDS; r++) {
  lite.exec('drop index analytics_daily_pairs');
  await round('before', before);
  lite.exec(index);
  await round('after', after);
}
const q = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(p * xs.length))];
console.log(
  `${SIZE.toLocaleString('en')} logs, ${commit} against this tree, ${ROUNDS * PER_ROUND} calls each, load average ${loadavg()[0].toFixed(1)}`,
);
for (const [name] of calls) {
  const b = times.get(`${name} before`) ?? [];
  const a = times.get(`${name} after`) ?? [];
  const f = (xs: number[]) =>
    `${q(xs, 0.5).toFixed(1)} / ${q(xs, 0.99).toFixed(1)} / ${Math.max(...xs).toFixed(1)}`;
  console.log(
    `  ${name.padEnd(15)} before p50/p99/max ${f(b).padStart(18)} ms | after ${f(a).padStart(18)} ms | p50 ${(q(b, 0.5) / q(a, 0.5)).toFixed(1)}x, p99 ${(q(b, 0.99) / q(a, 0.99)).toFixed(1)}x`,
  );
}
lite.close();
rmSync(dir, { recursive: true, force: true });
rmSync(oldFile, { force: true });
