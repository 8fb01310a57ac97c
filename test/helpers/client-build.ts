import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';

/** Where `vite build` puts the web client (vite.config.ts), and what it is built from. */
export const CLIENT_DIR = 'dist/client';
const SOURCES = ['index.html', 'vite.config.ts', 'src/client', 'src/common', 'public'];
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
    const r = spawnSync(
      process.execPath,
      [resolve(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'error'],
      {
        cwd: root,
        encoding: 'utf8',
      },
    );
    return r.status === 0 ? null : `vite build failed:\n${r.stdout}\n${r.stderr}`.trim();
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}
