// npm run bench:web: what the browser downloads, from the build output (dist/client/.vite/manifest.json).
// Prints the gzipped JavaScript the landing page loads first (budget: 180 KB) and each admin chunk.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
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

const BUDGET_KB = 180;
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
const gz = new Map<string, number>();
function gzipped(file: string): number {
  let n = gz.get(file);
  if (n === undefined) {
    n = gzipSync(readFileSync(join(CLIENT_DIR, file)), { level: 9 }).length;
    gz.set(file, n);
  }
  return n;
}

/** A chunk and everything it imports statically (what loading it downloads). */
function closure(manifest: Manifest, key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const dep of manifest[key]?.imports ?? []) closure(manifest, dep, seen);
  return seen;
}

const sum = (manifest: Manifest, keys: Iterable<string>) =>
  [...keys].reduce((total, k) => total + gzipped(manifest[k].file), 0);

async function main() {
  const buildError = await ensureClientBuild();
  if (buildError) {
    console.error(buildError);
    process.exit(1);
  }
  const manifest = JSON.parse(readFileSync(join(CLIENT_DIR, '.vite/manifest.json'), 'utf8')) as Manifest;
  const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry);
  if (!entryKey) throw new Error('no entry chunk in the manifest');

  // The landing page is part of the entry (src/client/router.tsx): its first load is the entry's closure.
  const first = closure(manifest, entryKey);
  const firstJs = sum(manifest, first);
  const firstCss = [...first].flatMap((k) => manifest[k].css ?? []);
  const cssBytes = [...new Set(firstCss)].reduce((t, f) => t + gzipped(f), 0);

  console.log('Landing page, first load (gzip level 9):');
  for (const k of first)
    console.log(`  ${manifest[k].file.padEnd(44)} ${kb(gzipped(manifest[k].file)).padStart(9)}`);
  console.log(
    `  JavaScript total ${kb(firstJs)} (budget ${BUDGET_KB} KB: ${firstJs <= BUDGET_KB * 1024 ? 'within' : 'OVER'})`,
  );
  console.log(`  CSS total ${kb(cssBytes)}`);

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
  show('Admin chunks', (p) => p.startsWith('pages/admin/') || p.startsWith('components/shell/'));
  show('Other lazy pages', (p) => !p.startsWith('pages/admin/') && !p.startsWith('components/shell/'));

  if (firstJs > BUDGET_KB * 1024) process.exitCode = 1;
}

void main();
