import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ChildBot, healthReport } from '../../src/server/core/health';
import { startTestServer, type TestServer } from '../helpers/server';

/**
 * /healthz of `npm start -- --bot-processes N` (core/health.ts): each bot process it started and
 * its shards, read from the status reports the bot processes write to bot_status (here written
 * through the same procedure's box under this test process's pid, as a child's would be under its
 * own). test/bot/processes-proxy.test.ts shows it with real processes; this file shows each rule.
 */

let server: TestServer;
let now = new Date('2026-11-26T12:00:00.000Z');
const child = (over: Partial<ChildBot> = {}): ChildBot => ({
  name: 'bot process 1 of 1 (shards 0-1 of 2)',
  pid: process.pid,
  shards: [0, 1],
  exited: null,
  ...over,
});
const shard = (id: number, status = 'Ready') => ({
  id,
  ready: status === 'Ready',
  status,
  ping: 42,
  guilds: 3,
  lastHeartbeat: '2026-11-26T11:59:50.000Z',
});
const report = (childBots: ChildBot[]) =>
  healthReport(server.services, { role: 'all', childBots: () => childBots }) as Promise<{
    status: number;
    body: {
      ok: boolean;
      bot: {
        ok: boolean;
        shards: { id: number; status: string }[];
        processes: { ok: boolean; problem: string | null; reportedAt: string | null }[];
      };
    };
  }>;

beforeAll(async () => {
  server = await startTestServer({
    env: { DISCORD_TOKEN: 'health-children-token' },
    overrides: { clock: () => now },
  });
});
afterAll(async () => {
  await server?.close();
});

describe('/healthz with bot processes', () => {
  it('is unhealthy until a bot process has reported, naming its shards Unreported', async () => {
    const r = await report([child()]);
    expect(r.status).toBe(503);
    expect(r.body.bot.shards.map((s) => s.status)).toEqual(['Unreported', 'Unreported']);
    expect(r.body.bot.processes[0]).toMatchObject({
      ok: false,
      problem: 'no status report yet',
      reportedAt: null,
    });
  });

  it('is healthy when every shard of every bot process is Ready, with each shard as reported', async () => {
    await server.services.botStatus.report({ state: 'online', shards: [shard(0), shard(1)] }, now);
    const r = await report([child()]);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      ok: true,
      bot: {
        ok: true,
        shards: [
          { id: 0, status: 'Ready', ping: 42, guilds: 3, lastHeartbeat: '2026-11-26T11:59:50.000Z' },
          { id: 1, status: 'Ready', ping: 42, guilds: 3, lastHeartbeat: '2026-11-26T11:59:50.000Z' },
        ],
        processes: [{ ok: true, problem: null, reportedAt: now.toISOString() }],
      },
    });
  });

  it('is unhealthy when a shard is not Ready, the bot is offline, or a shard is missing from the report', async () => {
    await server.services.botStatus.report(
      { state: 'connecting', shards: [shard(0), shard(1, 'Reconnecting')] },
      now,
    );
    let r = await report([child()]);
    expect(r.status).toBe(503);
    expect(r.body.bot.shards.map((s) => s.status)).toEqual(['Ready', 'Reconnecting']);
    expect(r.body.bot.processes[0]?.problem).toBe('the bot is connecting');
    await server.services.botStatus.report({ state: 'online', shards: [shard(0)] }, now);
    r = await report([child()]);
    expect(r.status).toBe(503);
    expect(r.body.bot.processes[0]).toMatchObject({ ok: false, problem: null });
    expect(r.body.bot.shards.map((s) => s.status)).toEqual(['Ready', 'Unreported']);
  });

  it('is unhealthy when a bot process exited or stopped reporting (hung)', async () => {
    await server.services.botStatus.report({ state: 'online', shards: [shard(0), shard(1)] }, now);
    expect((await report([child()])).status).toBe(200);
    let r = await report([child({ exited: { code: 1, signal: null } })]);
    expect(r.status).toBe(503);
    expect(r.body.bot.processes[0]?.problem).toBe('exited (code 1)');
    r = await report([child({ exited: { code: null, signal: 'SIGKILL' } })]);
    expect(r.body.bot.processes[0]?.problem).toBe('exited (signal SIGKILL)');
    // Its last report, Ready, is 91 s old: the bot reports every 30 s while it runs.
    now = new Date(now.getTime() + 91_000);
    r = await report([child()]);
    expect(r.status).toBe(503);
    expect(r.body.bot.processes[0]?.problem).toBe('no status report for 91 s');
  });

  it("reads only this machine's processes by pid: another pid's report is not this one's", async () => {
    const r = await report([child({ pid: process.pid + 1_000_000 })]);
    expect(r.body.bot.processes[0]?.problem).toBe('no status report yet');
  });
});
