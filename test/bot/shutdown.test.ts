import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDb, rawAll } from '../../db/client';
import { databaseLocation } from '../../src/server/core/env';
import { type FakeDiscord, type FakeGuild, makeGuild, startFakeDiscord } from '../fakes/discord';
import { type FakeProvider, startFakeGemini } from '../fakes/gemini';
import { builtServerArgs } from '../helpers/built-server';
import { dropTestDb, testDatabaseEnv } from '../helpers/database';
import { seedGuild } from '../helpers/guilds';
import { TEST_ADMIN_TOKEN } from '../helpers/server';
import { eventually } from './harness';

/**
 * SIGTERM to a real process (the production build of src/main.ts, web and bot in one) while it has
 * work: the announcement Discord is still answering is finished and recorded, the process exits 0,
 * no job stays leased to it, and what it had not started is delivered once by the next process.
 */
interface Proc {
  child: ChildProcess;
  output: string[];
  exited: Promise<number | null>;
  line(re: RegExp): Promise<RegExpMatchArray>;
}

let fake: FakeDiscord;
let gemini: FakeProvider;
let dir: string;
/** node's arguments to run the production build (what `npm start` runs). */
let server: string[];
let dbEnv: { DATABASE_PATH: string; DATABASE_URL?: string };
let env: Record<string, string>;
const guild: FakeGuild = makeGuild('Shutdown server', ['general', 'news-es']);
const procs: Proc[] = [];
const newsEs = () => guild.channels.find((c) => c.name === 'news-es')!.id;

function start(args: string[]): Proc {
  const child = spawn(process.execPath, [...server, ...args], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  const waiters: { re: RegExp; resolve: (m: RegExpMatchArray) => void }[] = [];
  const onData = (chunk: Buffer) => {
    for (const l of chunk.toString().split('\n').filter(Boolean)) {
      output.push(l);
      for (const w of [...waiters]) {
        const m = l.match(w.re);
        if (m) {
          waiters.splice(waiters.indexOf(w), 1);
          w.resolve(m);
        }
      }
    }
  };
  child.stdout?.on('data', onData);
  child.stderr?.on('data', onData);
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const proc: Proc = {
    child,
    output,
    exited,
    line(re) {
      const found = output.map((l) => l.match(re)).find(Boolean);
      if (found) return Promise.resolve(found);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no line ${re}:\n${output.join('\n')}`)), 30_000);
        waiters.push({
          re,
          resolve: (m) => {
            clearTimeout(timer);
            resolve(m);
          },
        });
      });
    },
  };
  procs.push(proc);
  return proc;
}

const query = async <T>(text: string): Promise<T[]> => {
  const db = await openDb(databaseLocation(dbEnv));
  try {
    return (await rawAll(db, sql.raw(text))) as T[];
  } finally {
    await db.$close();
  }
};
const api = async (base: string, path: string, method = 'GET', body?: unknown) => {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: { authorization: `Bearer ${TEST_ADMIN_TOKEN}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, json: await res.json() };
};
const announce = async (web: string, text: string) => {
  const created = await api(web, `/api/announcements?guildId=${guild.id}`, 'POST', {
    createdBy: 'admin',
    originalText: text,
    originalLanguage: 'en',
    targetChannels: [{ language: 'es', channelId: newsEs() }],
  });
  expect(created.status).toBe(201);
  return created.json.id as number;
};
const postsOf = (text: string) =>
  fake.calls.filter(
    (c) =>
      c.method === 'POST' &&
      c.path === `/channels/${newsEs()}/messages` &&
      c.status === 200 &&
      String(c.body?.content).includes(text),
  );

beforeAll(async () => {
  server = await builtServerArgs();
  fake = await startFakeDiscord({ guilds: [guild] });
  gemini = await startFakeGemini();
  dir = mkdtempSync(join(tmpdir(), 'polyglot-shutdown-'));
  dbEnv = await testDatabaseEnv(dir);
  const db = await openDb(databaseLocation(dbEnv));
  await seedGuild({ db }, guild.id, { plan: 'plus', name: guild.name });
  await db.$close();
  env = {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? dir,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: '0',
    ...dbEnv,
    ADMIN_TOKEN: TEST_ADMIN_TOKEN,
    DEFAULT_GUILD_ID: guild.id,
    DISCORD_TOKEN: fake.token,
    DISCORD_API_URL: fake.apiUrl,
    GEMINI_API_KEY: 'test-gemini-key',
    GEMINI_BASE_URL: gemini.url,
  };
});
afterAll(async () => {
  for (const p of procs)
    if (p.child.exitCode === null && p.child.signalCode === null) p.child.kill('SIGKILL');
  await Promise.all(procs.map((p) => p.exited));
  await fake?.close();
  await gemini?.close();
  await dropTestDb(dir);
  rmSync(dir, { recursive: true, force: true });
});

describe('SIGTERM with queued work', () => {
  it('finishes the job Discord is answering, hands back the rest, exits 0; the next process delivers what was left, once', async () => {
    const first = start([]);
    const web = (await first.line(/Listening on (\S+)/))[1]!;
    await first.line(/Discord bot logged in/);
    // The server's channels are synced (announcements are checked against them).
    await eventually(async () => {
      const res = await api(web, `/api/discord/channels?guildId=${guild.id}`);
      return (res.json as { id: string }[]).some((c) => c.id === newsEs());
    }, 15_000);

    // Discord holds the announcement's post until the test lets it answer.
    let release: () => void = () => {};
    const gate = new Promise<void>((r) => {
      release = r;
    });
    let held: () => void = () => {};
    const heldOnce = new Promise<void>((r) => {
      held = r;
    });
    const handle = fake.rest.handle.bind(fake.rest);
    fake.rest.handle = async (req: IncomingMessage, res: ServerResponse) => {
      if (req.method === 'POST' && req.url?.endsWith(`/channels/${newsEs()}/messages`)) {
        held();
        await gate;
      }
      return handle(req, res);
    };

    const inFlight = await announce(web, 'In flight at shutdown');
    const waiting = await announce(web, 'Waiting at shutdown');
    // Post Now answers once Discord did (or says it is queued): not awaited here.
    const postNow = (id: number) =>
      api(web, `/api/announcements/${id}/post?guildId=${guild.id}`, 'POST').catch(() => null);
    void postNow(inFlight);
    await heldOnce;
    // The second job is written while the first is in flight; the worker runs one announcement at a time per channel or takes it too.
    void postNow(waiting);
    await eventually(
      async () => (await query<{ n: number }>('select count(*) as n from queue_jobs'))[0]!.n >= 2,
    );

    first.child.kill('SIGTERM');
    await first.line(/Shutting down \(SIGTERM\)/);
    release();
    const code = await first.exited;
    expect(code).toBe(0);
    expect(first.output.some((l) => l.includes('"msg":"Stopped"'))).toBe(true);
    // Production logs: one JSON object a line, with a level.
    for (const l of first.output) expect(JSON.parse(l)).toHaveProperty('level');

    // The job Discord was answering finished and was recorded; nothing is left leased to the process.
    expect(postsOf('In flight at shutdown')).toHaveLength(1);
    const jobs = await query<{ status: string; lease_owner: string | null; payload: string }>(
      "select status, lease_owner, payload from queue_jobs where kind = 'announcement:post' order by id",
    );
    expect(jobs[0]!.status).toBe('done');
    for (const j of jobs) if (j.status === 'pending') expect(j.lease_owner).toBeNull();

    // The next process delivers what was left, once; the first is not posted again.
    fake.rest.handle = handle;
    const second = start(['--bot']);
    await second.line(/Discord bot logged in/);
    await eventually(() => postsOf('Waiting at shutdown').length >= 1, 15_000);
    await eventually(async () =>
      (
        await query<{ status: string }>("select status from queue_jobs where kind = 'announcement:post'")
      ).every((j) => j.status === 'done'),
    );
    expect(postsOf('Waiting at shutdown')).toHaveLength(1);
    expect(postsOf('In flight at shutdown')).toHaveLength(1);
    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);
  });
});
