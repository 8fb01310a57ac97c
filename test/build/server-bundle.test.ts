import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from '../../scripts/build-server.mjs';

/**
 * The production build (scripts/build-server.mjs, what npm start runs): the esbuild bundle runs with
 * plain node, no tsx, from a folder other than dist/ (the tests never read dist/): it migrates a new
 * SQLite file (db/client.ts finds migrations/ from the bundle), serves /healthz and the setup
 * documents, and loads a lazily imported chunk.
 */
// Inside the project (.tmp/, ignored by git): node resolves the external packages from node_modules.
mkdirSync('.tmp', { recursive: true });
const dir = mkdtempSync(join(process.cwd(), '.tmp', 'server-bundle-'));
const outDir = join(dir, 'server');
let child: ChildProcess;
let base = '';
let output = '';

beforeAll(async () => {
  await buildServer(outDir);
  child = spawn(process.execPath, [join(outDir, 'main.js'), '--web', '--demo'], {
    cwd: process.cwd(),
    env: {
      PATH: process.env.PATH ?? '',
      HOME: dir,
      HOST: '127.0.0.1',
      PORT: '0',
      DATABASE_PATH: join(dir, 'app.db'),
      ADMIN_TOKEN: 'bundle-test-admin-token-0123456789',
      DEFAULT_GUILD_ID: 'bundle-guild',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  base = await new Promise<string>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const m = output.match(/Listening on (http:\/\/127\.0\.0\.1:\d+)/);
      if (m) resolve(m[1] as string);
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => reject(new Error(`the bundle exited (${code}):\n${output}`)));
  });
});

afterAll(async () => {
  if (child && child.exitCode === null) {
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await exited;
  }
  rmSync(dir, { recursive: true, force: true });
});

describe('the server bundle', () => {
  it('is plain JavaScript beside its source maps, with no TypeScript loader', () => {
    expect(existsSync(join(outDir, 'main.js'))).toBe(true);
    expect(existsSync(join(outDir, 'main.js.map'))).toBe(true);
  });

  it('migrates the database and reports healthy', async () => {
    const res = await fetch(`${base}/healthz`);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ ok: true, role: 'web', database: { ok: true } });
  });

  it('ran the lazily loaded demo seeding chunk', () => {
    expect(output).toMatch(/Demo data: /);
  });

  it('serves the setup documents from the project folder', async () => {
    const res = await fetch(`${base}/docs/README.md`);
    expect(res.status).toBe(200);
    expect(await res.text()).toMatch(/^# Polyglot/);
  });

  it('answers the API with the admin token', async () => {
    const res = await fetch(`${base}/api/translation/settings`, {
      headers: { authorization: 'Bearer bundle-test-admin-token-0123456789' },
    });
    expect(res.status).toBe(200);
  });
});
