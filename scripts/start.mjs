// npm start: builds what is missing or older than its sources (the web client with vite, the server
// with esbuild: scripts/build-server.mjs), then runs the built server with plain node (it migrates
// the database, serves everything on one port and starts the bot). npm run start:web (--web): the
// web tier alone; npm run start:bot (--bot [--shards 0-1 --total 4]): the bot alone, no client
// build; npm run start:proxy (--rest-proxy [--proxy-port 4480]): the REST proxy bot processes share. SIGTERM and SIGINT are passed on (graceful shutdown). npm run dev runs the sources via tsx.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { buildServer, SERVER_OUT_DIR, SERVER_SOURCES } from './build-server.mjs';

function newest(path) {
  if (!existsSync(path)) return 0;
  const st = statSync(path);
  if (!st.isDirectory()) return st.mtimeMs;
  return readdirSync(path).reduce((m, name) => Math.max(m, newest(join(path, name))), st.mtimeMs);
}
const stale = (built, sources) =>
  !existsSync(built) || Math.max(...sources.map(newest)) > statSync(built).mtimeMs;

const clientBuilt = 'dist/client/index.html';
const clientSources = [
  'index.html',
  'vite.config.ts',
  'scripts/vite-prerender.ts',
  'src/client',
  'src/common',
  'public',
];
const botOnly = process.argv.includes('--bot') || process.argv.includes('--rest-proxy');
if (!botOnly && existsSync('index.html') && stale(clientBuilt, clientSources)) {
  console.log('Building the web client (vite build)...');
  const r = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], { stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

const serverBuilt = join(SERVER_OUT_DIR, 'main.js');
if (stale(serverBuilt, SERVER_SOURCES)) {
  console.log('Building the server (esbuild)...');
  try {
    await buildServer();
  } catch {
    // esbuild has printed the errors.
    process.exit(1);
  }
}

// A .env file beside package.json, when there is one, is read into the environment (see .env.example).
const envFile = existsSync('.env') ? ['--env-file=.env'] : [];
// The product runs in production mode (errors never carry stacks either way; see src/server/core/trpc.ts).
const child = spawn(
  process.execPath,
  [...envFile, '--enable-source-maps', serverBuilt, ...process.argv.slice(2)],
  {
    // The IPC channel closes if this process is killed (SIGKILL) or dies: the server then stops as
    // on SIGTERM instead of running on as an orphan (src/server/core/stop-requests.ts).
    stdio: ['inherit', 'inherit', 'inherit', 'ipc'],
    env: { ...process.env, NODE_ENV: process.env.NODE_ENV ?? 'production' },
  },
);
for (const signal of ['SIGTERM', 'SIGINT']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
