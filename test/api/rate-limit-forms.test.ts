import { sql } from 'drizzle-orm';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { type Db, openDb, rawAll } from '../../db/client';
import { databaseLocation } from '../../src/server/core/env';
import { createRateLimiter } from '../../src/server/features/contact/form-limits';
import { runRetention } from '../../src/server/core/retention';
import { retentionPurges } from '../../src/server/app/services';
import { dropTestDb, testDatabaseEnv } from '../helpers/database';

/**
 * The public forms' limits (login, contact, checkout) live in the database: web processes behind
 * a load balancer count one visitor together. Runs on SQLite and on PostgreSQL (vitest projects).
 */
const T0 = Date.parse('2026-03-18T12:00:00Z');
let dir = '';
const open: Db[] = [];
async function twoProcesses(): Promise<[Db, Db]> {
  dir = mkdtempSync(join(tmpdir(), 'polyglot-limits-'));
  const env = await testDatabaseEnv(dir);
  const a = await openDb(databaseLocation(env));
  const b = await openDb(databaseLocation(env)); // its own connection(s), as another process
  open.push(a, b);
  return [a, b];
}
afterEach(async () => {
  for (const db of open.splice(0)) await db.$close();
  await dropTestDb(dir);
  rmSync(dir, { recursive: true, force: true });
});

describe('fixed-window limits of the public forms', () => {
  it('allows `limit` hits a window across processes, then answers the seconds left; a new window starts afresh', async () => {
    const [a, b] = await twoProcesses();
    let now = T0;
    const clock = () => new Date(now);
    const web1 = createRateLimiter(a, 'contact', 2, 60_000, clock);
    const web2 = createRateLimiter(b, 'contact', 2, 60_000, clock);
    expect((await web1.hit('203.0.113.7')).ok).toBe(true);
    expect((await web2.hit('203.0.113.7')).ok).toBe(true);
    expect(await web1.peek('203.0.113.7')).toEqual({ ok: false, retryAfterSeconds: 60 });
    now += 15_000;
    expect(await web2.hit('203.0.113.7')).toEqual({ ok: false, retryAfterSeconds: 45 });
    expect((await web1.hit('198.51.100.1')).ok).toBe(true);
    // Another form keeps its own count.
    expect((await createRateLimiter(b, 'login', 2, 60_000, clock).hit('203.0.113.7')).ok).toBe(true);
    now = T0 + 60_000;
    expect((await web2.peek('203.0.113.7')).ok).toBe(true);
    expect((await web1.hit('203.0.113.7')).ok).toBe(true);
  });

  it('counts every hit of a burst sent to two processes at once', async () => {
    const [a, b] = await twoProcesses();
    const clock = () => new Date(T0);
    const web1 = createRateLimiter(a, 'login', 10, 60_000, clock);
    const web2 = createRateLimiter(b, 'login', 10, 60_000, clock);
    const results = await Promise.all(
      Array.from({ length: 30 }, (_, i) => (i % 2 ? web1 : web2).hit('192.0.2.55')),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(10);
  });

  it('stores a hash of the address, never the address; the retention job deletes a counter a day after its window started', async () => {
    const [a] = await twoProcesses();
    let now = T0;
    const limiter = createRateLimiter(a, 'contact', 5, 60 * 60_000, () => new Date(now));
    await limiter.hit('203.0.113.7');
    const rows = await rawAll<{ key: string }>(a, sql`select * from rate_limits`);
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain('203.0.113.7');
    expect(rows[0].key).toMatch(/^[0-9a-f]{64}$/);
    now += 86_400_000;
    expect((await runRetention(a, new Date(now), retentionPurges)).rateLimits).toBe(0);
    now += 1;
    expect((await runRetention(a, new Date(now), retentionPurges)).rateLimits).toBe(1);
    expect(await rawAll(a, sql`select * from rate_limits`)).toEqual([]);
  });
});
