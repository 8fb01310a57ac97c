import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { type Db, openDb } from '../../db/client';
import { BOT_STATUS_FRESH_MS, createBotStatus } from '../../src/server/features/guilds/bot-status';

let dir = '';
let db: Db | null = null;
afterEach(async () => {
  await db?.$close();
  db = null;
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('bot status across processes', () => {
  it("a web process without the bot reads the bot processes' fresh reports: online when all are, servers summed", async () => {
    dir = mkdtempSync(join(tmpdir(), 'polyglot-status-'));
    db = await openDb(join(dir, 'app.db'));
    let now = Date.parse('2026-11-23T10:00:00Z');
    const clock = () => new Date(now);
    const low = createBotStatus(true, clock(), { db, owner: 'host:1', clock });
    const high = createBotStatus(true, clock(), { db, owner: 'host:2', clock });
    const web = createBotStatus(true, clock(), { db, owner: 'host:3', clock });
    expect((await web.get()).state).toBe('connecting');

    await low.report(
      { state: 'online', latencyMs: 40, shard: { id: 0, count: 2 }, tag: 'Polyglot#0001', guilds: 3 },
      clock(),
    );
    await high.report(
      { state: 'online', latencyMs: 55, shard: { id: 1, count: 2 }, tag: 'Polyglot#0001', guilds: 4 },
      clock(),
    );
    expect(await web.get()).toMatchObject({
      state: 'online',
      guilds: 7,
      latencyMs: 55,
      tag: 'Polyglot#0001',
    });

    await high.report({ state: 'offline', reason: 'the gateway closed (code 4000)' }, clock());
    expect(await web.get()).toMatchObject({ state: 'offline', reason: 'the gateway closed (code 4000)' });

    // A process that stopped reporting (killed) no longer counts.
    now += 60_000;
    await low.report({ state: 'online', guilds: 3 }, clock());
    now += BOT_STATUS_FRESH_MS - 59_000;
    expect(await web.get()).toMatchObject({ state: 'online', guilds: 3 });

    // The process that runs a bot tells its own state, whatever the others say.
    expect(await high.get()).toMatchObject({ state: 'offline' });
  });
});
