import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { builtServerArgs } from '../helpers/built-server';
import { dropTestDb, testDatabaseEnv } from '../helpers/database';

/**
 * The real server process (the production build of src/main.ts, --web, as `npm start` runs it) on
 * an ephemeral port, twice on one database: what it prints about the admin token and the login
 * link.
 */
let dir: string;
/** node's arguments to run the production build (what `npm start` runs). */
let server: string[];
let env: Record<string, string>;
const running: ChildProcess[] = [];

beforeAll(async () => {
  server = await builtServerArgs();
  dir = mkdtempSync(join(tmpdir(), 'polyglot-start-'));
  // Only what the server needs: no ADMIN_TOKEN, no PUBLIC_URL (the defaults are what is tested).
  env = {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? dir,
    PORT: '0',
    ...(await testDatabaseEnv(dir)),
  };
});
afterAll(async () => {
  for (const child of running) if (child.exitCode === null) child.kill('SIGKILL');
  await dropTestDb(dir);
  rmSync(dir, { recursive: true, force: true });
});

/**
 * Starts the web process; resolves once it printed its login link (`output()`: all it printed so far).
 * Lines are the development log format (core/log.ts): `[12:00:00.000] INFO: ` and the message.
 */
function start(): Promise<{ child: ChildProcess; output: () => string; link: string }> {
  const child = spawn(process.execPath, [...server, '--web'], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.push(child);
  let output = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no login link printed:\n${output}`)), 60_000);
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const link = output.match(
        /^(?:\[[\d:.]+\] INFO: )?Dashboard login link \(one use, valid 10 minutes\): (\S+)$/m,
      )?.[1];
      if (link) {
        clearTimeout(timer);
        resolve({ child, output: () => output, link });
      }
    };
    child.stdout?.on('data', read);
    child.stderr?.on('data', read);
    child.on('exit', (code) => reject(new Error(`the server exited (${code}):\n${output}`)));
  });
}

async function stop(child: ChildProcess): Promise<void> {
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

const count = (text: string, part: string) => text.split(part).length - 1;

describe('what the server prints at start', { timeout: 120_000 }, () => {
  it('shows a generated token once, then only where it is kept; the link is a one-time code', async () => {
    const first = await start();
    const file = join(dir, 'admin-token');
    const token = readFileSync(file, 'utf8').trim();
    expect(token).toMatch(/^[0-9a-f]{48}$/);
    expect(count(first.output(), token)).toBe(1);
    expect(first.output()).toContain(`Admin token (new; shown this once, kept in ${file}): ${token}`);
    // The printed address and PUBLIC_URL agree (the port is the one taken, PORT=0).
    const listening = first.output().match(/^(?:\[[\d:.]+\] INFO: )?Listening on (\S+) \(open (\S+)\)$/m);
    expect(listening).toBeTruthy();
    const port = new URL(listening![1]!).port;
    expect(listening![2]).toBe(`http://localhost:${port}`);
    const link = new URL(first.link);
    expect(link.origin + link.pathname).toBe(`http://localhost:${port}/login`);
    expect(link.searchParams.get('code')).toMatch(/^[\w-]{40,}$/);
    expect(first.link).not.toContain(token);
    await stop(first.child);

    const second = await start();
    expect(second.output()).not.toContain(token);
    expect(second.output()).toMatch(
      new RegExp(
        `^(?:\\[[\\d:.]+\\] INFO: )?Admin token: kept in ${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`,
        'm',
      ),
    );
    // The printed link logs in, once.
    const opened = await fetch(second.link, { redirect: 'manual' });
    expect(opened.status).toBe(302);
    expect(opened.headers.get('location')).toBe('/admin');
    expect(opened.headers.getSetCookie().some((c) => /^pb_session=[^;]+;/.test(c))).toBe(true);
    const again = await fetch(second.link, { redirect: 'manual' });
    expect(again.headers.get('location')).toBe('/login?error=link');
    await stop(second.child);
    // Nothing printed after the banner repeats the token either (shutdown lines included).
    expect(second.output()).not.toContain(token);
  });
});
