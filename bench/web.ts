// npm run bench:web: what the browser downloads, from the build output (dist/client/.vite/manifest.json).
// Prints, gzipped, what the landing page loads first (budgets: JavaScript 150 KB, CSS 25 KB), what
// the dashboard's first screen loads (JavaScript 300 KB), the other public pages, and each lazy chunk.
// Exits 1 when a budget is exceeded. `--before <git revision>` (issue 25) also builds that revision's
// client (git archive into .tmp, vite build there) and prints its figures beside this tree's: before
// and after from one run (the budgets are checked on this tree only).
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { CLIENT_DIR, ensureClientBuild } from '../test/helpers/client-build';

interface ManifestChunk {
  file: string;
  name?: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

const LANDING_JS_KB = 150;
const LANDING_CSS_KB = 25;
const DASHBOARD_JS_KB = 300;
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
const gz = new Map<string, number>();
/** The client build being reported (this tree's, or the --before revision's). */
let clientDir = CLIENT_DIR;
function gzipped(file: string): number {
  const path = join(clientDir, file);
  let n = gz.get(path);
  if (n === undefined) {
    n = gzipSync(readFileSync(path), { level: 9 }).length;
    gz.set(path, n);
  }
  return n;
}

/** The client of git revision `rev`, built by vite in a folder under .tmp; answers the output folder. */
function buildRevision(rev: string, work: string): string {
  const src = join(work, 'src');
  mkdirSync(src, { recursive: true });
  const archive = execFileSync('git', ['archive', rev], { maxBuffer: 1 << 30 });
  execFileSync('tar', ['-x', '-C', src], { input: archive });
  symlinkSync(resolve('node_modules'), join(src, 'node_modules'));
  const out = join(work, 'client');
  const r = spawnSync(
    process.execPath,
    [resolve('node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'error', '--outDir', out],
    { cwd: src, encoding: 'utf8', env: { ...process.env, NODE_ENV: 'production' } },
  );
  if (r.status !== 0) throw new Error(`vite build of ${rev} failed:\n${r.stdout}\n${r.stderr}`);
  return out;
}

interface Figures {
  landingJs: number;
  landingCss: number;
  dashboardJs: number;
  dashboardCss: number;
}

/** A chunk and everything it imports statically (what loading it downloads). */
function closure(manifest: Manifest, key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const dep of manifest[key]?.imports ?? []) closure(manifest, dep, seen);
  return seen;
}

/** JavaScript of these chunks (a CSS-only module, such as styles/app.ts, is a .css file itself). */
const sum = (manifest: Manifest, keys: Iterable<string>) =>
  [...keys]
    .filter((k) => manifest[k].file.endsWith('.js'))
    .reduce((total, k) => total + gzipped(manifest[k].file), 0);

async function main() {
  const { values } = parseArgs({ options: { before: { type: 'string' } } });
  const buildError = await ensureClientBuild();
  if (buildError) {
    console.error(buildError);
    process.exit(1);
  }
  if (!values.before) {
    report(CLIENT_DIR, true);
    return;
  }
  mkdirSync('.tmp', { recursive: true });
  const work = mkdtempSync(join(resolve('.tmp'), 'bench-web-'));
  try {
    console.log(`=== before: ${values.before} ===`);
    const before = report(buildRevision(values.before, work), false);
    console.log('\n=== after: this tree ===');
    const after = report(CLIENT_DIR, true);
    console.log(`\nBefore (${values.before}) and after, gzipped:`);
    const row = (what: string, b: number, a: number) =>
      console.log(`  ${what.padEnd(24)} ${kb(b).padStart(9)} -> ${kb(a).padStart(9)}  (${kb(a - b)})`);
    row('landing JavaScript', before.landingJs, after.landingJs);
    row('landing CSS', before.landingCss, after.landingCss);
    row('dashboard JavaScript', before.dashboardJs, after.dashboardJs);
    row('dashboard CSS', before.dashboardCss, after.dashboardCss);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/** Prints the figures of the client built in `dir`; `enforce`: an exceeded budget sets exit code 1. */
function report(dir: string, enforce: boolean): Figures {
  clientDir = dir;
  const manifest = JSON.parse(readFileSync(join(dir, '.vite/manifest.json'), 'utf8')) as Manifest;
  const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry);
  if (!entryKey) throw new Error('no entry chunk in the manifest');

  // The landing page is part of the entry (src/client/router.tsx): its first load is the entry's closure.
  const first = closure(manifest, entryKey);
  const cssOf = (keys: Set<string>) =>
    [
      ...new Set(
        [...keys].flatMap((k) => [
          ...(manifest[k].css ?? []),
          ...(manifest[k].file.endsWith('.css') ? [manifest[k].file] : []),
        ]),
      ),
    ].reduce((t, f) => t + gzipped(f), 0);
  const firstJs = sum(manifest, first);
  const cssBytes = cssOf(first);
  const failures: string[] = [];
  const verdict = (what: string, bytes: number, budgetKb: number) => {
    const ok = bytes <= budgetKb * 1024;
    if (!ok) failures.push(`${what} ${kb(bytes)} over ${budgetKb} KB`);
    return `${kb(bytes)} (budget ${budgetKb} KB: ${ok ? 'within' : 'OVER'})`;
  };

  console.log('Landing page, first load (gzip level 9):');
  for (const k of first)
    console.log(`  ${manifest[k].file.padEnd(44)} ${kb(gzipped(manifest[k].file)).padStart(9)}`);
  console.log(`  JavaScript total ${verdict('landing JavaScript', firstJs, LANDING_JS_KB)}`);
  console.log(`  CSS total ${verdict('landing CSS', cssBytes, LANDING_CSS_KB)}`);

  /** A route's first load: the entry and the lazy chunks its route and parent layouts load. */
  const routeLoad = (sources: string[]) => {
    const keys = new Set(first);
    for (const src of sources) {
      if (!manifest[src])
        throw new Error(`${src} is not a chunk of the build (src/client/router.tsx changed?)`);
      closure(manifest, src, keys);
    }
    // Every lazy page loads every Mantine style with it (router.tsx, lazyPage).
    closure(manifest, 'src/client/styles/app.ts', keys);
    return { js: sum(manifest, keys), css: cssOf(keys) };
  };
  const server = 'src/client/components/ServerProviders.tsx';
  const dashboard = routeLoad([
    server,
    'src/client/components/shell/AdminLayout.tsx',
    'src/client/features/stats/DashboardPage.tsx',
  ]);
  console.log('\nDashboard, first screen (/admin: the providers, the shell, the dashboard screen):');
  console.log(`  JavaScript total ${verdict('dashboard JavaScript', dashboard.js, DASHBOARD_JS_KB)}`);
  console.log(`  CSS total ${kb(dashboard.css)}`);
  console.log('\nOther public pages opened directly (first load, JavaScript / CSS):');
  for (const [name, sources] of [
    ['/pricing', ['src/client/pages/public/Pricing.tsx']],
    ['/contact', [server, 'src/client/pages/public/Contact.tsx']],
  ] as const) {
    const r = routeLoad([...sources]);
    console.log(`  ${name.padEnd(12)} ${kb(r.js).padStart(9)} / ${kb(r.css)}`);
  }

  // Lazily loaded pages: what each adds on top of the first load.
  const lazy = Object.keys(manifest)
    .filter((k) => manifest[k].isDynamicEntry && manifest[k].src?.startsWith('src/client/'))
    .sort();
  const rows = lazy.map((k) => {
    const extra = [...closure(manifest, k)].filter((d) => !first.has(d));
    return {
      page: k.replace('src/client/', ''),
      own: gzipped(manifest[k].file),
      total: sum(manifest, extra),
    };
  });
  const show = (title: string, filter: (p: string) => boolean) => {
    console.log(`\n${title} (gzip; "adds" = chunks not already loaded by the landing page):`);
    for (const r of rows.filter((r) => filter(r.page))) {
      console.log(`  ${r.page.padEnd(44)} own ${kb(r.own).padStart(9)}   adds ${kb(r.total).padStart(9)}`);
    }
  };
  const isAdmin = (p: string) => p.startsWith('features/') || p.startsWith('components/shell/');
  show('Admin chunks', isAdmin);
  show('Other lazy chunks', (p) => !isAdmin(p));

  if (failures.length) {
    console.log(`\nOVER BUDGET: ${failures.join('; ')}`);
    if (enforce) process.exitCode = 1;
  } else console.log('\nEvery budget met.');
  return { landingJs: firstJs, landingCss: cssBytes, dashboardJs: dashboard.js, dashboardCss: dashboard.css };
}

void main();
