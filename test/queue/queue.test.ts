import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { type Db, openDb, rawAll, rawGet } from '../../db/client';
import { databaseLocation } from '../../src/server/core/env';
import { createQueue, QUEUE_CHANNEL, shardOf } from '../../src/server/core/queue';
import { builtScriptArgs } from '../helpers/built-server';
import { dropTestDb, onPostgres, testDatabaseEnv } from '../helpers/database';
import { startTestServer, type TestServer } from '../helpers/server';

/** A guild id whose shard of `total` is `shard` (the timestamp bits decide it). */
function guildOnShard(shard: number, total: number, n = 1): string {
  const id = ((BigInt(1_000_000 + n * total + shard) << 22n) | 7n).toString();
  expect(shardOf(id, total)).toBe(shard);
  return id;
}

let dir = '';
let dbs: Db[] = [];
async function tempDb(): Promise<{ db: Db; env: Record<string, string> }> {
  dir ||= mkdtempSync(join(tmpdir(), 'polyglot-queue-'));
  const env = await testDatabaseEnv(dir);
  const db = await openDb(databaseLocation(env));
  dbs.push(db);
  return { db, env };
}
afterEach(async () => {
  for (const db of dbs) await db.$close();
  dbs = [];
  if (dir) await dropTestDb(dir);
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = '';
});

async function rowOf(db: Db, id: number) {
  return (await rawGet(db, sql`select * from queue_jobs where id = ${id}`)) as {
    status: string;
    attempts: number;
    run_at: number;
    lease_owner: string | null;
    last_error: string | null;
  };
}

describe('queue', () => {
  it('takes each job once when two processes claim from the same database at the same time', async () => {
    const { db, env } = await tempDb();
    const queue = createQueue(db, () => new Date());
    const ids: number[] = [];
    for (let i = 0; i < 300; i++) {
      ids.push(await queue.enqueue('announcement:post', '1', { guildId: '1', announcementId: i }));
    }
    const args = await builtScriptArgs('test/queue/claim-child.ts');
    const child = () =>
      new Promise<number[]>((resolve, reject) => {
        const p = spawn(process.execPath, args, {
          env: { ...process.env, ...env },
          stdio: ['ignore', 'pipe', 'inherit'],
        });
        let out = '';
        p.stdout.on('data', (d) => {
          out += d;
        });
        p.on('exit', (code) =>
          code === 0 ? resolve(JSON.parse(out)) : reject(new Error(`child exited ${code}`)),
        );
      });
    const [a, b] = await Promise.all([child(), child()]);
    console.log(`two processes took ${a.length} and ${b.length} of ${ids.length} jobs`);
    const all = [...a, ...b].sort((x, y) => x - y);
    expect(all).toEqual(ids);
    expect(new Set(a).size + new Set(b).size).toBe(ids.length);
    expect(await queue.counts()).toEqual({ pending: 0, done: 300, failed: 0 });
  });

  it('one claim takes at most its limit, the oldest first, and the next claim the ones after', async () => {
    const { db } = await tempDb();
    const queue = createQueue(db, () => new Date());
    const ids: number[] = [];
    for (let i = 0; i < 40; i++)
      ids.push(await queue.enqueue('announcement:post', '1', { guildId: '1', announcementId: i }));
    const first = await queue.claim({ owner: 'a', shards: null, total: 1, limit: 16 });
    expect(first.map((j) => j.id)).toEqual(ids.slice(0, 16));
    const second = await queue.claim({ owner: 'a', shards: null, total: 1, limit: 3 });
    expect(second.map((j) => j.id)).toEqual(ids.slice(16, 19));
    expect(await queue.counts()).toEqual({ pending: 40, done: 0, failed: 0 });
  });

  it('six processes started at once on a new database file all migrate it and start', async () => {
    dir = mkdtempSync(join(tmpdir(), 'polyglot-queue-'));
    const path = join(dir, 'app.db');
    // Each process waits for the same moment (after every one has loaded) before opening the file.
    const args = await builtScriptArgs('test/queue/open-child.ts');
    const startAt = String(Date.now() + 4_000);
    const open = () =>
      new Promise<string>((resolve) => {
        const p = spawn(process.execPath, args, {
          env: { ...process.env, DATABASE_PATH: path, START_AT: startAt },
          stdio: ['ignore', 'pipe', 'pipe'],
        });
        let out = '';
        p.stdout.on('data', (d) => {
          out += d;
        });
        p.stderr.on('data', (d) => {
          out += d;
        });
        p.on('exit', (code) => resolve(code === 0 ? out : `exit ${code}: ${out}`));
      });
    expect(await Promise.all(Array.from({ length: 6 }, open))).toEqual(Array(6).fill('opened'));
  });

  it.runIf(onPostgres)(
    "on PostgreSQL another process's enqueue wakes this process's workers at once (LISTEN/NOTIFY), not at their next poll",
    async () => {
      const { db } = await tempDb();
      const other = (await tempDb()).db; // another pool, as another process has
      const here = createQueue(db, () => new Date());
      let woken = 0;
      const off = here.onEnqueue(() => woken++);
      try {
        // The LISTEN is in place once a notify of our own comes back.
        await expect
          .poll(async () => {
            await db.$exec.notify?.(QUEUE_CHANNEL);
            return woken;
          })
          .toBeGreaterThan(0);
        const before = woken;
        await createQueue(other, () => new Date()).enqueue('ticket:reply', '5', {
          guildId: '5',
          ticketId: 1,
          messageId: 9,
        });
        await expect.poll(() => woken).toBeGreaterThan(before);
      } finally {
        off();
      }
    },
  );

  it('gives a job whose process died (lease never renewed) to another process once the lease expires', async () => {
    const { db } = await tempDb();
    let now = 1_000_000;
    const clock = () => new Date(now);
    const first = createQueue(db, clock, { leaseMs: 30_000 });
    const second = createQueue((await tempDb()).db, clock, { leaseMs: 30_000 });
    const id = await first.enqueue('ticket:reply', '5', { guildId: '5', ticketId: 1, messageId: 2 });
    expect((await first.claim({ owner: 'a', shards: null, total: 1 })).map((j) => j.id)).toEqual([id]);
    // Leased: nobody else takes it, even a moment before the lease ends.
    now += 29_999;
    expect(await second.claim({ owner: 'b', shards: null, total: 1 })).toEqual([]);
    now += 1;
    const retaken = await second.claim({ owner: 'b', shards: null, total: 1 });
    expect(retaken).toMatchObject([{ id, attempts: 2, payload: { ticketId: 1, messageId: 2 } }]);
    // The dead owner's late answer changes nothing; the new owner's does.
    expect(await first.complete(id, 'a')).toBe(false);
    expect((await rowOf(db, id)).status).toBe('pending');
    expect(await second.complete(id, 'b')).toBe(true);
    expect((await rowOf(db, id)).status).toBe('done');
    expect(await second.claim({ owner: 'c', shards: null, total: 1 })).toEqual([]);
  });

  it('renewing the lease keeps a long job with its process', async () => {
    const { db } = await tempDb();
    let now = 0;
    const queue = createQueue(db, () => new Date(now), { leaseMs: 1000 });
    const id = await queue.enqueue('voice:ended', '9', { guildId: '9', sessionId: 3 });
    await queue.claim({ owner: 'a', shards: null, total: 1 });
    now = 900;
    await queue.renew([id], 'a');
    now = 1500;
    expect(await queue.claim({ owner: 'b', shards: null, total: 1 })).toEqual([]);
    now = 1900;
    expect(await queue.claim({ owner: 'b', shards: null, total: 1 })).toHaveLength(1);
  });

  it('a job handed back untried is free for another process at once, its claim not counted; only by its holder', async () => {
    const { db } = await tempDb();
    const queue = createQueue(db, () => new Date(0), { leaseMs: 60_000 });
    const id = await queue.enqueue('voice:ended', '9', { guildId: '9', sessionId: 4 });
    expect(await queue.claim({ owner: 'a', shards: null, total: 1 })).toHaveLength(1);
    await queue.release([id], 'b');
    expect(await rowOf(db, id)).toMatchObject({ attempts: 1, lease_owner: 'a' });
    await queue.release([id], 'a');
    expect(await rowOf(db, id)).toMatchObject({ status: 'pending', attempts: 0, lease_owner: null });
    expect((await queue.claim({ owner: 'c', shards: null, total: 1 })).map((j) => j.id)).toEqual([id]);
  });

  it('retries a failed job after an exponential backoff and gives up after the last attempt, keeping the reason', async () => {
    const { db } = await tempDb();
    let now = 0;
    const queue = createQueue(db, () => new Date(now), { backoffMs: 1000, maxAttempts: 3 });
    const id = await queue.enqueue('usage:threshold', '3', {
      guildId: '3',
      threshold: 90,
      used: 9,
      allowance: 10,
    });
    const take = async () => await queue.claim({ owner: 'w', shards: null, total: 1 });

    expect(await take()).toHaveLength(1);
    expect(await queue.fail(id, 'w', 'Discord 500')).toEqual({ outcome: 'retry', runAt: 1000 });
    now = 999;
    expect(await take()).toEqual([]);
    now = 1000;
    expect(await take()).toMatchObject([{ id, attempts: 2 }]);
    expect(await queue.fail(id, 'w', 'Discord 502')).toEqual({ outcome: 'retry', runAt: 3000 });
    now = 2999;
    expect(await take()).toEqual([]);
    now = 3000;
    expect(await take()).toMatchObject([{ id, attempts: 3 }]);
    expect(await queue.fail(id, 'w', 'Missing Access (Discord 403)')).toEqual({ outcome: 'failed' });
    expect(await rowOf(db, id)).toMatchObject({
      status: 'failed',
      attempts: 3,
      last_error: 'Missing Access (Discord 403)',
    });
    now = 1_000_000;
    expect(await take()).toEqual([]);
    expect(await queue.counts()).toEqual({ pending: 0, done: 0, failed: 1 });
  });

  it("gives a server's job only to the process holding its shard", async () => {
    const { db } = await tempDb();
    const queue = createQueue(db, () => new Date());
    const onShard3 = guildOnShard(3, 4);
    const onShard0 = guildOnShard(0, 4);
    const a = await queue.enqueue('announcement:post', onShard3, { guildId: onShard3, announcementId: 1 });
    const b = await queue.enqueue('announcement:post', onShard0, { guildId: onShard0, announcementId: 2 });
    expect((await queue.claim({ owner: 'low', shards: [0, 1], total: 4 })).map((j) => j.id)).toEqual([b]);
    expect(await queue.claim({ owner: 'low', shards: [0, 1], total: 4 })).toEqual([]);
    expect((await queue.claim({ owner: 'high', shards: [2, 3], total: 4 })).map((j) => j.id)).toEqual([a]);
  });

  it('the same job still waiting untried is written once (a burst of votes); once taken, a new one is written', async () => {
    const { db } = await tempDb();
    const queue = createQueue(db, () => new Date());
    const vote = { guildId: '1', pollId: 4, debounce: true };
    // Concurrent enqueues of one process, as a burst of votes arrives.
    const ids = await Promise.all(
      Array.from({ length: 50 }, () => queue.enqueue('polls:changed', '1', vote)),
    );
    expect(new Set(ids).size).toBe(1);
    expect(await queue.enqueue('polls:changed', '1', { guildId: '1', pollId: 5, debounce: true })).not.toBe(
      ids[0],
    );
    await queue.claim({ owner: 'w', shards: null, total: 1 });
    const after = await queue.enqueue('polls:changed', '1', vote);
    expect(after).not.toBe(ids[0]);
    expect((await queue.counts()).pending).toBe(3);
  });

  it('deletes done jobs after the retention, keeps pending ones', async () => {
    const { db } = await tempDb();
    let now = Date.now();
    const queue = createQueue(db, () => new Date(now));
    const done = await queue.enqueue('announcement:post', '1', { guildId: '1', announcementId: 1 });
    await queue.enqueue('announcement:post', '1', { guildId: '1', announcementId: 2 });
    await queue.claim({ owner: 'w', shards: null, total: 1, limit: 1 });
    await queue.complete(done, 'w');
    now += 9 * 60_000;
    expect(await queue.purge()).toBe(0);
    now += 2 * 60_000;
    expect(await queue.purge()).toBe(1);
    expect(await queue.counts()).toEqual({ pending: 1, done: 0, failed: 0 });
  });
});

describe('services.events', () => {
  let s: TestServer | null = null;
  afterEach(async () => {
    await s?.close();
    s = null;
  });

  it('writes every emitted event as a job of ids only, and still tells local listeners', async () => {
    s = await startTestServer();
    const seen: unknown[] = [];
    s.services.events.on('ticket:reply', (e) => seen.push(e));
    await s.services.events.publish('ticket:reply', { guildId: '42', ticketId: 7, messageId: 8 });
    expect(seen).toEqual([{ guildId: '42', ticketId: 7, messageId: 8 }]);
    const rows = await rawAll(s.services.db, sql`select kind, guild_id, payload, status from queue_jobs`);
    expect(rows).toEqual([
      {
        kind: 'ticket:reply',
        guild_id: '42',
        payload: '{"guildId":"42","ticketId":7,"messageId":8}',
        status: 'pending',
      },
    ]);
  });
});
