/**
 * npm run bench:analytics-http (issue 25): the dashboard's stats and analytics GETs over HTTP at
 * 1M translation logs while the bot delivers a mirrored channel, in one process, as `npm start`
 * runs them. The server is the production build (scripts/build-server.mjs) run with plain node: web
 * tier and bot together, the real discord.js client against the fake Discord on loopback, the fake
 * Gemini as its provider (instant, or answering in 0.4–1.5 s), on a SQLite file seeded with --logs
 * logs of the same server (bench/analytics-logs.ts) and their rollups.
 *
 * Per provider mode, two phases of --seconds each, in --rounds rounds:
 *   1. delivery alone: members write in the mirrored channel at --message-rate messages a second
 *      (steady); each message's latency runs from MESSAGE_CREATE on the fake gateway until its
 *      copies were posted in the 4 other channels (the fake REST's webhook posts);
 *   2. the same delivery, plus /api/stats, /api/activity and /api/analytics open loop at
 *      --read-rate requests a second (paths in turn, latency from each request's due time).
 *   3. the reads alone, one at a time (closed loop, no delivery): each read's latency on a quiet
 *      server, and its CPU without delivery's mixed in.
 * Printed: p50/p95/p99 of each GET path, and the delivery p50/p99 alone and with the reads (the
 * ratio); CPU per read (the server's main thread, the loop that delivers, and the whole process,
 * the read worker included) from /proc, which does not move with the machine's load as latency
 * does; the load average during each mode's phases. `--before <git revision>` builds that revision the same way and runs it beside this tree's,
 * each on its own copy of the file and its own fake Discord (the same server): each phase runs on
 * one variant then the other, in alternating order, so the machine's changing load falls on both
 * alike. Before and after from one run.
 * Options: --logs 1000000 --seconds 10 --rounds 2 --message-rate 5 --read-rate 10
 * --modes instant,realistic --before <rev>. SQLite only: on PostgreSQL the reads already wait on the pool without holding the
 * event loop (db/postgres-executor.ts), so there is nothing of this kind to move there.
 */
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { openDb } from '../db/client';
import { guilds } from '../db/schema';
import {
  type FakeDiscord,
  type FakeGuild,
  makeGuild,
  makeMember,
  startFakeDiscord,
} from '../test/fakes/discord';
import { type FakeProvider, pseudoTranslate, startFakeGemini } from '../test/fakes/gemini';
import { seedLogs } from './analytics-logs';
import { buildFor, get, openLoop, pct, ROOT, startServer, stopServer } from './http-load';

const { values } = parseArgs({
  options: {
    logs: { type: 'string', default: '1000000' },
    seconds: { type: 'string', default: '10' },
    'message-rate': { type: 'string', default: '5' },
    'read-rate': { type: 'string', default: '10' },
    modes: { type: 'string', default: 'instant,realistic' },
    rounds: { type: 'string', default: '2' },
    before: { type: 'string' },
  },
});
const LOGS = Number(values.logs);
const SECONDS = Number(values.seconds);
const ROUNDS = Number(values.rounds);
const MESSAGE_RATE = Number(values['message-rate']);
const READ_RATE = Number(values['read-rate']);
const MODES = values.modes.split(',') as ('instant' | 'realistic')[];
for (const m of MODES)
  if (m !== 'instant' && m !== 'realistic') throw new Error('--modes: instant,realistic');
const TOKEN = 'bench-admin-token-0123456789abcdef';
const LANGS = ['en', 'es', 'fr', 'de', 'ja'];
const COPIES = LANGS.length - 1;

/** The delivery of one mirrored channel: steady sends, each done when its copies were posted. */
function deliveryDriver(fake: FakeDiscord, guild: FakeGuild) {
  const authors = Array.from({ length: 20 }, (_, i) => makeMember(`author-${i}`));
  const pending = new Map<string, { sentAt: number; copies: number; done: (ms: number) => void }>();
  const TAG = /ahttp-\d+-[a-z0-9]+/g;
  const origPush = fake.calls.push.bind(fake.calls);
  fake.calls.push = (...calls) => {
    const at = performance.now();
    for (const c of calls) {
      if (c.method !== 'POST' || c.status !== 200 || !c.path.startsWith('/webhooks/')) continue;
      // A copy is its own post or part of a combined one: every tag in the text counts.
      for (const tag of String(c.body?.content ?? '').match(TAG) ?? []) {
        const p = pending.get(tag);
        if (p && ++p.copies === COPIES) {
          pending.delete(tag);
          p.done(at - p.sentAt);
        }
      }
    }
    return origPush(...calls);
  };
  let seq = 0;
  /** One message; resolves with its delivery latency in ms, or null if not delivered in `timeoutMs`. */
  const deliver = (timeoutMs = 30_000) =>
    new Promise<number | null>((resolve) => {
      const tag = `ahttp-${++seq}-${Math.random().toString(36).slice(2, 8)}`;
      const timer = setTimeout(() => {
        pending.delete(tag);
        resolve(null);
      }, timeoutMs);
      pending.set(tag, {
        sentAt: performance.now(),
        copies: 0,
        done: (ms) => {
          clearTimeout(timer);
          resolve(ms);
        },
      });
      const author = authors[seq % authors.length]!;
      fake.sendMessage({
        channelId: guild.channels[0]!.id,
        author: author.user,
        member: author,
        content: `${tag} message number ${seq} of the mirrored channel`,
      });
    });
  /** `rate` messages a second for `seconds`; answers the latencies (ascending) and the undelivered. */
  async function steady(rate: number, seconds: number) {
    const results: Promise<number | null>[] = [];
    const start = performance.now();
    for (let i = 0; i < rate * seconds; i++) {
      const wait = start + (i * 1000) / rate - performance.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      results.push(deliver());
    }
    const all = await Promise.all(results);
    const latencies = all.filter((ms): ms is number => ms !== null).sort((a, b) => a - b);
    return { latencies, lost: all.length - latencies.length };
  }
  return { deliver, steady };
}

interface Phase {
  latencies: number[];
  lost: number;
  /** CPU ms of the server's main thread (the event loop that delivers) and of the whole process. */
  mainCpu: number;
  processCpu: number;
}

/** CPU time (user + system) in ms of a process, or of one of its threads (/proc; 100 ticks a second). */
function cpuMs(pid: number, tid?: number): number {
  const stat = readFileSync(tid ? `/proc/${pid}/task/${tid}/stat` : `/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}
interface Result {
  /** Per mode: delivery alone, delivery with the reads, and each read path's latencies. */
  alone: Phase;
  busy: Phase;
  reads: Map<string, { latencies: number[]; errors: number }>;
  /** The reads one at a time, no delivery: latencies per path and the server's CPU. */
  quiet: Map<string, number[]>;
  quietCpu: { main: number; process: number; reads: number };
  /** The 1-minute load average at the end of each phase. */
  load: number[];
}

/** Each path `n` times in turn, one request at a time; answers the latencies per path. */
async function oneAtATime(url: string, paths: string[], n: number): Promise<Map<string, number[]>> {
  const out = new Map(paths.map((p) => [p, [] as number[]]));
  for (let i = 0; i < n; i++)
    for (const p of paths) {
      const start = performance.now();
      const status = await get(new URL(url), p, TOKEN);
      if (status !== 200) throw new Error(`GET ${p} answered ${status}`);
      out.get(p)!.push(performance.now() - start);
    }
  return out;
}

interface Running {
  label: string;
  url: string;
  pid: number;
  stop: () => Promise<void>;
  driver: ReturnType<typeof deliveryDriver>;
}

/** One variant's server (web + bot) on its own fake Discord, its mirror link made and warmed up. */
async function startVariant(
  label: string,
  main: string,
  dbPath: string,
  guild: FakeGuild,
  gemini: FakeProvider,
  paths: string[],
): Promise<Running> {
  const fake = await startFakeDiscord({ guilds: [guild] });
  const server = await startServer(main, {
    NODE_ENV: 'production',
    PORT: '0',
    HOST: '127.0.0.1',
    DATABASE_PATH: dbPath,
    ADMIN_TOKEN: TOKEN,
    DEFAULT_GUILD_ID: guild.id,
    DISCORD_TOKEN: fake.token,
    DISCORD_API_URL: fake.apiUrl,
    GEMINI_API_KEY: 'bench-gemini-key',
    GEMINI_BASE_URL: gemini.url,
  });
  const stop = async () => {
    await stopServer(server.child);
    await fake.close();
  };
  try {
    // The mirror link, once the bot has seen the server (its channels).
    const channels = LANGS.map((language, i) => ({ channelId: guild.channels[i]!.id, language }));
    for (const deadline = performance.now() + 60_000; ; ) {
      const res = await fetch(`${server.url}/api/channels/links?guildId=${guild.id}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'bench', mode: 'mirror', channels }),
      });
      if (res.status === 201) break;
      if (performance.now() > deadline)
        throw new Error(`creating the link: ${res.status} ${await res.text()}`);
      await new Promise((r) => setTimeout(r, 500));
    }
    // Warm-up: the webhooks exist and every path answers before the clock starts.
    const driver = deliveryDriver(fake, guild);
    while ((await driver.deliver(5_000)) === null)
      if (server.child.exitCode !== null) throw new Error(`${label} exited`);
    for (const p of paths) {
      const status = await get(new URL(server.url), p, TOKEN);
      if (status !== 200) throw new Error(`${label}: GET ${p} answered ${status}`);
    }
    await openLoop(server.url, paths, TOKEN, READ_RATE, 2);
    return { label, url: server.url, pid: server.child.pid as number, stop, driver };
  } catch (err) {
    await stop();
    throw err;
  }
}

async function main() {
  mkdirSync(join(ROOT, '.tmp'), { recursive: true });
  const work = mkdtempSync(join(ROOT, '.tmp', 'bench-analytics-http-'));
  const dir = mkdtempSync(join(tmpdir(), 'bench-analytics-http-'));
  // The same server on each variant's own fake Discord, so the seeded file serves both.
  const guild = makeGuild(
    'Analytics',
    LANGS.map((l) => `chat-${l}`),
  );
  const gemini = await startFakeGemini();
  const running: Running[] = [];
  try {
    const variants: [string, string][] = [];
    if (values.before) variants.push([`before (${values.before})`, await buildFor(values.before, work)]);
    variants.push(['after (this tree)', await buildFor(undefined, work)]);

    const seeded = join(dir, 'seeded.db');
    const db = await openDb(seeded);
    await db.insert(guilds).values({ id: guild.id, name: guild.name, plan: 'pro' }).run();
    const seedSeconds = seedLogs(db.$sqlite!, new Date(), LOGS, guild.id);
    db.$sqlite!.pragma('wal_checkpoint(TRUNCATE)');
    await db.$close();
    const paths = ['/api/stats', '/api/activity', '/api/analytics'].map((p) => `${p}?guildId=${guild.id}`);
    console.log(
      `${LOGS.toLocaleString('en')} logs of one server (seeded in ${seedSeconds.toFixed(1)} s); web + bot in one process; ` +
        `${MESSAGE_RATE} msg/s mirrored into ${COPIES} channels; reads ${READ_RATE} req/s open loop over ${paths.length} paths; ` +
        `${ROUNDS} rounds of ${SECONDS} s per phase, the variants alternating; ${cpus().length} CPUs, load average ${loadavg()
          .map((n) => n.toFixed(1))
          .join(' ')} (compare within one run)`,
    );

    for (const [i, [label, main]] of variants.entries()) {
      const file = join(dir, `variant-${i}.db`);
      copyFileSync(seeded, file);
      running.push(await startVariant(label, main, file, guild, gemini, paths));
    }
    const results = new Map<string, Result>();
    const resultOf = (v: Running, mode: string) => {
      const key = `${v.label} ${mode}`;
      let r = results.get(key);
      if (!r) {
        const phase = () => ({ latencies: [], lost: 0, mainCpu: 0, processCpu: 0 });
        r = {
          alone: phase(),
          busy: phase(),
          reads: new Map(),
          quiet: new Map(),
          quietCpu: { main: 0, process: 0, reads: 0 },
          load: [],
        };
        results.set(key, r);
      }
      return r;
    };
    /** Runs `phase` on `v`, adding its delivery latencies and the server's CPU to `into`. */
    const timed = async <T>(
      v: Running,
      into: Phase,
      phase: Promise<[{ latencies: number[]; lost: number }, T]>,
    ) => {
      const main0 = cpuMs(v.pid, v.pid);
      const all0 = cpuMs(v.pid);
      const [delivery, rest] = await phase;
      into.mainCpu += cpuMs(v.pid, v.pid) - main0;
      into.processCpu += cpuMs(v.pid) - all0;
      into.latencies.push(...delivery.latencies);
      into.lost += delivery.lost;
      return rest;
    };
    // Rounds: each phase runs on every variant in turn (the order reversed every other round), so
    // the machine's changing load falls on all of them alike. The idle variant's server waits.
    for (let round = 0; round < ROUNDS; round++) {
      const order = round % 2 ? [...running].reverse() : running;
      for (const mode of MODES) {
        gemini.respondWith((req) => ({
          ...pseudoTranslate(req),
          ...(mode === 'realistic' ? { delayMs: 400 + Math.random() * 1100 } : {}),
        }));
        for (const v of order)
          await timed(
            v,
            resultOf(v, mode).alone,
            Promise.all([v.driver.steady(MESSAGE_RATE, SECONDS), null]),
          );
        for (const v of order) {
          const r = resultOf(v, mode);
          const reads = await timed(
            v,
            r.busy,
            Promise.all([
              v.driver.steady(MESSAGE_RATE, SECONDS),
              openLoop(v.url, paths, TOKEN, READ_RATE, SECONDS),
            ]),
          );
          for (const [path, s] of reads) {
            const into = r.reads.get(path) ?? { latencies: [], errors: 0 };
            r.reads.set(path, into);
            into.latencies.push(...s.latencies);
            into.errors += s.errors;
          }
          r.load.push(loadavg()[0]);
        }
        // The reads alone, one at a time (as many as the phase with delivery sent).
        for (const v of order) {
          const r = resultOf(v, mode);
          const main0 = cpuMs(v.pid, v.pid);
          const all0 = cpuMs(v.pid);
          const n = Math.max(1, Math.round((READ_RATE * SECONDS) / paths.length));
          const quiet = await oneAtATime(v.url, paths, n);
          r.quietCpu.main += cpuMs(v.pid, v.pid) - main0;
          r.quietCpu.process += cpuMs(v.pid) - all0;
          r.quietCpu.reads += n * paths.length;
          for (const [path, xs] of quiet) r.quiet.set(path, [...(r.quiet.get(path) ?? []), ...xs]);
          r.load.push(loadavg()[0]);
        }
        console.log(`  round ${round + 1}, ${mode}: done`);
      }
    }

    const f = (xs: number[], p: number) => pct(xs, p).toFixed(1);
    for (const mode of MODES) {
      console.log(`\nprovider ${mode === 'instant' ? 'instant' : '0.4–1.5 s'}`);
      for (const v of running) {
        const r = resultOf(v, mode);
        console.log(`  ${v.label}`);
        for (const [path, s] of r.reads) {
          const sorted = [...s.latencies].sort((a, b) => a - b);
          console.log(
            `    GET ${path.replace(/\?.*/, '').padEnd(15)} p50 ${f(sorted, 50).padStart(6)} | p95 ${f(sorted, 95).padStart(6)} | p99 ${f(sorted, 99).padStart(6)} ms  errors ${s.errors}/${sorted.length}`,
          );
        }
        const a = [...r.alone.latencies].sort((x, y) => x - y);
        const b = [...r.busy.latencies].sort((x, y) => x - y);
        console.log(
          `    delivery p50 / p99: alone ${f(a, 50)} / ${f(a, 99)} ms, with reads ${f(b, 50)} / ${f(b, 99)} ms ` +
            `(p99 ×${(pct(b, 99) / pct(a, 99)).toFixed(2)}); undelivered ${r.alone.lost + r.busy.lost}`,
        );
        // What a read costs the delivering loop, whatever the machine's load: the main thread's CPU
        // with the reads minus without, per read; and the whole process's (the worker included).
        const reads = [...r.reads.values()].reduce((n, s) => n + s.latencies.length, 0);
        console.log(
          `    server CPU per read request with delivery (with reads minus alone: a difference of two phases, noisy under load): main thread ${((r.busy.mainCpu - r.alone.mainCpu) / reads).toFixed(2)} ms, ` +
            `whole process ${((r.busy.processCpu - r.alone.processCpu) / reads).toFixed(2)} ms`,
        );
        const q = r.quietCpu;
        console.log(
          `    reads alone, one at a time: server CPU per read: main thread ${(q.main / q.reads).toFixed(2)} ms, whole process ${(q.process / q.reads).toFixed(2)} ms`,
        );
        for (const [path, xs] of r.quiet) {
          const sorted = [...xs].sort((a, b) => a - b);
          console.log(
            `    GET ${path.replace(/\?.*/, '').padEnd(15)} one at a time: p50 ${f(sorted, 50).padStart(6)} | p99 ${f(sorted, 99).padStart(6)} ms`,
          );
        }
        console.log(
          `    load average (1 min) at the ends of its phases: ${Math.min(...r.load).toFixed(1)}–${Math.max(...r.load).toFixed(1)} on ${cpus().length} CPUs`,
        );
      }
    }
  } finally {
    for (const v of running) await v.stop();
    await gemini.close();
    rmSync(dir, { recursive: true, force: true });
    rmSync(work, { recursive: true, force: true });
  }
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
