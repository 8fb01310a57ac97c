/**
 * npm run bench:lighthouse: Lighthouse (npm `lighthouse`, Google's own auditor) on the landing,
 * pricing and contact pages, mobile (its default: a mid-range phone on slow 4G, simulated) and
 * desktop, with Debian's Chromium (test/helpers/browser.ts). The server is the production build
 * (`npm start`'s: the client by vite, the server by esbuild, run with plain node) on a fresh SQLite
 * file, with a Discord application id set as a live installation has. Prints the performance, SEO
 * and accessibility scores and the metrics behind performance, the median of --runs N (default 5)
 * per page and form factor with the lowest and highest performance score and total blocking time of
 * the runs, and Lighthouse's benchmark index of the machine during them (its CPU speed at the time:
 * the simulated mobile CPU is the observed one slowed 4x, so a busy machine lowers the score, see
 * docs/scaling.md), and the page's own main-thread CPU time and the blocking time it makes at 4x
 * (mainThreadCpu: a figure of the page, apart from the load); exits 1 when a median misses a target
 * (mobile performance 90, SEO 100).
 * --compare also audits the same build without its prerendered pages (scripts/vite-prerender.ts),
 * as the site was before: the empty app, rendered by the client. --before <git revision> also audits
 * that revision's client (built by its own vite config, served by this tree's server). Either way
 * both are audited in one run, taking turns run by run, so a change in the machine's load falls on
 * each. --pages /pricing,/contact and --devices mobile narrow the audit. --save <dir> writes each
 * audit's report (Lighthouse's JSON: its long tasks, script boot-up and main-thread breakdown) into
 * <dir>. Not part of npm test: the scores depend on the machine's load.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type Flags, type RunnerResult } from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { buildServer } from '../scripts/build-server.mjs';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../test/helpers/browser';
import { ensureClientBuild } from '../test/helpers/client-build';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '5' },
    compare: { type: 'boolean', default: false },
    before: { type: 'string' },
    pages: { type: 'string', default: '/,/pricing,/contact' },
    devices: { type: 'string', default: 'mobile,desktop' },
    save: { type: 'string' },
  },
});
const RUNS = Number(values.runs);
const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const PAGES = values.pages.split(',');
const FORM_FACTORS = values.devices.split(',') as ('mobile' | 'desktop')[];
for (const f of FORM_FACTORS)
  if (f !== 'mobile' && f !== 'desktop') throw new Error(`--devices: ${f} is neither mobile nor desktop`);
const TARGETS = { mobilePerformance: 90, seo: 100 };

interface Row {
  performance: number;
  seo: number;
  accessibility: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  /** Lighthouse's measure of the machine's CPU speed during the run (higher is faster). */
  benchmark: number;
  /** The page's main-thread CPU time during the load, ms (mainThreadCpu). */
  cpu: number;
  /** Blocking time from that CPU time alone, ms (mainThreadCpu). */
  cpuBlocking: number;
  failedSeo: string[];
}

/**
 * The built server with the built client (its folder is dist/client under `cwd`: ROOT, or a copy
 * without the prerendered pages for --compare).
 */
function startServer(dir: string, cwd = ROOT): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(process.execPath, [join(ROOT, 'dist/server/main.js'), '--web'], {
    cwd,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: dir,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: '0',
      DATABASE_PATH: join(dir, 'app.db'),
      ADMIN_TOKEN: 'bench-lighthouse-admin-token-0123456789',
      DISCORD_CLIENT_ID: '123456789012345678',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return new Promise((done, fail) => {
    let out = '';
    const onData = (chunk: Buffer) => {
      out += chunk.toString();
      const m = out.match(/Listening on (http:\/\/127\.0\.0\.1:\d+)/);
      if (m) done({ url: m[1] as string, child });
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => fail(new Error(`the server exited (${code}):\n${out}`)));
  });
}

/**
 * The web client of another git revision, built by its own vite config (the sources from `git
 * archive`, this tree's node_modules linked in) into `<dir>/before/dist/client`: served by this
 * tree's server, so the pages are all that differs.
 */
function buildClientOf(rev: string, dir: string): string {
  const src = join(dir, 'before');
  mkdirSync(src, { recursive: true });
  const archive = execFileSync('git', ['archive', rev], { cwd: ROOT, maxBuffer: 1 << 30 });
  execFileSync('tar', ['-x', '-C', src], { input: archive });
  symlinkSync(join(ROOT, 'node_modules'), join(src, 'node_modules'));
  execFileSync(
    process.execPath,
    [join(ROOT, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'error'],
    {
      cwd: src,
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  return src;
}

async function audit(url: string, port: number, formFactor: 'mobile' | 'desktop', attempt = 1): Promise<Row> {
  const flags: Flags = {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'seo', 'accessibility'],
  };
  const result = (await lighthouse(url, flags, formFactor === 'desktop' ? desktopConfig : undefined)) as
    | RunnerResult
    | undefined;
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { categories, audits } = result.lhr;
  if (values.save) {
    mkdirSync(values.save, { recursive: true });
    const name = `${new URL(url).pathname.replace(/\W+/g, '_')}-${formFactor}-${Date.now()}.json`;
    writeFileSync(join(values.save, name), JSON.stringify(result.lhr));
  }
  if (result.lhr.runtimeError) {
    // Lighthouse's own advice for a failed trace (NO_NAVSTART and the like): run it again.
    if (attempt < 3) return await audit(url, port, formFactor, attempt + 1);
    throw new Error(`${url}: ${result.lhr.runtimeError.message}`);
  }
  const score = (key: string) => Math.round((categories[key]?.score ?? 0) * 100);
  const value = (key: string) => audits[key]?.numericValue ?? Number.NaN;
  const failedSeo = (categories.seo?.auditRefs ?? [])
    .filter((ref) => ref.weight > 0 && audits[ref.id]?.score !== null && (audits[ref.id]?.score ?? 1) < 1)
    .map((ref) => ref.id);
  return {
    performance: score('performance'),
    seo: score('seo'),
    accessibility: score('accessibility'),
    fcp: value('first-contentful-paint'),
    lcp: value('largest-contentful-paint'),
    tbt: value('total-blocking-time'),
    cls: value('cumulative-layout-shift'),
    benchmark: result.lhr.environment.benchmarkIndex,
    ...mainThreadCpu(result.artifacts.Trace as unknown as { traceEvents: TraceEvent[] }),
    failedSeo,
  };
}

/**
 * The page's own work, apart from the machine's load: the CPU time of the renderer's main-thread
 * tasks from navigation until the trace ends (the trace's thread time, `tdur`, which leaves out the
 * time the thread waited for a core), and the blocking time those tasks would have on a CPU 4x
 * slower than this one when it is not shared (Lighthouse's mobile multiplier): the sum over tasks
 * of 4 x CPU time - 50 ms. Lighthouse's own total blocking time starts from the tasks' wall time,
 * which on a busy machine includes waiting for a core, and counts the tasks between the first
 * paint and the page's interactive time only.
 */
function mainThreadCpu(trace: { traceEvents: TraceEvent[] }): { cpu: number; cpuBlocking: number } {
  const events = trace.traceEvents;
  const nav = events.find(
    (e) =>
      e.name === 'navigationStart' &&
      e.args?.data?.isLoadingMainFrame === true &&
      String(e.args.data.documentLoaderURL ?? '').startsWith('http'),
  );
  if (!nav) throw new Error('the trace has no navigation of the page');
  let cpu = 0;
  let cpuBlocking = 0;
  for (const e of events) {
    if (e.pid !== nav.pid || e.tid !== nav.tid || e.name !== 'RunTask' || e.ts < nav.ts) continue;
    const ms = (e.tdur ?? 0) / 1000;
    cpu += ms;
    cpuBlocking += Math.max(0, 4 * ms - 50);
  }
  return { cpu, cpuBlocking };
}

interface TraceEvent {
  name: string;
  pid: number;
  tid: number;
  ts: number;
  tdur?: number;
  args?: { data?: { isLoadingMainFrame?: boolean; documentLoaderURL?: string } };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;

async function main() {
  const buildError = await ensureClientBuild();
  if (buildError) throw new Error(buildError);
  await buildServer();
  const dir = mkdtempSync(join(tmpdir(), 'bench-lighthouse-'));
  const servers = [{ label: 'this build', ...(await startServer(dir)) }];
  if (values.compare) {
    // The same build, its pages sent empty and rendered by the client (as before prerendering).
    const spa = join(dir, 'spa');
    mkdirSync(join(spa, 'dist'), { recursive: true });
    mkdirSync(join(dir, 'spa-home'));
    cpSync(join(ROOT, 'dist/client'), join(spa, 'dist/client'), {
      recursive: true,
      filter: (src) => !src.includes(`${join('dist', 'client', 'prerendered')}`),
    });
    servers.unshift({ label: 'client-rendered', ...(await startServer(join(dir, 'spa-home'), spa)) });
  }
  if (values.before) {
    const src = buildClientOf(values.before, dir);
    mkdirSync(join(dir, 'before-home'));
    servers.unshift({
      label: `before ${values.before}`.slice(0, 16),
      ...(await startServer(join(dir, 'before-home'), src)),
    });
  }
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM_PATH, chromeFlags: CHROMIUM_ARGS });
  const misses: string[] = [];
  try {
    console.log(
      `Lighthouse, median of ${RUNS} run(s) each (perf, TBT, CPU TBT: median [lowest-highest]; bench: Lighthouse's benchmark index, the machine's CPU speed then; CPU: the page's main-thread CPU time, CPU TBT: its blocking time at 4x that, apart from the load):`,
    );
    console.log(
      `${'page'.padEnd(10)}${'device'.padEnd(9)}${'build'.padEnd(17)}${'perf'.padStart(12)}${'SEO'.padStart(5)}${'a11y'.padStart(5)}${'FCP'.padStart(7)}${'LCP'.padStart(7)}${'TBT'.padStart(22)}${'CLS'.padStart(7)}${'bench'.padStart(7)}${'CPU'.padStart(8)}${'CPU TBT'.padStart(17)}`,
    );
    for (const path of PAGES) {
      for (const formFactor of FORM_FACTORS) {
        // The builds take turns run by run, so a change in the machine's load falls on each of them.
        const runs = servers.map((): Row[] => []);
        for (let i = 0; i < RUNS; i++)
          for (const [k, server] of servers.entries())
            runs[k]?.push(await audit(server.url + path, chrome.port, formFactor));
        for (const [k, server] of servers.entries()) {
          const rows = runs[k] as Row[];
          const m = (k: keyof Omit<Row, 'failedSeo'>) => median(rows.map((r) => r[k]));
          const span = (k: 'performance' | 'tbt' | 'cpuBlocking', f: (n: number) => string) => {
            const xs = rows.map((r) => r[k]);
            return `${f(m(k))} [${f(Math.min(...xs))}-${f(Math.max(...xs))}]`;
          };
          const sec = (ms: number) => `${(ms / 1000).toFixed(1)}s`;
          console.log(
            `${path.padEnd(10)}${formFactor.padEnd(9)}${server.label.padEnd(17)}${span('performance', String).padStart(12)}${String(m('seo')).padStart(5)}${String(m('accessibility')).padStart(5)}${sec(m('fcp')).padStart(7)}${sec(m('lcp')).padStart(7)}${span('tbt', (n) => `${Math.round(n)}`).padStart(19)} ms${m('cls').toFixed(3).padStart(7)}${String(Math.round(m('benchmark'))).padStart(7)}${`${Math.round(m('cpu'))} ms`.padStart(8)}${span('cpuBlocking', (n) => `${Math.round(n)}`).padStart(14)} ms`,
          );
          const failed = [...new Set(rows.flatMap((r) => r.failedSeo))];
          if (failed.length) console.log(`${''.padEnd(36)}SEO audits failed: ${failed.join(', ')}`);
          if (server !== servers[servers.length - 1]) continue;
          if (formFactor === 'mobile' && m('performance') < TARGETS.mobilePerformance)
            misses.push(`${path} mobile performance ${m('performance')} < ${TARGETS.mobilePerformance}`);
          if (m('seo') < TARGETS.seo) misses.push(`${path} ${formFactor} SEO ${m('seo')} < ${TARGETS.seo}`);
        }
      }
    }
  } finally {
    chrome.kill();
    for (const server of servers) server.child.kill('SIGTERM');
    rmSync(dir, { recursive: true, force: true });
  }
  if (misses.length) {
    console.log(`\nTargets missed: ${misses.join('; ')}`);
    process.exitCode = 1;
  } else
    console.log(`\nTargets met: mobile performance >= ${TARGETS.mobilePerformance}, SEO ${TARGETS.seo}.`);
}

void main().catch((err) => {
  console.error(err);
  process.exit(1);
});
