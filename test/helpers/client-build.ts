import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';

/** Where `vite build` puts the web client (vite.config.ts), and what it is built from. */
export const CLIENT_DIR = 'dist/client';
const SOURCES = [
  'index.html',
  'vite.config.ts',
  'scripts/vite-prerender.ts',
  'src/client',
  'src/common',
  'public',
];
const LOCK = 'dist/.client-build-lock';

function newest(path: string): number {
  if (!existsSync(path)) return 0;
  const st = statSync(path);
  if (!st.isDirectory()) return st.mtimeMs;
  return readdirSync(path).reduce((m, name) => Math.max(m, newest(join(path, name))), st.mtimeMs);
}

export function clientBuildIsStale(root = process.cwd()): boolean {
  const built = resolve(root, CLIENT_DIR, 'index.html');
  if (!existsSync(built)) return true;
  return Math.max(...SOURCES.map((s) => newest(resolve(root, s)))) > statSync(built).mtimeMs;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Builds the client when it is missing or older than its sources. A lock folder keeps two test
 * runs in the same tree from building at once. Returns null, or the build's error output.
 */
export async function ensureClientBuild(root = process.cwd()): Promise<string | null> {
  if (!clientBuildIsStale(root)) return null;
  mkdirSync(resolve(root, 'dist'), { recursive: true });
  const lock = resolve(root, LOCK);
  for (let waited = 0; ; waited += 500) {
    try {
      mkdirSync(lock);
      break;
    } catch {
      // Another run is building; a lock older than 3 minutes is left over from a crash.
      if (existsSync(lock) && Date.now() - statSync(lock).mtimeMs > 180_000)
        rmSync(lock, { recursive: true, force: true });
      if (waited > 240_000) return 'timed out waiting for another test run to build the client';
      await sleep(500);
    }
  }
  try {
    if (!clientBuildIsStale(root)) return null;
    // Build beside the served folder, then move the files in with index.html last: a server of
    // another test run that is serving dist/client meanwhile never sees it empty or half written
    // (old hashed assets stay, so pages it already handed out keep loading).
    const tmp = resolve(root, `dist/.client-build-${process.pid}`);
    const r = spawnSync(
      process.execPath,
      [
        resolve(root, 'node_modules/vite/bin/vite.js'),
        'build',
        '--logLevel',
        'error',
        '--outDir',
        tmp,
        '--emptyOutDir',
      ],
      {
        cwd: root,
        encoding: 'utf8',
        // vitest sets NODE_ENV=test, which would give a development build of React.
        env: { ...process.env, NODE_ENV: 'production' },
      },
    );
    if (r.status !== 0) {
      rmSync(tmp, { recursive: true, force: true });
      return `vite build failed:\n${r.stdout}\n${r.stderr}`.trim();
    }
    const out = resolve(root, CLIENT_DIR);
    mkdirSync(out, { recursive: true });
    cpSync(tmp, out, {
      recursive: true,
      force: true,
      filter: (src) => src !== join(tmp, 'index.html'),
    });
    renameSync(join(tmp, 'index.html'), join(out, 'index.html'));
    rmSync(tmp, { recursive: true, force: true });
    return null;
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}
