import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shardRanges } from '../../src/server/core/bot-processes';
import { parseProcessArgs } from '../../src/server/core/process-args';
import { type FakeDiscord, makeGuild, startFakeDiscord } from '../fakes/discord';
import { shardOfGuild } from '../fakes/discord/gateway';
import { builtServerArgs, productProcessesSetup } from '../helpers/built-server';
import { dropTestDb } from '../helpers/database';

/**
 * The shared REST proxy (bot/rest-proxy.ts, issue 24): `--rest-proxy` runs @discordjs/proxy in a
 * process of its own, and two bot processes (shards 0 and 1 of 2) are given DISCORD_REST_PROXY and a
 * DISCORD_API_URL where nothing answers: whatever they get from Discord (the gateway's address,
 * the command registration) came through the proxy, which counts what it forwarded.
 */

describe('the REST proxy on the command line', () => {
  it('--rest-proxy runs alone, on its port', () => {
    expect(parseProcessArgs(['--rest-proxy'])).toMatchObject({ role: 'proxy', proxyPort: 4480 });
    expect(parseProcessArgs(['--rest-proxy', '--proxy-port', '0'])).toMatchObject({
      role: 'proxy',
      proxyPort: 0,
    });
    expect(() => parseProcessArgs(['--rest-proxy', '--bot'])).toThrow('--rest-proxy runs alone');
    expect(() => parseProcessArgs(['--proxy-port', '1'])).toThrow('--proxy-port goes with --rest-proxy');
    expect(() => parseProcessArgs(['--rest-proxy', '--proxy-port', 'x'])).toThrow(
      '--proxy-port: must be a port',
    );
    expect(() => parseProcessArgs(['--rest-proxy', '--shards', '0', '--total', '1'])).toThrow(
      'runs no shards',
    );
  });

  it('npm start -- --bot-processes N: the shards split between N bot processes, --total alone', () => {
    expect(parseProcessArgs(['--bot-processes', '3'])).toMatchObject({
      role: 'all',
      botProcesses: 3,
      total: 3,
    });
    expect(parseProcessArgs(['--bot-processes', '2', '--total', '5'])).toMatchObject({
      botProcesses: 2,
      total: 5,
    });
    expect(parseProcessArgs(['--bot-processes', '1'])).toMatchObject({ role: 'all', shards: 'auto' });
    expect(() => parseProcessArgs(['--bot-processes', 'two'])).toThrow('"two" is not a whole number');
    expect(() => parseProcessArgs(['--bot-processes', '0'])).toThrow('--bot-processes');
    expect(() => parseProcessArgs(['--bot-processes', '3', '--total', '2'])).toThrow(
      'at least one a bot process',
    );
    expect(() => parseProcessArgs(['--bot-processes', '2', '--shards', '0', '--total', '2'])).toThrow(
      'split between the processes',
    );
    expect(() => parseProcessArgs(['--bot', '--bot-processes', '2'])).toThrow('goes with npm start alone');
    expect(shardRanges(3, 8)).toEqual([
      [0, 1, 2],
      [3, 4, 5],
      [6, 7],
    ]);
  });
});

interface HealthBody {
  ok: boolean;
  bot: {
    ok: boolean;
    shards: { id: number; status: string; ping: number; guilds: number; lastHeartbeat: string | null }[];
    processes: {
      name: string;
      pid: number;
      ok: boolean;
      problem: string | null;
      reportedAt: string | null;
    }[];
  };
}

describe('bot processes through one REST proxy', () => {
  let fake: FakeDiscord;
  let dir: string;
  let env: Record<string, string>;
  /** The built server (test/helpers/built-server.ts), as npm start runs it. */
  let server: string[];
  const children: { child: ChildProcess; output: string[]; exited: Promise<number | null> }[] = [];
  const guilds = [makeGuild('Proxy A', ['general']), makeGuild('Proxy B', ['general'])];

  function start(args: string[], extra: Record<string, string> = {}) {
    const child = spawn(process.execPath, [...server, ...args], {
      env: { ...env, ...extra },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const output: string[] = [];
    const onData = (chunk: Buffer) => output.push(...chunk.toString().split('\n').filter(Boolean));
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    const proc = { child, output, exited };
    children.push(proc);
    return {
      ...proc,
      async line(re: RegExp, timeoutMs = 90_000): Promise<RegExpMatchArray> {
        const started = Date.now();
        for (;;) {
          for (const l of output) {
            const m = l.match(re);
            if (m) return m;
          }
          if (Date.now() - started > timeoutMs || child.exitCode !== null)
            throw new Error(`no line ${re} from ${args.join(' ')}:\n${output.join('\n')}`);
          await new Promise((r) => setTimeout(r, 50));
        }
      },
    };
  }

  beforeAll(async () => {
    server = await builtServerArgs();
    fake = await startFakeDiscord({ guilds, shards: 2 });
    dir = mkdtempSync(join(tmpdir(), 'polyglot-proxy-'));
    ({ env } = await productProcessesSetup(dir, guilds, 'free', fake.token));
  });
  afterAll(async () => {
    for (const p of children)
      if (p.child.exitCode === null && p.child.signalCode === null) p.child.kill('SIGKILL');
    await Promise.all(children.map((p) => p.exited));
    // Children of a supervisor that a failed test left behind.
    for (const pid of grandchildren.filter(alive)) process.kill(pid, 'SIGKILL');
    await fake?.close();
    await dropTestDb(dir);
    rmSync(dir, { recursive: true, force: true });
  });

  it('every bot process reaches Discord through the proxy, and the proxy stops cleanly', async () => {
    const proxy = start(['--rest-proxy', '--proxy-port', '0'], { DISCORD_API_URL: fake.apiUrl });
    const url = (await proxy.line(/REST proxy on (\S+)/))[1]!;
    // Nothing listens on port 9 (discard): a bot process that called Discord directly would fail.
    const direct = { DISCORD_API_URL: 'http://127.0.0.1:9/api', DISCORD_REST_PROXY: url };
    const bots = [
      start(['--bot', '--shards', '0', '--total', '2'], direct),
      start(['--bot', '--shards', '1', '--total', '2'], direct),
    ];
    for (const bot of bots) await bot.line(/logged in as/);
    // Shard 0's process registers the commands (GET then PUT of the application's commands).
    await bots[0]!.line(/Registered \d+ commands|Commands up to date/);
    const health = (await (await fetch(url.replace(/\/api$/, '/healthz'))).json()) as {
      forwarded: { bot: number; ip: number };
    };
    const gatewayCalls = fake.calls.filter((c) => c.path === '/gateway/bot').length;
    expect(gatewayCalls).toBeGreaterThanOrEqual(2);
    // Every call the fake answered with the bot's token went through the proxy (nothing else reaches it).
    expect(health.forwarded.bot).toBeGreaterThanOrEqual(fake.calls.length);
    expect(fake.calls.some((c) => c.method === 'PUT' && c.path.includes('/commands'))).toBe(true);
    for (const bot of bots) bot.child.kill('SIGTERM');
    expect(await Promise.all(bots.map((b) => b.exited))).toEqual([0, 0]);
    proxy.child.kill('SIGTERM');
    expect(await proxy.exited).toBe(0);
    expect(proxy.output.some((l) => l.includes('Stopped'))).toBe(true);
  });

  /** Whether the process runs (an orphan that ended may stay a zombie until its new parent reaps it). */
  const alive = (pid: number) => {
    try {
      return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
    } catch {
      return false;
    }
  };
  /** The pids of the processes the supervisors said they started. */
  const grandchildren: number[] = [];
  const pidOf = async (p: ReturnType<typeof start>, name: RegExp) => {
    const pid = Number((await p.line(new RegExp(`Started ${name.source} \\(pid (\\d+)\\)`)))[1]);
    grandchildren.push(pid);
    return pid;
  };
  /** npm start -- --bot-processes 2, once both bot processes are logged in; its children's pids. */
  const startSet = async () => {
    const all = start(['--bot-processes', '2'], { DISCORD_API_URL: fake.apiUrl });
    const pids: [proxy: number, bot1: number, bot2: number] = [
      await pidOf(all, /the REST proxy/),
      await pidOf(all, /bot process 1 of 2 \(shards 0 of 2\)/),
      await pidOf(all, /bot process 2 of 2 \(shards 1 of 2\)/),
    ];
    await expect
      .poll(() => all.output.filter((l) => l.includes('logged in as')).length, { timeout: 90_000 })
      .toBe(2);
    return { all, pids };
  };

  it('npm start -- --bot-processes 2: web here, the proxy and two bot processes as children, all through the proxy, all stopped by SIGTERM', async () => {
    const { all, pids } = await startSet();
    const web = (await all.line(/Listening on (http\S+?)(?:["\s]|$)/))[1]!;
    const url = (await all.line(/REST proxy on (http\S+?)["\s]/))[1]!;
    await all.line(/Registered \d+ commands|Commands up to date/);
    expect(
      all.output.filter((l) => l.includes(`Discord REST through the shared proxy at ${url}`)),
    ).toHaveLength(2);
    const health = (await (await fetch(url.replace(/\/api$/, '/healthz'))).json()) as {
      forwarded: { bot: number };
    };
    // Both processes' gateway addresses and shard 0's command registration came through it.
    expect(health.forwarded.bot).toBeGreaterThanOrEqual(3);
    expect(pids.every(alive)).toBe(true);

    // The web process's /healthz: each bot process it started and its shards, from their status
    // reports (bot_status), healthy once every shard is Ready.
    const healthz = async () => {
      const res = await fetch(`${web}/healthz`);
      return { status: res.status, body: (await res.json()) as HealthBody };
    };
    await expect.poll(async () => (await healthz()).status).toBe(200);
    const healthy = await healthz();
    expect(healthy.body).toMatchObject({
      ok: true,
      role: 'all',
      bot: {
        ok: true,
        shards: [0, 1].map((id) => ({
          id,
          status: 'Ready',
          guilds: guilds.filter((g) => shardOfGuild(g.id, 2) === id).length,
        })),
        processes: [
          {
            name: 'bot process 1 of 2 (shards 0 of 2)',
            pid: pids[1],
            ok: true,
            problem: null,
            reportedAt: expect.any(String),
          },
          { name: 'bot process 2 of 2 (shards 1 of 2)', pid: pids[2], ok: true, problem: null },
        ],
      },
    });
    for (const shard of healthy.body.bot.shards) {
      expect(shard.ping).toBeGreaterThanOrEqual(-1);
      // null until the first heartbeat (discord.js sends it up to 41 s after the fake's HELLO).
      if (shard.lastHeartbeat !== null) expect(Date.parse(shard.lastHeartbeat)).not.toBeNaN();
    }

    // Discord closes one shard's session for good (4014, disallowed intents): its process reports
    // it at once, and the web process's /healthz answers 503 naming the shard and the process.
    const lastIdentified = fake.gateway.identifyLog.at(-1)!.shard[0];
    fake.gateway.drop(4014);
    await expect.poll(async () => (await healthz()).status).toBe(503);
    const down = (await healthz()).body;
    expect(down.ok).toBe(false);
    expect(down.bot.ok).toBe(false);
    expect(down.bot.shards.find((s) => s.id === lastIdentified)?.status).not.toBe('Ready');
    expect(down.bot.shards.find((s) => s.id !== lastIdentified)?.status).toBe('Ready');
    expect(down.bot.processes[lastIdentified]).toMatchObject({
      ok: false,
      problem: expect.stringMatching(/^the bot is offline: .*disallowed intents/i),
    });
    expect(down.bot.processes[1 - lastIdentified]).toMatchObject({ ok: true, problem: null });

    all.child.kill('SIGTERM');
    expect(await all.exited).toBe(0);
    expect(pids.filter(alive)).toEqual([]);
  });

  it('a bot process that dies stops the whole set with exit code 1 (for the supervisor to restart)', async () => {
    const {
      all,
      pids: [proxyPid, bot1, bot2],
    } = await startSet();
    process.kill(bot2, 'SIGKILL');
    expect(await all.exited).toBe(1);
    expect(all.output.some((l) => /bot process 2 of 2 .* exited .*stopping every process/.test(l))).toBe(
      true,
    );
    expect([proxyPid, bot1, bot2].filter(alive)).toEqual([]);
  });

  it('the supervisor killed with SIGKILL: its children see it gone and stop as on SIGTERM (no shard stays connected twice)', async () => {
    const { all, pids } = await startSet();
    const closedBefore = fake.gateway.closeLog.length;
    all.child.kill('SIGKILL');
    await all.exited;
    // Orphans that kept running would keep both gateway sessions, and a set started again would
    // open two more: every event received twice. Each bot process closes its session itself (1000,
    // as discord.js does at shutdown, not 1006: a process that died), and every child ends.
    await expect
      .poll(
        () =>
          fake.gateway.closeLog
            .slice(closedBefore)
            .map((c) => `${c.shard[0]}:${c.code}`)
            .sort(),
        {
          timeout: 30_000,
        },
      )
      .toEqual(['0:1000', '1:1000']);
    await expect.poll(() => pids.filter(alive), { timeout: 30_000 }).toEqual([]);
  });
});
