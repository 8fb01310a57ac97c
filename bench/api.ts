/**
 * npm run bench:api — throughput and latency of a read and a write, over REST and over /trpc.
 *
 * Starts the real server (`src/server/main.ts`, its own process) on a temporary SQLite file filled
 * with demo data, then drives it from this process over loopback with a fixed number of requests
 * per case at a fixed concurrency, and prints requests per second and p50/p99 latency.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { eq } from 'drizzle-orm';
import { openDb } from '../db/client';
import { seedDemo } from '../db/demo';
import { channelLinkChannels, channelLinks, guilds } from '../db/schema';

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 4000);
const WARMUP = 300;
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 16);
const TOKEN = 'bench-admin-token-0123456789abcdef';
const GUILD = 'default';

interface Case {
  name: string;
  transport: 'REST' | 'tRPC';
  request: (i: number) => { path: string; method: string; body?: string };
}

const trpcInput = (input: unknown) => `input=${encodeURIComponent(JSON.stringify({ json: input }))}`;
const rate = (i: number) => 10 + (i % 20) * 10;

const CASES: Case[] = [
  {
    name: 'read translation settings',
    transport: 'REST',
    request: () => ({ method: 'GET', path: '/api/translation/settings' }),
  },
  {
    name: 'read translation settings',
    transport: 'tRPC',
    request: () => ({ method: 'GET', path: `/trpc/translation.getSettings?${trpcInput({})}` }),
  },
  {
    name: 'read channel links',
    transport: 'REST',
    request: () => ({ method: 'GET', path: '/api/channels/links' }),
  },
  {
    name: 'read channel links',
    transport: 'tRPC',
    request: () => ({ method: 'GET', path: `/trpc/channels.list?${trpcInput({})}` }),
  },
  {
    name: 'write translation settings',
    transport: 'REST',
    request: (i) => ({
      method: 'PATCH',
      path: '/api/translation/settings',
      body: JSON.stringify({ rateLimitPerUser: rate(i) }),
    }),
  },
  {
    name: 'write translation settings',
    transport: 'tRPC',
    request: (i) => ({
      method: 'POST',
      path: '/trpc/translation.updateSettings',
      body: JSON.stringify({ json: { rateLimitPerUser: rate(i) } }),
    }),
  },
];

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

function startServer(dbPath: string): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: 'production',
      PORT: '0',
      HOST: '127.0.0.1',
      DATABASE_PATH: dbPath,
      ADMIN_TOKEN: TOKEN,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return new Promise((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`server did not start in 60 s:\n${out}`)), 60_000);
    const onData = (chunk: Buffer) => {
      out += chunk.toString();
      const m = /Listening on (http:\/\/[^\s]+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        child.stdout?.off('data', onData);
        child.stdout?.resume();
        resolve({ child, url: m[1] });
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${out}`));
    });
  });
}

async function send(url: string, c: Case, i: number): Promise<boolean> {
  const { path, method, body } = c.request(i);
  const headers: Record<string, string> = { authorization: `Bearer ${TOKEN}` };
  if (body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(url + path, { method, headers, body });
  await res.arrayBuffer();
  return res.ok;
}

interface Result {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}

async function run(url: string, c: Case, total: number): Promise<Result> {
  const latencies: number[] = [];
  let next = 0;
  let errors = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < total) {
        const i = next++;
        const t0 = performance.now();
        const ok = await send(url, c, i).catch(() => false);
        latencies.push(performance.now() - t0);
        if (!ok) errors++;
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const pct = (p: number) =>
    latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))];
  return { rps: total / elapsed, p50: pct(50), p99: pct(99), errors };
}

async function main() {
  const dir = mkdtempSync(join(tmpdir(), 'polyglot-bench-'));
  const dbPath = join(dir, 'app.db');
  let child: ChildProcess | null = null;
  try {
    const summary = await prepareDatabase(dbPath);
    const server = await startServer(dbPath);
    child = server.child;
    console.log(`Server ${server.url} (own process), database ${dbPath}`);
    console.log(`Demo data: ${summary}`);
    console.log(
      `${REQUESTS} requests per case after ${WARMUP} warm-up, concurrency ${CONCURRENCY}, loopback`,
    );
    const load = loadavg()
      .map((n) => n.toFixed(1))
      .join(' ');
    console.log(
      `Machine: ${cpus().length} CPUs, load average ${load} (figures are only comparable on a quiet machine)\n`,
    );

    const rows: string[][] = [['case', 'via', 'req/s', 'p50 ms', 'p99 ms', 'errors']];
    for (const c of CASES) {
      await run(server.url, c, WARMUP);
      const r = await run(server.url, c, REQUESTS);
      rows.push([
        c.name,
        c.transport,
        r.rps.toFixed(0),
        r.p50.toFixed(2),
        r.p99.toFixed(2),
        String(r.errors),
      ]);
    }
    const widths = rows[0].map((_, col) => Math.max(...rows.map((row) => row[col].length)));
    for (const row of rows) {
      console.log(
        row
          .map((cell, col) => (col === 0 ? cell.padEnd(widths[col]) : cell.padStart(widths[col])))
          .join('  '),
      );
    }
    const failed = rows.slice(1).some((row) => row[5] !== '0');
    if (failed) process.exitCode = 1;
  } finally {
    if (child && child.exitCode === null) {
      const exited = new Promise((done) => child?.once('exit', done));
      child.kill('SIGTERM');
      await exited;
    }
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
