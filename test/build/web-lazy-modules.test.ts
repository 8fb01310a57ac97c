import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from '../../scripts/build-server.mjs';

/**
 * Issue 25, idle memory: the web tier (the bundle npm start runs, `--web`, on the embedded defaults)
 * starts without the libraries it needs only on a path: discord.js (the tickets' member look-ups),
 * Stripe, nodemailer, pg, undici and the DeepL and Gemini SDKs load at their first use. Node's own
 * module hooks (module.register, in a file written here) record every module the process loads;
 * nothing of ours is replaced. Then a member search loads discord.js: the lazy path still works.
 */
mkdirSync('.tmp', { recursive: true });
const dir = mkdtempSync(join(process.cwd(), '.tmp', 'web-lazy-'));
const outDir = join(dir, 'server');
const loadedLog = join(dir, 'loaded.txt');
const ADMIN = 'lazy-test-admin-token-0123456789';
let child: ChildProcess;
let base = '';
let output = '';

/** Packages a web tier at idle must not hold (each is 10-40 MB of RSS loaded alone). */
const ON_A_PATH_ONLY = ['discord.js', 'stripe', 'nodemailer', 'pg', 'undici', 'deepl-node', '@google/genai'];

/** The packages the process has loaded so far, by name. */
function loadedPackages(): Set<string> {
  const names = readFileSync(loadedLog, 'utf8')
    .split('\n')
    .filter((url) => url.includes('/node_modules/'))
    .map((url) => url.slice(url.lastIndexOf('/node_modules/') + '/node_modules/'.length))
    .map((rest) =>
      rest
        .split('/')
        .slice(0, rest.startsWith('@') ? 2 : 1)
        .join('/'),
    );
  return new Set(names);
}

beforeAll(async () => {
  await buildServer(outDir);
  writeFileSync(
    join(dir, 'hooks.mjs'),
    `import { appendFileSync } from 'node:fs';
export async function load(url, context, next) {
  appendFileSync(${JSON.stringify(loadedLog)}, url + '\\n');
  return next(url, context);
}
`,
  );
  writeFileSync(
    join(dir, 'register.mjs'),
    `import { register } from 'node:module';
register(${JSON.stringify(pathToFileURL(join(dir, 'hooks.mjs')).href)});
`,
  );
  writeFileSync(loadedLog, '');
  child = spawn(
    process.execPath,
    ['--import', pathToFileURL(join(dir, 'register.mjs')).href, join(outDir, 'main.js'), '--web', '--demo'],
    {
      cwd: process.cwd(),
      env: {
        PATH: process.env.PATH ?? '',
        HOME: dir,
        HOST: '127.0.0.1',
        PORT: '0',
        DATABASE_PATH: join(dir, 'app.db'),
        ADMIN_TOKEN: ADMIN,
        DEFAULT_GUILD_ID: 'lazy-guild',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
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

describe('the web tier at idle', () => {
  it('serves without having loaded the libraries used only on a path', async () => {
    // A positive sign first: it answers, with the database and the API's own libraries loaded.
    const res = await fetch(`${base}/healthz`);
    expect(res.status).toBe(200);
    const loaded = loadedPackages();
    expect(loaded).toContain('better-sqlite3');
    expect(loaded).toContain('hono');
    expect(ON_A_PATH_ONLY.filter((name) => loaded.has(name))).toEqual([]);
  });

  it('loads discord.js at the first member search, which answers as before', async () => {
    const input = encodeURIComponent(JSON.stringify({ json: { guildId: 'lazy-guild', query: 'al' } }));
    const res = await fetch(`${base}/trpc/tickets.searchMembers?input=${input}`, {
      headers: { authorization: `Bearer ${ADMIN}` },
    });
    // No DISCORD_TOKEN on the embedded defaults: the look-up says so (503), after loading its module.
    const body = await res.text();
    expect(res.status, body).toBe(503);
    expect(body).toMatch(/bot is not configured/);
    expect(loadedPackages()).toContain('discord.js');
  });
});
