import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningBot, startBot } from '../../bot/client';
import { openDb, rawAll, rawRun } from '../../db/client';
import { databaseLocation } from '../../src/server/core/env';
import { healthReport } from '../../src/server/core/health';
import { parseProcessArgs } from '../../src/server/core/process-args';
import {
  type FakeDiscord,
  type FakeGuild,
  makeGuild,
  type RecordedCall,
  startFakeDiscord,
} from '../fakes/discord';
import { shardOfGuild } from '../fakes/discord/gateway';
import { type FakeProvider, startFakeGemini } from '../fakes/gemini';
import { dropTestDb } from '../helpers/database';
import { builtServerArgs, productProcessesSetup } from '../helpers/built-server';
import { startTestServer, TEST_ADMIN_TOKEN, type TestServer } from '../helpers/server';
import { eventually } from './harness';

/**
 * Shards and processes: the fake Discord announces 4 shards and gives each shard its servers by
 * (guild_id >> 22) % 4. In one process the bot opens all four ('auto'); across processes two bot
 * processes (shards 0-1 and 2-3) and two web processes share one SQLite file, and the bot work the
 * web tier asks reaches Discord through the durable queue, once, from the process holding the shard.
 */

/** A server whose id puts it on `shard` of `total`. */
function guildOnShard(name: string, shard: number, total: number): FakeGuild {
  const g = makeGuild(name, ['general', 'news-es']);
  const ms = BigInt(Date.now() - 1_420_070_400_000);
  g.id = (((ms - (ms % BigInt(total)) + BigInt(shard)) << 22n) | BigInt(100 + shard)).toString();
  expect(shardOfGuild(g.id, total)).toBe(shard);
  return g;
}

describe('the process command line', () => {
  it('reads roles and shard lists, and refuses what cannot run', () => {
    expect(parseProcessArgs([])).toMatchObject({ role: 'all', shards: 'auto' });
    expect(parseProcessArgs(['--web'])).toMatchObject({ role: 'web', shards: 'auto' });
    expect(parseProcessArgs(['--bot', '--shards', '0-1', '--total', '4'])).toMatchObject({
      role: 'bot',
      shards: [0, 1],
      total: 4,
    });
    expect(parseProcessArgs(['--bot', '--shards', '5,2-3', '--total', '8']).shards).toEqual([2, 3, 5]);
    expect(() => parseProcessArgs(['--bot', '--web'])).toThrow('--bot and --web together');
    expect(() => parseProcessArgs(['--bot', '--shards', '0-1'])).toThrow('--shards and --total go together');
    expect(() => parseProcessArgs(['--bot', '--shards', '2-5', '--total', '4'])).toThrow(
      '--shards: shard 4 is not below --total 4',
    );
    expect(() => parseProcessArgs(['--bot', '--shards', '3-1', '--total', '4'])).toThrow('goes backwards');
    expect(() => parseProcessArgs(['--web', '--shards', '0', '--total', '2'])).toThrow(
      'the web tier runs no shards',
    );
    expect(() => parseProcessArgs(['--shard', '1'])).toThrow();
  });
});

describe("one process: the shard count Discord recommends ('auto')", () => {
  let fake: FakeDiscord;
  let server: TestServer;
  let bot: RunningBot | null = null;
  const guilds = [0, 1, 2, 3].map((s) => guildOnShard(`Shard ${s} server`, s, 4));
  beforeAll(async () => {
    fake = await startFakeDiscord({ guilds, shards: 4 });
    server = await startTestServer({ env: { DISCORD_TOKEN: fake.token, DISCORD_API_URL: fake.apiUrl } });
    bot = await startBot(server.services, { retries: 0 });
    await bot?.ready;
  });
  afterAll(async () => {
    await bot?.stop();
    await fake.close();
    await server.close();
  });

  it('opens four shards, each with its own servers, and /healthz reports the database', async () => {
    expect(fake.gateway.shards()).toEqual([0, 1, 2, 3].map((id) => ({ id, count: 4, connected: true })));
    expect(bot?.shards()).toEqual(
      [0, 1, 2, 3].map((id) => expect.objectContaining({ id, status: 'Ready', guilds: 1 })),
    );
    for (const [i, g] of guilds.entries()) expect(bot?.client.guilds.cache.get(g.id)?.shardId).toBe(i);
    const health = await server.api('/healthz');
    expect(health.status).toBe(200);
    expect(health.json).toMatchObject({ ok: true, database: { ok: true }, queue: { pending: 0, failed: 0 } });
    // npm start's /healthz (main.ts hands the running bot's shards to it) lists each shard's state.
    const withBot = await healthReport(server.services, { role: 'all', shards: bot?.shards });
    expect(withBot.body).toMatchObject({
      ok: true,
      role: 'all',
      bot: { shards: [0, 1, 2, 3].map((id) => expect.objectContaining({ id, status: 'Ready', guilds: 1 })) },
    });
  });

  it("an event about a server arrives on the session of that server's shard", async () => {
    const arrived: number[] = [];
    bot?.client.on('raw', (data: { t?: string }, shardId: number) => {
      if (data.t === 'GUILD_UPDATE') arrived.push(shardId);
    });
    fake.dispatch('GUILD_UPDATE', { id: guilds[3]!.id, name: 'Renamed on shard 3', roles: [], emojis: [] });
    await eventually(() => bot?.client.guilds.cache.get(guilds[3]!.id)?.name === 'Renamed on shard 3');
    fake.dispatch('GUILD_UPDATE', { id: guilds[1]!.id, name: 'Renamed on shard 1', roles: [], emojis: [] });
    await eventually(() => bot?.client.guilds.cache.get(guilds[1]!.id)?.name === 'Renamed on shard 1');
    expect(arrived).toEqual([3, 1]);
  });

  it('/healthz answers 503 when the database does not', async () => {
    const other = await startTestServer();
    await other.services.db.$close();
    const res = await other.api('/healthz');
    expect(res.status).toBe(503);
    expect(res.json).toMatchObject({
      ok: false,
      database: { ok: false, error: expect.stringMatching(/not open|after calling end/) },
    });
    await other.close().catch(() => {});
  });
});

describe('two bot processes starting at the same moment', () => {
  it("identify one bucket's shards 5 s apart, as Discord requires, not at once", async () => {
    const guilds = [0, 1].map((s) => guildOnShard(`Bucket server ${s}`, s, 2));
    // max_concurrency 1 (most bots): every shard is in one bucket.
    const fake = await startFakeDiscord({ guilds, shards: 2, maxConcurrency: 1 });
    const server = await startTestServer({
      env: { DISCORD_TOKEN: fake.token, DISCORD_API_URL: fake.apiUrl },
    });
    const bots: (RunningBot | null)[] = [];
    try {
      bots.push(
        ...(await Promise.all([
          startBot(server.services, { retries: 0, shards: [0], totalShards: 2 }),
          startBot(server.services, { retries: 0, shards: [1], totalShards: 2 }),
        ])),
      );
      await Promise.all(bots.map((b) => b?.ready));
      const times = fake.gateway.identifyLog.map((i) => i.at).sort((a, b) => a - b);
      expect(fake.gateway.identifyLog.map((i) => i.shard[0]).sort()).toEqual([0, 1]);
      expect(times[1]! - times[0]!).toBeGreaterThanOrEqual(4_900);
    } finally {
      for (const b of bots) await b?.stop();
      await fake.close();
      await server.close();
    }
  });
});

interface Proc {
  child: ChildProcess;
  output: string[];
  line(re: RegExp, timeoutMs?: number): Promise<RegExpMatchArray>;
  exited: Promise<number | null>;
}

describe('several processes on one database', () => {
  let dbEnv: { DATABASE_PATH: string; DATABASE_URL?: string };
  let fake: FakeDiscord;
  let gemini: FakeProvider;
  let dir: string;
  const procs: Proc[] = [];
  const guilds = [0, 1, 2, 3].map((s) => guildOnShard(`Shard ${s} server`, s, 4));
  const onShard3 = guilds[3]!;
  const onShard0 = guilds[0]!;
  let env: Record<string, string>;
  /** The built server (test/helpers/built-server.ts), as npm start runs it. */
  let server: string[];

  function start(args: string[]): Proc {
    const child = spawn(process.execPath, [...server, ...args], {
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const output: string[] = [];
    const waiters: { re: RegExp; resolve: (m: RegExpMatchArray) => void }[] = [];
    const onData = (chunk: Buffer) => {
      for (const l of chunk.toString().split('\n')) {
        if (!l) continue;
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
      line(re, timeoutMs = 90_000) {
        for (const l of output) {
          const m = l.match(re);
          if (m) return Promise.resolve(m);
        }
        return new Promise((resolve, reject) => {
          const timer = setTimeout(
            () => reject(new Error(`no line ${re} from ${args.join(' ')}:\n${output.join('\n')}`)),
            timeoutMs,
          );
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

  const rows = async <T>(query: SQL): Promise<T[]> => {
    const db = await openDb(databaseLocation(dbEnv));
    try {
      return (await rawAll(db, query)) as T[];
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
  const channelOf = (g: FakeGuild, name: string) => g.channels.find((c) => c.name === name)!.id;
  const postsTo = (g: FakeGuild, text: string): RecordedCall[] =>
    fake.calls.filter(
      (c) =>
        c.method === 'POST' &&
        c.path === `/channels/${channelOf(g, 'news-es')}/messages` &&
        c.status === 200 &&
        String(c.body?.content).includes(text),
    );
  const announce = async (web: string, g: FakeGuild, text: string) => {
    const created = await api(web, `/api/announcements?guildId=${g.id}`, 'POST', {
      createdBy: 'admin',
      originalText: text,
      originalLanguage: 'en',
      targetChannels: [{ language: 'es', channelId: channelOf(g, 'news-es') }],
    });
    // The answer's body in the failure message when it is not 201.
    expect(created).toMatchObject({ status: 201 });
    return created.json.id as number;
  };

  beforeAll(async () => {
    server = await builtServerArgs();
    fake = await startFakeDiscord({ guilds, shards: 4 });
    gemini = await startFakeGemini();
    dir = mkdtempSync(join(tmpdir(), 'polyglot-processes-'));
    // Every server on Plus (announcements).
    const setup = await productProcessesSetup(dir, guilds, 'plus', fake.token);
    dbEnv = setup.dbEnv;
    env = {
      ...setup.env,
      DISCORD_API_URL: fake.apiUrl,
      GEMINI_API_KEY: 'test-gemini-key',
      GEMINI_BASE_URL: gemini.url,
    };
  });
  afterAll(async () => {
    for (const p of procs)
      if (p.child.exitCode === null && p.child.signalCode === null) p.child.kill('SIGKILL');
    await Promise.all(procs.map((p) => p.exited));
    await fake.close();
    await gemini.close();
    await dropTestDb(dir);
    rmSync(dir, { recursive: true, force: true });
  });

  it('a Post Now sent to either web process is posted once by the bot process of the shard, and what was pending when that process was killed is delivered once when it starts again', async () => {
    const web1 = start(['--web']);
    const web2 = start(['--web']);
    const botLow = start(['--bot', '--shards', '0-1', '--total', '4', '--health-port', '0']);
    let botHigh = start(['--bot', '--shards', '2-3', '--total', '4', '--health-port', '0']);
    const [w1, w2] = [
      (await web1.line(/Listening on (\S+)/))[1]!,
      (await web2.line(/Listening on (\S+)/))[1]!,
    ];
    await botLow.line(/Discord bot logged in as Polyglot in 2 servers/);
    await botHigh.line(/Discord bot logged in as Polyglot in 2 servers/);
    expect(fake.gateway.shards()).toEqual([0, 1, 2, 3].map((id) => ({ id, count: 4, connected: true })));
    // Web processes run no bot: /healthz lists no shards; a bot process's lists its own, Ready.
    expect((await api(w1, '/healthz')).json).toMatchObject({ ok: true, role: 'web' });
    expect((await api(w1, '/healthz')).json.bot).toBeUndefined();
    const highHealth = (await botHigh.line(/Health on (\S+)/))[1]!;
    expect((await api(highHealth.replace('/healthz', ''), '/healthz')).json).toMatchObject({
      ok: true,
      role: 'bot',
      bot: {
        shards: [
          expect.objectContaining({ id: 2, status: 'Ready' }),
          expect.objectContaining({ id: 3, status: 'Ready' }),
        ],
      },
    });

    // Written through one web process, posted through the other: the shard-3 process delivers it, once.
    // The web process knows the bot is online (the bot processes' status reports in the database),
    // so Post Now waits for the delivery and says so.
    const first = await announce(w1, onShard3, 'First notice');
    const firstPost = await api(w2, `/api/announcements/${first}/post?guildId=${onShard3.id}`, 'POST');
    expect(firstPost.status).toBe(200);
    expect(firstPost.json.delivery).toBe('delivered');
    const job = await eventually(
      async () =>
        (
          await rows<{ status: string; lease_owner: string }>(
            sql`select status, lease_owner from queue_jobs where kind = 'announcement:post' and status = 'done'`,
          )
        )[0],
      15_000,
    );
    expect(job.lease_owner).toContain(`:${botHigh.child.pid}:`);
    expect(postsTo(onShard3, 'First notice')).toHaveLength(1);

    // The shard 2-3 process dies (SIGKILL: no shutdown). A Post Now for its server waits in the queue:
    // the other bot process takes a later job of its own shard, never this one.
    botHigh.child.kill('SIGKILL');
    await botHigh.exited;
    const second = await announce(w1, onShard3, 'Second notice');
    // (The dead process's last report still says online for a while: Post Now waits, then answers.)
    const secondPost = api(w1, `/api/announcements/${second}/post?guildId=${onShard3.id}`, 'POST');
    secondPost.catch(() => {}); // awaited below; no unhandled rejection if an assertion fails first
    await eventually(
      async () =>
        (await rows(sql`select id from queue_jobs where payload like ${`%"announcementId":${second}}`}`))
          .length === 1,
    );
    const low = await announce(w2, onShard0, 'Low shard notice');
    expect((await api(w2, `/api/announcements/${low}/post?guildId=${onShard0.id}`, 'POST')).status).toBe(200);
    await eventually(() => postsTo(onShard0, 'Low shard notice').length === 1, 15_000);
    const waiting = await rows<{ status: string; attempts: number }>(
      sql`select status, attempts from queue_jobs where payload like ${`%"announcementId":${second}}`} and kind = 'announcement:post'`,
    );
    expect(waiting).toEqual([{ status: 'pending', attempts: 0 }]);
    expect(postsTo(onShard3, 'Second notice')).toHaveLength(0);
    // As if the dead process had taken the job just before dying: its lease must run out first.
    const leaseEnds = Date.now() + 2_000;
    const db = await openDb(databaseLocation(dbEnv));
    await rawRun(
      db,
      sql`update queue_jobs set lease_owner = 'dead-process', lease_until = ${leaseEnds}, attempts = 1 where payload like ${`%"announcementId":${second}}`}`,
    );
    await db.$close();

    // Restarted, the shard 2-3 process delivers what was pending, once, after the lease expired.
    botHigh = start(['--bot', '--shards', '2-3', '--total', '4']);
    await botHigh.line(/Discord bot logged in as Polyglot in 2 servers/);
    await eventually(() => postsTo(onShard3, 'Second notice').length === 1, 15_000);
    const redone = await eventually(async () =>
      (
        await rows<{ status: string; attempts: number; lease_owner: string; finished_at: number }>(
          sql`select status, attempts, lease_owner, finished_at from queue_jobs where payload like ${`%"announcementId":${second}}`} and kind = 'announcement:post'`,
        )
      ).find((r) => r.status === 'done'),
    );
    expect(redone).toMatchObject({
      attempts: 2,
      lease_owner: expect.stringContaining(`:${botHigh.child.pid}:`),
    });
    // Taken only once the dead process's lease had run out (both clocks are the machine's wall clock).
    expect(redone.finished_at).toBeGreaterThanOrEqual(leaseEnds);
    expect(postsTo(onShard3, 'Second notice')).toHaveLength(1);
    expect(postsTo(onShard3, 'First notice')).toHaveLength(1);
    expect((await secondPost).status).toBe(200);

    // SIGTERM: each process stops claiming, finishes its jobs, closes, and exits cleanly.
    for (const p of [web1, web2, botLow, botHigh]) p.child.kill('SIGTERM');
    expect(await Promise.all([web1, web2, botLow, botHigh].map((p) => p.exited))).toEqual([0, 0, 0, 0]);
    expect(botLow.output.some((l) => l.includes('Stopped'))).toBe(true);
  }, 240_000);
});
