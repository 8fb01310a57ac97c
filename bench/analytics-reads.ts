/**
 * npm run bench:analytics-reads (issue 25): what one stats or analytics read costs at --logs
 * translation logs (default 1M, bench/analytics-logs.ts), in process, one read at a time, in the
 * three ways a read can run on a SQLite file:
 *   main:        on the main connection, on the thread that also delivers the bot's messages;
 *   main+yield:  the same, giving the loop a turn before each statement (a read then holds the loop
 *                one statement at a time, but all of its CPU is still the delivering thread's);
 *   worker:      offloadedReads (db/sqlite-read-executor.ts), on the read worker's connection.
 * Printed per way and path: the main thread's CPU per read (/proc/self/task/<pid>/schedstat, in ns:
 * the delivering thread's share), the whole process's (process.cpuUsage, the worker included),
 * latency p50/p99; the ways alternate over --rounds so the machine's load falls on all alike.
 * Then each statement of each path with its own CPU time (run alone, synchronously) and query plan:
 * where a read's CPU goes. Options: --logs 1000000 --reads 100 --rounds 2.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { type Db, offloadedReads, openDb } from '../db/client';
import type { Executor } from '../db/executor';
import { guilds } from '../db/schema';
import { last30Days, providerShares } from '../src/server/features/analytics/providers';
import { guildActivity, guildAnalytics, guildStats } from '../src/server/features/stats/stats';
import { skippedTrivialCount } from '../src/server/features/translation/skipped';
import { untranslatedCounts } from '../src/server/features/translation/untranslated';
import { seedLogs } from './analytics-logs';

const { values } = parseArgs({
  options: {
    logs: { type: 'string', default: '1000000' },
    reads: { type: 'string', default: '100' },
    rounds: { type: 'string', default: '2' },
  },
});
const LOGS = Number(values.logs);
const READS = Number(values.reads);
const ROUNDS = Number(values.rounds);
const GUILD = 'big';

/** CPU ns the main thread ran so far (the first field of its schedstat). */
const mainNs = () => Number(readFileSync(`/proc/self/task/${process.pid}/schedstat`, 'utf8').split(' ')[0]);
const processMs = () => {
  const c = process.cpuUsage();
  return (c.user + c.system) / 1000;
};

/** The three GET paths' figures, read through `db` as the procedures read them. */
const paths: [string, (db: Db) => Promise<unknown>][] = [
  ['/api/stats', (db) => guildStats(db, GUILD, new Date())],
  ['/api/activity', (db) => guildActivity(db, GUILD, new Date())],
  [
    '/api/analytics',
    (db) => {
      const now = new Date();
      const { since, until } = last30Days(now);
      return Promise.all([
        guildAnalytics(db, GUILD, now),
        untranslatedCounts(db, GUILD, now),
        skippedTrivialCount(db, GUILD, now),
        providerShares(db, GUILD, since, until, []),
      ]);
    },
  ],
];

const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

async function main() {
  const dir = mkdtempSync(join(tmpdir(), 'bench-analytics-reads-'));
  const db = await openDb(join(dir, 'bench.db'));
  try {
    await db.insert(guilds).values({ id: GUILD, name: 'Big', plan: 'pro' }).run();
    const seconds = seedLogs(db.$sqlite!, new Date(), LOGS, GUILD);
    console.log(
      `${LOGS.toLocaleString('en')} logs of one server (seeded in ${seconds.toFixed(1)} s); ${READS} reads per path, way and round, one at a time; ` +
        `${cpus().length} CPUs, load average ${loadavg()
          .map((n) => n.toFixed(1))
          .join(' ')}`,
    );
    // main+yield: the main connection's executor, a turn of the loop before each statement.
    const exec = db.$exec;
    let yielding = false;
    const query: Executor['query'] = exec.query.bind(exec);
    exec.query = async (text, params, shape) => {
      if (yielding) await new Promise((turn) => setImmediate(turn));
      return await query(text, params, shape);
    };
    const ways: [string, Db, boolean][] = [
      ['main', db, false],
      ['main+yield', db, true],
      ['worker', offloadedReads(db), false],
    ];
    const results = new Map<string, { main: number; process: number; n: number; latencies: number[] }>();
    for (let round = 0; round < ROUNDS; round++)
      for (const [way, handle, y] of round % 2 ? [...ways].reverse() : ways) {
        yielding = y;
        for (const [path, read] of paths) {
          for (let i = 0; i < 5; i++) JSON.stringify(await read(handle));
          const key = `${way} ${path}`;
          const r = results.get(key) ?? { main: 0, process: 0, n: 0, latencies: [] };
          results.set(key, r);
          const main0 = mainNs();
          const process0 = processMs();
          for (let i = 0; i < READS; i++) {
            const start = performance.now();
            JSON.stringify(await read(handle));
            r.latencies.push(performance.now() - start);
          }
          r.main += (mainNs() - main0) / 1e6;
          r.process += processMs() - process0;
          r.n += READS;
        }
      }
    yielding = false;
    console.log('\nper read (ms): main thread CPU | whole process CPU | latency p50 / p99');
    for (const [path] of paths) {
      console.log(`  ${path}`);
      for (const [way] of ways) {
        const r = results.get(`${way} ${path}`)!;
        const sorted = r.latencies.sort((a, b) => a - b);
        console.log(
          `    ${way.padEnd(11)} ${(r.main / r.n).toFixed(2).padStart(6)} | ${(r.process / r.n).toFixed(2).padStart(6)} | ${pct(sorted, 50).toFixed(2)} / ${pct(sorted, 99).toFixed(2)}`,
        );
      }
    }

    // Each statement of each path, alone: its time and plan.
    console.log(
      '\nstatements per path, each run alone on the main connection (CPU ms, mean of 100), with its plan:',
    );
    const seen: { text: string; params: readonly unknown[] }[] = [];
    exec.query = async (text, params, shape) => {
      seen.push({ text, params });
      return await query(text, params, shape);
    };
    const lite = db.$sqlite!;
    for (const [path, read] of paths) {
      seen.length = 0;
      await read(db);
      let sum = 0;
      const lines: string[] = [];
      for (const { text, params } of seen) {
        const stmt = lite.prepare(text);
        const start = mainNs();
        for (let i = 0; i < 100; i++) stmt.raw(true).all(...params);
        const ms = (mainNs() - start) / 1e6 / 100;
        sum += ms;
        const plan = (lite.prepare(`explain query plan ${text}`).all(...params) as { detail: string }[])
          .map((r) => r.detail)
          .join('; ');
        lines.push(
          `    ${ms.toFixed(3)} ms  ${text.replace(/\s+/g, ' ').slice(0, 110)}\n               plan: ${plan}`,
        );
      }
      console.log(`  ${path}: ${seen.length} statements, ${sum.toFixed(2)} ms together`);
      for (const l of lines) console.log(l);
    }
  } finally {
    await db.$close();
    rmSync(dir, { recursive: true, force: true });
  }
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
