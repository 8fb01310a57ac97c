// npm start: builds the web client when it is missing or older than its sources, then starts the
// server (which migrates the database, serves everything on one port and starts the bot).
// npm run start:web (--web): the web tier alone; npm run start:bot (--bot [--shards 0-1 --total 4]):
// the bot alone, no client build. SIGTERM and SIGINT are passed on (graceful shutdown).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

function newest(path) {
  if (!existsSync(path)) return 0;
  const st = statSync(path);
  if (!st.isDirectory()) return st.mtimeMs;
  return readdirSync(path).reduce((m, name) => Math.max(m, newest(join(path, name))), st.mtimeMs);
}

const built = 'dist/client/index.html';
const sources = ['index.html', 'vite.config.ts', 'src/client', 'src/common', 'public'];
const botOnly = process.argv.includes('--bot');
if (
  !botOnly &&
  existsSync('index.html') &&
  (!existsSync(built) || Math.max(...sources.map(newest)) > newest(built))
) {
  console.log('Building the web client (vite build)...');
  const r = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], { stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

// A .env file beside package.json, when there is one, is read into the environment (see .env.example).
const envFile = existsSync('.env') ? ['--env-file=.env'] : [];
// The product runs in production mode (errors never carry stacks either way; see src/server/core/trpc.ts).
const child = spawn(
  process.execPath,
  [...envFile, '--import', 'tsx', 'src/server/main.ts', ...process.argv.slice(2)],
  {
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: process.env.NODE_ENV ?? 'production' },
  },
);
for (const signal of ['SIGTERM', 'SIGINT']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
