/**
 * What the HTTP benches share (bench:api, bench:analytics-http): the server built by esbuild from
 * this tree or from another git revision (before and after in one run), started with plain node in
 * its own process, and an open-loop load: requests leave on a schedule (N per second, spread
 * evenly, whatever the answers do) and each latency counts from when its request was due, so a
 * stalled server shows up in the tail instead of slowing the load.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { Pool } from 'undici';
import { buildServer } from '../scripts/build-server.mjs';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/**
 * The server of `rev` (a git revision) or of this tree, bundled by esbuild into a folder of its own
 * under `work` (node resolves the packages from this tree's node_modules).
 */
export async function buildFor(rev: string | undefined, work: string): Promise<string> {
  if (!rev) {
    const out = join(work, 'after');
    await buildServer(out);
    return join(out, 'main.js');
  }
  const src = join(work, 'before-src');
  mkdirSync(src, { recursive: true });
  const archive = execFileSync('git', ['archive', rev], { cwd: ROOT, maxBuffer: 1 << 30 });
  execFileSync('tar', ['-x', '-C', src], { input: archive });
  const out = join(work, 'before');
  await buildServer(out, src);
  return join(out, 'main.js');
}

/**
 * Runs a built main.js (`args`: --web for the web tier alone, none for web + bot) with `env`
 * (PATH and HOME added) and answers once it printed "Listening on <url>".
 */
export function startServer(
  main: string,
  env: Record<string, string>,
  args: string[] = [],
  nodeArgs: string[] = [],
): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, [...nodeArgs, main, ...args], {
    cwd: ROOT,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return new Promise((done, fail) => {
    let out = '';
    const timer = setTimeout(() => fail(new Error(`server did not start in 60 s:\n${out}`)), 60_000);
    const onData = (chunk: Buffer) => {
      out += chunk.toString();
      const m = /Listening on (http:\/\/[^\s"]+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        child.stdout?.off('data', onData);
        child.stdout?.resume();
        done({ child, url: m[1] });
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (process.env.BENCH_VERBOSE) process.stderr.write(chunk);
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      fail(new Error(`server exited with ${code}:\n${out}`));
    });
  });
}

/** CPU time (user + system) a process has used, in ms (/proc/<pid>/stat; 100 ticks a second). */
export function cpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** SIGTERM, and the exit. */
export async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((done) => child.once('exit', done));
  child.kill('SIGTERM');
  await exited;
}

/**
 * The load's HTTP client: undici's connection pool (keep-alive, up to 256 connections per server).
 * The load generator shares the machine's two cores with the server, so its own cost is in every
 * figure: at 500 req/s on /healthz it took 0.37-0.54 ms of CPU per request against node:http's
 * 0.43-0.65 ms, and the p99 it measured was 2.5-3.7 ms against 3.6-8.0 ms (three rounds in turn,
 * one run).
 */
const pools = new Map<string, Pool>();
function poolFor(base: URL): Pool {
  let pool = pools.get(base.origin);
  if (!pool) {
    pool = new Pool(base.origin, { connections: 256 });
    pools.set(base.origin, pool);
  }
  return pool;
}

/** One GET with a bearer token; resolves with its status (0: no answer), the body read whole. */
export async function get(base: URL, path: string, token: string): Promise<number> {
  try {
    const res = await poolFor(base).request({
      path,
      method: 'GET',
      headers: { authorization: `Bearer ${token}` },
    });
    // Read to its end (body.dump() stops at 128 KB and closes the connection).
    for await (const _ of res.body);
    return res.statusCode;
  } catch {
    return 0;
  }
}

export interface PathStats {
  latencies: number[];
  errors: number;
  /** How many answers of each failing status (0: no answer: refused, reset or timed out). */
  failures: Map<number, number>;
}

/** `rate` GETs per second for `seconds`, `paths` in turn; latency from each request's due time. */
export async function openLoop(
  url: string,
  paths: readonly string[],
  token: string,
  rate: number,
  seconds: number,
): Promise<Map<string, PathStats>> {
  const base = new URL(url);
  const stats = new Map<string, PathStats>(
    paths.map((p) => [p, { latencies: [], errors: 0, failures: new Map() }]),
  );
  const total = Math.round(rate * seconds);
  const interval = 1000 / rate;
  const start = performance.now() + 20;
  const inFlight: Promise<void>[] = [];
  let i = 0;
  while (i < total) {
    const now = performance.now();
    while (i < total && start + i * interval <= now) {
      const due = start + i * interval;
      const path = paths[i % paths.length] as string;
      inFlight.push(
        get(base, path, token).then((status) => {
          const s = stats.get(path) as PathStats;
          s.latencies.push(performance.now() - due);
          if (status < 200 || status >= 300) {
            s.errors++;
            s.failures.set(status, (s.failures.get(status) ?? 0) + 1);
          }
        }),
      );
      i++;
    }
    // Sleep until the next request is due (timers are ~1 ms coarse: late ones leave at once above).
    await new Promise((r) => setTimeout(r, Math.max(0, start + i * interval - performance.now() - 1)));
  }
  await Promise.all(inFlight);
  return stats;
}

/** The p-th percentile of an ascending list (NaN when empty). */
export const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
