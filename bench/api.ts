/**
 * npm run bench:api: API reads at fixed rates, open loop (issue 25). Requests leave on a schedule
 * (N per second, spread evenly, whatever the answers do) across the spec's GET paths in turn, and
 * each latency counts from when its request was due, so a stalled server shows up in the tail
 * instead of slowing the load (closed-loop benches, which wait for answers, hide it). Prints
 * p50/p99/p99.9 and errors per path at each rate, and the server's CPU time per request (which,
 * unlike latency, does not grow with what else runs on the machine).
 *
 * The server is the production build (scripts/build-server.mjs, run with plain node) on a SQLite
 * file with demo data, in its own process. `--before <git revision>` builds that revision the same
 * way and runs the same load against it first: before and after from one run.
 * Options: --rates 100,500,1000 --seconds 5 --before <rev>; --profile <folder> writes a CPU profile
 * of each server (node --cpu-prof) there, to open in Chrome's DevTools or read with a script.
 * --alternate <rounds> (with --before): instead of the rates, both servers run side by side and
 * their CPU per read is measured in turn, round after round (bench/api-alternate.ts).
 * --node-args='<options>': this tree's server once more, started with those node options (say
 * --max-semi-space-size=32), measured beside it.
 * --paths <a,b,...>: those paths instead of the spec's (--paths /healthz gives the floor of the machine
 * and the load generator).
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { eq } from 'drizzle-orm';
import { openDb } from '../db/client';
import { seedDemo } from '../db/demo';
import { channelLinkChannels, channelLinks, guilds } from '../db/schema';
import { alternate, type RunningServer } from './api-alternate';
import {
  buildFor,
  cpuMs,
  get,
  openLoop,
  type PathStats,
  pct,
  ROOT,
  startServer,
  stopServer,
} from './http-load';

const { values } = parseArgs({
  options: {
    rates: { type: 'string', default: '100,500,1000' },
    seconds: { type: 'string', default: '5' },
    before: { type: 'string' },
    profile: { type: 'string' },
    alternate: { type: 'string' },
    paths: { type: 'string' },
    'node-args': { type: 'string' },
  },
});
const RATES = values.rates.split(',').map(Number);
const SECONDS = Number(values.seconds);
const TOKEN = 'bench-admin-token-0123456789abcdef';
const GUILD = 'default';

/**
 * The spec's GET paths (section 5's table) that need no id of a row, as the admin reads them.
 * /api/global-stats is left out: it is public, cached for 30 s and limited per address, so at these
 * rates from one address it answers 429, as it should.
 */
const SPEC_PATHS = [
  `/api/stats?guildId=${GUILD}`,
  `/api/activity?guildId=${GUILD}`,
  '/api/translation/settings',
  '/api/channels/links',
  '/api/polls',
  '/api/welcome',
  '/api/reaction-roles',
  '/api/moderation/rules',
  '/api/moderation/logs',
  '/api/analytics',
  '/api/config',
  '/api/announcements',
  `/api/discord/channels?guildId=${GUILD}`,
  `/api/tickets?guildId=${GUILD}`,
];
/**
 * `--paths /healthz` (or any list) measures other paths instead: /healthz does almost no work, so
 * its figures at a rate are this machine's and the load generator's floor under the API's.
 */
const PATHS = values.paths ? values.paths.split(',') : SPEC_PATHS;

/** Demo data, plus a realistic set of channel links when the demo has none. */
async function prepareDatabase(path: string): Promise<string> {
  const db = await openDb(path);
  const summary = await seedDemo(db, GUILD, new Date());
  await db.insert(guilds).values({ id: GUILD, name: 'Bench Guild', plan: 'pro' }).onConflictDoNothing().run();
  const existing = await db
    .select({ id: channelLinks.id })
    .from(channelLinks)
    .where(eq(channelLinks.guildId, GUILD))
    .all();
  if (existing.length < 8) {
    const languages = ['en', 'es', 'fr', 'de', 'ja', 'pt'];
    for (let l = 0; l < 8; l++) {
      const link = await db
        .insert(channelLinks)
        .values({ guildId: GUILD, name: `Link ${l + 1}`, mode: 'mirror' })
        .returning({ id: channelLinks.id })
        .get();
      for (const [position, language] of languages.slice(0, 3 + (l % 3)).entries()) {
        await db
          .insert(channelLinkChannels)
          .values({ linkId: link.id, channelId: `9${l}0000000000000${position}`, language, position })
          .run();
      }
    }
  }
  db.$sqlite!.close();
  return summary;
}

/** The web tier alone on the demo file (optionally under node --cpu-prof), with `extra` node options. */
function startWeb(main: string, dbPath: string, extra: string[] = []) {
  const profile = values.profile ? ['--cpu-prof', `--cpu-prof-dir=${resolve(values.profile)}`] : [];
  return startServer(
    main,
    { NODE_ENV: 'production', PORT: '0', HOST: '127.0.0.1', DATABASE_PATH: dbPath, ADMIN_TOKEN: TOKEN },
    ['--web'],
    [...profile, ...extra],
  );
}

/** A server to measure: its label, its built main.js, and the node options it starts with. */
type Variant = [label: string, main: string, nodeArgs: string[]];

interface Summary {
  p50: number;
  p99: number;
  p999: number;
  errors: number;
  n: number;
}

function summarize(stats: Map<string, PathStats>): Map<string, Summary> {
  const out = new Map<string, Summary>();
  const all: number[] = [];
  let errors = 0;
  for (const [path, s] of stats) {
    const sorted = [...s.latencies].sort((a, b) => a - b);
    all.push(...sorted);
    errors += s.errors;
    out.set(path, {
      p50: pct(sorted, 50),
      p99: pct(sorted, 99),
      p999: pct(sorted, 99.9),
      errors: s.errors,
      n: sorted.length,
    });
  }
  all.sort((a, b) => a - b);
  out.set('all paths', { p50: pct(all, 50), p99: pct(all, 99), p999: pct(all, 99.9), errors, n: all.length });
  return out;
}

async function measure(
  label: string,
  main: string,
  dbPath: string,
  nodeArgs: string[],
): Promise<Map<number, Map<string, Summary>>> {
  const server = await startWeb(main, dbPath, nodeArgs);
  try {
    // Warm-up: every path a few times, two seconds at the highest rate, then a second at the lowest.
    // V8 compiles the hot paths on a background thread of the same process during the first
    // thousands of requests: with a shorter warm-up, that compiling was counted as the first rate's
    // CPU per request (1.5 ms at 100 req/s, 1.06 ms at the same rate once warm, one run).
    for (let k = 0; k < 5; k++) for (const p of PATHS) await get(new URL(server.url), p, TOKEN);
    await openLoop(server.url, PATHS, TOKEN, Math.max(...RATES), 2);
    await openLoop(server.url, PATHS, TOKEN, RATES[0] as number, 1);
    const byRate = new Map<number, Map<string, Summary>>();
    for (const rate of RATES) {
      const cpu0 = cpuMs(server.child.pid as number);
      const last = await openLoop(server.url, PATHS, TOKEN, rate, SECONDS);
      byRate.set(rate, summarize(last));
      const all = byRate.get(rate)?.get('all paths') as Summary;
      const cpuPerRequest = (cpuMs(server.child.pid as number) - cpu0) / all.n;
      const failures = new Map<number, number>();
      for (const s of last.values())
        for (const [status, n] of s.failures) failures.set(status, (failures.get(status) ?? 0) + n);
      const failed = [...failures].map(([status, n]) => `${n} x ${status === 0 ? 'no answer' : status}`);
      console.log(
        `  ${label} ${String(rate).padStart(5)} req/s: p50 ${all.p50.toFixed(2)} ms, p99 ${all.p99.toFixed(2)} ms, p99.9 ${all.p999.toFixed(2)} ms, errors ${all.errors}${failed.length ? ` (${failed.join(', ')})` : ''}; server CPU ${cpuPerRequest.toFixed(2)} ms per request`,
      );
    }
    return byRate;
  } finally {
    await stopServer(server.child);
  }
}

/** --alternate: every variant's server at once, each warmed up, then measured in turn. */
async function alternateVariants(variants: Variant[], dbPath: string, rounds: number) {
  const servers: RunningServer[] = [];
  try {
    for (const [label, main, args] of variants)
      servers.push({ label, ...(await startWeb(main, dbPath, args)) });
    for (const s of servers) {
      for (let k = 0; k < 5; k++) for (const p of PATHS) await get(new URL(s.url), p, TOKEN);
      await openLoop(s.url, PATHS, TOKEN, Math.max(...RATES), 2);
    }
    return await alternate(servers, PATHS, TOKEN, rounds);
  } finally {
    for (const s of servers) await stopServer(s.child);
  }
}

async function main() {
  mkdirSync(join(ROOT, '.tmp'), { recursive: true });
  const work = mkdtempSync(join(ROOT, '.tmp', 'bench-api-'));
  const dir = mkdtempSync(join(tmpdir(), 'polyglot-bench-'));
  const dbPath = join(dir, 'app.db');
  try {
    const summary = await prepareDatabase(dbPath);
    const variants: Variant[] = [];
    if (values.before) variants.push([`before (${values.before})`, await buildFor(values.before, work), []]);
    const after = await buildFor(undefined, work);
    variants.push(['after (this tree)', after, []]);
    // --node-args: this tree's server again, started with those node options (GC settings, say).
    const nodeArgs = values['node-args']?.split(' ').filter(Boolean);
    if (nodeArgs?.length) variants.push([`after, node ${nodeArgs.join(' ')}`, after, nodeArgs]);
    console.log(`Demo data: ${summary}`);
    const load = `${cpus().length} CPUs, load average ${loadavg()
      .map((n) => n.toFixed(1))
      .join(' ')} (figures are only comparable within one run)`;
    console.log(
      values.alternate
        ? `Side by side, in turn: ${values.alternate} rounds of 400 reads of each path (${PATHS.length}), 4 in flight; ${load}\n`
        : `Open loop, paths in turn (${PATHS.length}), ${SECONDS} s per rate; ${load}\n`,
    );
    if (values.alternate) {
      if (!(await alternateVariants(variants, dbPath, Number(values.alternate)))) process.exitCode = 1;
      return;
    }
    const results: [string, Map<number, Map<string, Summary>>][] = [];
    for (const [label, main, args] of variants)
      results.push([label, await measure(label, main, dbPath, args)]);

    let failed = false;
    for (const rate of RATES) {
      console.log(`\n${rate} req/s (p50 / p99 / p99.9 ms, errors)`);
      console.log(`${'path'.padEnd(36)}${results.map(([l]) => l.padStart(34)).join('')}`);
      for (const path of [...PATHS, 'all paths']) {
        const cells = results.map(([, byRate]) => {
          const s = byRate.get(rate)?.get(path) as Summary;
          if (s.errors) failed = true;
          return `${s.p50.toFixed(2)} / ${s.p99.toFixed(2)} / ${s.p999.toFixed(2)}  ${s.errors}`.padStart(34);
        });
        console.log(`${path.replace(`?guildId=${GUILD}`, '').padEnd(36)}${cells.join('')}`);
      }
    }
    if (failed) process.exitCode = 1;
  } finally {
    rmSync(dir, { recursive: true, force: true });
    rmSync(work, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
