/**
 * npm run bench:start: the product process run from its TypeScript sources through tsx (how npm start
 * ran it before) against the esbuild bundle run by plain node (how npm start runs it now,
 * scripts/build-server.mjs), in one run. Each is started as the web tier alone (--web) and as web +
 * bot with one server (the fake Discord on loopback), ROUNDS times alternately; the medians print:
 * time from spawn to listening (web) or to the bot's commands registered (web + bot), CPU used by
 * then, resident memory after IDLE_MS of idling, and CPU while idle.
 * `--before <git revision>` (issue 25, lean web tier): instead of tsx, that revision's bundle
 * (built the same way, bench/http-load.ts buildFor) against this tree's, both run by plain node.
 * Options: --rounds N (default 3), --idle-ms N (default 5000), --before <rev>.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { makeGuild, startFakeDiscord } from '../test/fakes/discord';
import { buildFor } from './http-load';

const { values } = parseArgs({
  options: {
    rounds: { type: 'string', default: '3' },
    'idle-ms': { type: 'string', default: '5000' },
    before: { type: 'string' },
  },
});
const ROUNDS = Number(values.rounds);
const IDLE_MS = Number(values['idle-ms']);
const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const TICKS_PER_S = 100; // USER_HZ on Linux

/** How each compared process is started (node arguments), in print order: filled by main(). */
const VARIANTS: Record<string, string[]> = {};
const ROLES = {
  web: { args: ['--web'], ready: /Listening on http/ },
  'web + bot': { args: [], ready: /Registered \d+ commands|Commands up to date/ },
} as const;
type Role = keyof typeof ROLES;

interface Sample {
  readyMs: number;
  startCpuMs: number;
  rssMb: number;
  idleCpuPct: number;
}

/** utime + stime of a process, in ms (/proc/<pid>/stat fields 14 and 15). */
function cpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_S;
}
function rssMb(pid: number): number {
  const m = readFileSync(`/proc/${pid}/status`, 'utf8').match(/VmRSS:\s+(\d+) kB/);
  if (!m) throw new Error(`no VmRSS for ${pid}`);
  return Number(m[1]) / 1024;
}

function waitForLine(child: ChildProcess, re: RegExp, label: string): Promise<void> {
  return new Promise((done, fail) => {
    let tail = '';
    const timer = setTimeout(() => fail(new Error(`${label}: no ${re} within 60 s\n${tail}`)), 60_000);
    const onData = (chunk: Buffer) => {
      tail = (tail + chunk.toString()).slice(-4000);
      if (re.test(tail)) {
        clearTimeout(timer);
        done();
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => fail(new Error(`${label}: exited (${code}) before ready\n${tail}`)));
  });
}

async function measure(variant: string, role: Role, env: NodeJS.ProcessEnv): Promise<Sample> {
  const t0 = performance.now();
  const child = spawn(process.execPath, [...(VARIANTS[variant] ?? []), ...ROLES[role].args], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  try {
    await waitForLine(child, ROLES[role].ready, `${variant} ${role}`);
    const readyMs = performance.now() - t0;
    const pid = child.pid as number;
    const startCpuMs = cpuMs(pid);
    await new Promise((r) => setTimeout(r, IDLE_MS));
    const before = cpuMs(pid);
    const t1 = performance.now();
    await new Promise((r) => setTimeout(r, IDLE_MS));
    const idleCpuPct = ((cpuMs(pid) - before) / (performance.now() - t1)) * 100;
    return { readyMs, startCpuMs, rssMb: rssMb(pid), idleCpuPct };
  } finally {
    child.kill('SIGTERM');
    await exited;
  }
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] as number;
};

async function main() {
  // The bundles go under .tmp of this tree: node resolves their packages from its node_modules.
  mkdirSync(join(ROOT, '.tmp'), { recursive: true });
  const work = mkdtempSync(join(ROOT, '.tmp', 'bench-start-'));
  const t = performance.now();
  const after = await buildFor(undefined, work);
  if (values.before) {
    VARIANTS.before = ['--enable-source-maps', await buildFor(values.before, work)];
    console.log(`before: ${values.before}; node dist: this tree`);
  } else VARIANTS.tsx = ['--import', 'tsx', 'src/main.ts'];
  VARIANTS['node dist'] = ['--enable-source-maps', after];
  console.log(`esbuild bundle(s) built in ${Math.round(performance.now() - t)} ms`);
  const dir = mkdtempSync(join(tmpdir(), 'bench-start-'));
  const guild = makeGuild('Bench server', ['general', 'espanol']);
  const fake = await startFakeDiscord({ guilds: [guild] });
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH ?? '',
    HOME: dir,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: '0',
    DATABASE_PATH: join(dir, 'app.db'),
    ADMIN_TOKEN: 'bench-start-admin-token-0123456789',
    DEFAULT_GUILD_ID: guild.id,
    DISCORD_TOKEN: fake.token,
    DISCORD_API_URL: fake.apiUrl,
  };
  const samples = new Map<string, Sample[]>();
  try {
    // A first start migrates the database: every measured start opens an existing one, as a restart does.
    await measure('node dist', 'web', env);
    for (let round = 1; round <= ROUNDS; round++) {
      for (const role of Object.keys(ROLES) as Role[]) {
        for (const variant of Object.keys(VARIANTS)) {
          const s = await measure(variant, role, env);
          const key = `${role}|${variant}`;
          samples.set(key, [...(samples.get(key) ?? []), s]);
        }
      }
      console.log(`round ${round}/${ROUNDS} done`);
    }
  } finally {
    await fake.close();
    rmSync(dir, { recursive: true, force: true });
    rmSync(work, { recursive: true, force: true });
  }

  console.log(
    `\nMedians of ${ROUNDS} starts each (idle figures after ${IDLE_MS / 1000} s, over ${IDLE_MS / 1000} s):`,
  );
  console.log(
    `${'process'.padEnd(12)}${'runs'.padEnd(12)}${'ready'.padStart(10)}${'start CPU'.padStart(12)}${'idle RSS'.padStart(12)}${'idle CPU'.padStart(10)}`,
  );
  for (const role of Object.keys(ROLES) as Role[]) {
    const rows = Object.keys(VARIANTS).map((variant) => {
      const ss = samples.get(`${role}|${variant}`) ?? [];
      return {
        variant,
        ready: median(ss.map((s) => s.readyMs)),
        cpu: median(ss.map((s) => s.startCpuMs)),
        rss: median(ss.map((s) => s.rssMb)),
        idle: median(ss.map((s) => s.idleCpuPct)),
      };
    });
    for (const r of rows) {
      console.log(
        `${role.padEnd(12)}${r.variant.padEnd(12)}${`${Math.round(r.ready)} ms`.padStart(10)}${`${Math.round(r.cpu)} ms`.padStart(12)}${`${r.rss.toFixed(0)} MB`.padStart(12)}${`${r.idle.toFixed(1)} %`.padStart(10)}`,
      );
    }
    const [a, b] = rows;
    if (a && b)
      console.log(
        `${''.padEnd(12)}${'ratio'.padEnd(12)}${`${(b.ready / a.ready).toFixed(2)}x`.padStart(10)}${`${(b.cpu / a.cpu).toFixed(2)}x`.padStart(12)}${`${(b.rss / a.rss).toFixed(2)}x`.padStart(12)}`,
      );
  }
}

void main().catch((err) => {
  console.error(err);
  process.exit(1);
});
