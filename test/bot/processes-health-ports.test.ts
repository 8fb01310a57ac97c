import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { botProcessArgs } from '../../src/server/core/bot-processes';
import { parseProcessArgs } from '../../src/server/core/process-args';
import { type FakeDiscord, makeGuild, makeMember, startFakeDiscord } from '../fakes/discord';
import { builtServerArgs, productProcessesSetup } from '../helpers/built-server';
import { dropTestDb, onPostgres } from '../helpers/database';
import { TEST_ADMIN_TOKEN } from '../helpers/server';

/**
 * `npm start -- --bot-processes N --health-port BASE` (issue 24): bot child i answers GET /healthz
 * and /metrics on BASE + i, so each is scraped on its own; the web process's /healthz still reports
 * every child from bot_status; and the web process's own bot-token calls (the dashboard's member
 * search) go through the REST proxy it started, as the bot processes' do.
 */

describe('--health-port with --bot-processes', () => {
  it('is the first bot process port, child i on it + i; 0 gives each a free port; bad values refused', () => {
    expect(parseProcessArgs(['--bot-processes', '3', '--health-port', '9101'])).toMatchObject({
      role: 'all',
      botProcesses: 3,
      healthPort: 9101,
    });
    expect(parseProcessArgs(['--bot-processes', '2'])).toMatchObject({ healthPort: undefined });
    expect(botProcessArgs(0, [0, 1], 4, 9101)).toEqual([
      '--bot',
      '--shards',
      '0-1',
      '--total',
      '4',
      '--health-port',
      '9101',
    ]);
    expect(botProcessArgs(2, [3], 4, 9101)).toEqual([
      '--bot',
      '--shards',
      '3',
      '--total',
      '4',
      '--health-port',
      '9103',
    ]);
    expect(botProcessArgs(1, [1], 2, 0)).toEqual([
      '--bot',
      '--shards',
      '1',
      '--total',
      '2',
      '--health-port',
      '0',
    ]);
    expect(botProcessArgs(1, [1], 2)).toEqual(['--bot', '--shards', '1', '--total', '2']);
    expect(() => parseProcessArgs(['--bot-processes', '2', '--health-port', 'x'])).toThrow(
      '--health-port (BOT_HEALTH_PORT): "x" is not a port',
    );
    expect(() => parseProcessArgs(['--bot-processes', '2', '--health-port', '65535'])).toThrow('1 to 65534');
    expect(() => parseProcessArgs(['--bot-processes', '2', '--health-port', '-1'])).toThrow('--health-port');
  });
});

describe('npm start -- --bot-processes 2 --health-port BASE (the built server)', () => {
  /** In this worktree's range; the two engines' runs at once each take their own. */
  const BASE = onPostgres ? 4660 : 4640;
  const ana = makeMember('ana');
  const guilds = [makeGuild('Ports A', ['general'], [ana]), makeGuild('Ports B', ['general'])];
  let fake: FakeDiscord;
  let dir: string;
  let child: ChildProcess | undefined;
  let exited: Promise<number | null>;
  const output: string[] = [];

  beforeAll(async () => {
    const server = await builtServerArgs();
    fake = await startFakeDiscord({ guilds, shards: 2 });
    dir = mkdtempSync(join(tmpdir(), 'polyglot-ports-'));
    const { env } = await productProcessesSetup(dir, guilds, 'ultimate', fake.token);
    child = spawn(process.execPath, [...server, '--bot-processes', '2', '--health-port', String(BASE)], {
      env: { ...env, DISCORD_API_URL: fake.apiUrl },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const onData = (chunk: Buffer) => output.push(...chunk.toString().split('\n').filter(Boolean));
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    exited = new Promise((resolve) => child?.on('exit', (code) => resolve(code)));
  });
  afterAll(async () => {
    // The children it started (their pids from its lines) too: a SIGKILL of this one alone would
    // leave them holding the health ports.
    const pids = output.flatMap((l) => [...l.matchAll(/Started .* \(pid (\d+)\)/g)].map((m) => Number(m[1])));
    if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    for (const pid of pids) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }
    if (child) await exited;
    await fake?.close();
    await dropTestDb(dir);
    rmSync(dir, { recursive: true, force: true });
  });

  /** The first line matching `re`; fails at once if the process exited without one. */
  const line = async (re: RegExp, timeoutMs = 90_000): Promise<RegExpMatchArray> => {
    const started = Date.now();
    for (;;) {
      const found = output.map((l) => l.match(re)).find(Boolean);
      if (found) return found;
      if (Date.now() - started > timeoutMs || child?.exitCode !== null)
        throw new Error(`no line ${re}:\n${output.join('\n')}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  };
  const auth = { authorization: `Bearer ${TEST_ADMIN_TOKEN}` };

  it("each bot process answers /healthz and /metrics on its own port; the web's /healthz reports both; the web's member search goes through the proxy", async () => {
    const web = (await line(/Listening on (http\S+?)(?:["\s]|$)/))[1]!;
    const proxy = (await line(/REST proxy on (http\S+?)["\s]/))[1]!.replace(/\/api$/, '');
    await expect
      .poll(() => output.filter((l) => l.includes('logged in as')).length, { timeout: 90_000 })
      .toBe(2);
    for (const port of [BASE, BASE + 1])
      await line(new RegExp(`Health on http://127\\.0\\.0\\.1:${port}/healthz`));

    // Child i on BASE + i: its own shard, Ready, and its own metrics (the admin token; nobody else).
    for (const i of [0, 1]) {
      const at = `http://127.0.0.1:${BASE + i}`;
      await expect
        .poll(async () => {
          const res = await fetch(`${at}/healthz`);
          return { status: res.status, body: await res.json() };
        })
        .toMatchObject({
          status: 200,
          body: { ok: true, role: 'bot', bot: { shards: [{ id: i, status: 'Ready' }] } },
        });
      expect((await fetch(`${at}/metrics`)).status).toBe(401);
      const metrics = await fetch(`${at}/metrics`, { headers: auth });
      expect(metrics.status).toBe(200);
      const text = await metrics.text();
      expect(text).toMatch(/^polyglot_process_cpu_user_seconds_total \d/m);
      expect(text).toContain('# TYPE polyglot_discord_429_total counter');
    }

    // The web process's /healthz reports both children from their status reports, as before.
    await expect
      .poll(async () => {
        const res = await fetch(`${web}/healthz`);
        return { status: res.status, body: await res.json() };
      })
      .toMatchObject({
        status: 200,
        body: {
          bot: {
            ok: true,
            processes: [
              { name: 'bot process 1 of 2 (shards 0 of 2)', ok: true },
              { name: 'bot process 2 of 2 (shards 1 of 2)', ok: true },
            ],
          },
        },
      });

    // The dashboard's member search: answered, and every call the fake got with the bot's token,
    // this one included, came through the proxy (it counts what it forwarded).
    const input = encodeURIComponent(JSON.stringify({ json: { guildId: guilds[0]!.id, query: 'an' } }));
    const res = await fetch(`${web}/trpc/tickets.searchMembers?input=${input}`, { headers: auth });
    expect(res.status).toBe(200);
    expect(
      ((await res.json()) as { result: { data: { json: { name: string }[] } } }).result.data.json,
    ).toEqual([expect.objectContaining({ name: 'ana G.' })]);
    const search = fake.calls.filter((c) => c.path === `/guilds/${guilds[0]!.id}/members/search`);
    expect(search).toHaveLength(1);
    const forwarded = ((await (await fetch(`${proxy}/healthz`)).json()) as { forwarded: { bot: number } })
      .forwarded.bot;
    expect(forwarded).toBeGreaterThanOrEqual(fake.calls.length);

    child?.kill('SIGTERM');
    expect(await exited).toBe(0);
  });
});
