import { sql } from 'drizzle-orm';
import { readdirSync, readFileSync } from 'node:fs';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { type Db, openDb, rawAll, rawGet, rawRun } from '../../db/client';
import { guilds } from '../../db/schema';
import { resetGuildData } from '../../src/server/features/settings/reset';
import { runRetention } from '../../src/server/core/retention';
import { retentionPurges } from '../../src/server/app/services';
import { guildActivity, guildAnalytics, guildStats } from '../../src/server/features/stats/stats';
import { rawGuildActivity, rawGuildAnalytics, rawGuildStats } from '../helpers/analytics-reference';

/**
 * The dashboard figures read the trigger-kept rollups; they must equal what the old scans of
 * translation_logs gave (test/helpers/analytics-reference.ts) on the same logs, at any moment,
 * after retention, a reset, a removed server and a stray delete or update.
 */

const DAY = 86_400_000;
const ROLLUPS = [
  'analytics_daily',
  'analytics_hours',
  'analytics_member_days',
  'analytics_members',
  'analytics_language_members',
];
const LANGS = ['en', 'es', 'fr', 'de', 'ja'];
const OUTCOMES = ['ok', 'ok', 'ok', 'ok', 'error', 'skipped', 'rate_limited', 'quota'];
const CHANNELS = ['c1', 'c2', 'c3', null];
const NOW = new Date('2026-03-18T12:34:56.789Z');

const db: Db = await openDb(':memory:');
afterAll(() => db.$sqlite!.close());

const insert = db.$sqlite!.prepare(
  `insert into translation_logs (guild_id, channel_id, user_id, username, source_language, target_language,
     characters, latency_ms, outcome, source, created_at) values (?, ?, ?, ?, ?, ?, 40, ?, ?, 'mirror', ?)`,
);

async function seedLogs(guildId: string, count: number, seed: number, spanDays: number) {
  await db.insert(guilds).values({ id: guildId }).onConflictDoNothing().run();
  let s = seed;
  const rnd = (n: number) => {
    s = (s * 1103515245 + 12345) % 2147483648;
    return Math.floor((s / 2147483648) * n);
  };
  db.$sqlite!.transaction(() => {
    for (let i = 0; i < count; i++) {
      const user = rnd(12);
      const from = LANGS[rnd(LANGS.length)];
      const to = LANGS[(LANGS.indexOf(from) + 1 + rnd(LANGS.length - 1)) % LANGS.length];
      insert.run(
        guildId,
        CHANNELS[rnd(CHANNELS.length)],
        user === 0 ? null : `u${user}`,
        // Names change over time, some are empty or missing.
        user % 5 === 0 ? '' : user % 7 === 0 ? null : `name${user}-${rnd(3)}`,
        from,
        to,
        rnd(2000),
        OUTCOMES[rnd(OUTCOMES.length)],
        NOW.getTime() - rnd(spanDays * DAY),
      );
    }
  })();
}

async function expectSame(guildId: string, now: Date) {
  expect(await guildStats(db, guildId, now)).toEqual(await rawGuildStats(db, guildId, now));
  expect(await guildActivity(db, guildId, now)).toEqual(await rawGuildActivity(db, guildId, now));
  expect(await guildAnalytics(db, guildId, now)).toEqual(await rawGuildAnalytics(db, guildId, now));
}

async function rollupRows(guildId: string) {
  const out: Record<string, string[]> = {};
  for (const t of ROLLUPS) {
    out[t] = (await rawAll(db, sql`select * from ${sql.identifier(t)} where guild_id = ${guildId}`))
      .map((r) => JSON.stringify(r))
      .sort();
  }
  return out;
}

describe('analytics rollups equal the scans of translation_logs they replace', () => {
  it('gives the same stat cards, activity and analytics for several days, languages, channels and outcomes', async () => {
    await seedLogs('big', 3000, 7, 100);
    await seedLogs('other', 400, 11, 20);
    expect((await guildStats(db, 'big', NOW)).totalTranslations).toBeGreaterThan(1000);
    // Now at noon, exactly at midnight, a millisecond before midnight, and days later.
    for (const now of [
      NOW,
      new Date('2026-03-18T00:00:00.000Z'),
      new Date('2026-03-17T23:59:59.999Z'),
      new Date(NOW.getTime() + 3 * DAY + 1234),
      new Date(NOW.getTime() - 40 * DAY),
    ]) {
      await expectSame('big', now);
      await expectSame('other', now);
    }
    // A server with no logs: zeros and empty lists, as before.
    await db.insert(guilds).values({ id: 'empty' }).run();
    await expectSame('empty', NOW);
  });

  it('counts the active members of the partial days at either end of each rolling week exactly', async () => {
    await db.insert(guilds).values({ id: 'edges' }).run();
    const t = NOW.getTime();
    const at = (user: string, when: number, outcome = 'ok') =>
      insert.run('edges', 'c1', user, user, 'en', 'fr', 100, outcome, when);
    at('start-in', t - 7 * DAY, 'skipped'); // first instant of this week, any outcome counts
    at('start-out', t - 7 * DAY - 1); // last instant of last week, same UTC day as start-in
    at('end-in', t - 1);
    at('end-out', t); // the window ends before now
    at('end-out', t + 3_600_000); // a log dated later today
    at('old-in', t - 14 * DAY); // first instant of last week
    at('old-out', t - 14 * DAY - 1);
    at('both', t - 3 * DAY); // a whole day of this week
    at('both', t - 7 * DAY - 2);
    at('mid-last', t - 10 * DAY); // a whole day of last week
    const stats = await guildStats(db, 'edges', NOW);
    // This week: start-in, end-in, both; last week: start-out, old-in, both, mid-last.
    expect(stats.activeUsers).toBe(3);
    expect(stats.activeUsersTrend).toBe(-25);
    await expectSame('edges', NOW);
  });

  it('counts the translations of the whole and partial hours at either end of each rolling week exactly', async () => {
    await db.insert(guilds).values({ id: 'hours' }).run();
    const HOUR = 3_600_000;
    // A moment inside an hour: each week starts and ends with a partial hour (read from the logs)
    // next to whole hours of a partial day (read from analytics_hours).
    const now = new Date(NOW.getTime() + 20 * 60_000 + 123);
    const t = now.getTime();
    const start = t - 7 * DAY;
    const at = (when: number, outcome = 'ok') =>
      insert.run('hours', 'c1', 'u1', 'U', 'en', 'fr', 100, outcome, when);
    // This week: 6.
    at(start); // its first instant, in a partial hour
    at(Math.ceil(start / HOUR) * HOUR); // the first whole hour
    at(start + 2 * HOUR); // a whole hour of the partial day
    at(start + 2 * HOUR, 'error'); // not a translation
    at(Math.floor(t / HOUR) * HOUR - 1); // the last whole hour of today
    at(Math.floor(t / HOUR) * HOUR); // today's partial hour
    at(t - 1);
    at(t); // after the window
    // Last week: 3.
    at(start - 1); // the same hour as this week's first instant
    at(Math.floor(start / HOUR) * HOUR);
    at(t - 14 * DAY);
    at(t - 14 * DAY - 1); // before it
    expect((await guildStats(db, 'hours', now)).translationsTrend).toBe(100);
    await expectSame('hours', now);
  });

  it('rebuilding the rollups from the logs (the migration backfill) gives the rows the triggers kept', async () => {
    const before = await rollupRows('big');
    // The migration's number changes when migrations are merged; its name does not.
    const dir = new URL('../../migrations/', import.meta.url);
    const file = readdirSync(dir).find((f) => f.endsWith('_analytics_rollups.sql'));
    const migration = readFileSync(new URL(file ?? 'missing', dir), 'utf8');
    const backfill = migration
      .split('--> statement-breakpoint')
      .map((s) => s.trim())
      .filter((s) => /^(-- .*\n)*INSERT INTO analytics_/.test(s));
    expect(backfill).toHaveLength(ROLLUPS.length);
    await db.$transaction(async () => {
      for (const t of ROLLUPS) await rawRun(db, sql`delete from ${sql.identifier(t)}`);
      // The migration's own statements, run as written.
      for (const s of backfill) await rawRun(db, sql.raw(s));
    });
    expect(await rollupRows('big')).toEqual(before);
    await expectSame('big', NOW);
  });

  it('stays equal after the retention job deletes logs older than 90 days', async () => {
    const r = await runRetention(db, NOW, retentionPurges);
    expect(r.translationLogs).toBeGreaterThan(0);
    await expectSame('big', NOW);
    await expectSame('big', new Date(NOW.getTime() + 5 * DAY));
  });

  it("stays equal after a member's newest log is deleted and another is rewritten", async () => {
    const newest = (await rawGet(
      db,
      sql`select id from translation_logs where guild_id = 'big' and user_id = 'u3' and outcome in ('ok', 'error') order by created_at desc limit 1`,
    )) as { id: number };
    await rawRun(db, sql`delete from translation_logs where id = ${newest.id}`);
    await rawRun(
      db,
      sql`update translation_logs set outcome = 'error', target_language = 'ko', user_id = 'u99', username = 'Moved' where id = (select max(id) from translation_logs where guild_id = 'big' and outcome = 'ok')`,
    );
    await expectSame('big', NOW);
  });

  it('a Danger Zone reset empties the rollups of that server only; a removed server takes its rollups along', async () => {
    const other = await rollupRows('other');
    await resetGuildData(db, 'big', NOW);
    await expectSame('big', NOW);
    for (const rows of Object.values(await rollupRows('big'))) expect(rows).toEqual([]);
    expect(await rollupRows('other')).toEqual(other);
    await db.delete(guilds).run();
    for (const t of ROLLUPS)
      expect(await rawGet(db, sql`select count(*) as n from ${sql.identifier(t)}`)).toEqual({ n: 0 });
  });

  it('equals the scans for any small set of logs and any moment (property)', async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.record({
            user: fc.option(fc.constantFrom('a', 'b', 'c'), { nil: null }),
            name: fc.option(fc.constantFrom('', 'Ann', 'Bo'), { nil: null }),
            from: fc.constantFrom('en', 'es'),
            to: fc.constantFrom('fr', 'de', 'es'),
            latency: fc.nat(3000),
            outcome: fc.constantFrom('ok', 'error', 'skipped', 'quota'),
            at: fc.integer({ min: -20 * DAY, max: 0 }),
          }),
          { maxLength: 40 },
        ),
        fc.integer({ min: -3 * DAY, max: 3 * DAY }),
        async (logs, shift) => {
          const guildId = `p${run++}`;
          await db.insert(guilds).values({ id: guildId }).run();
          for (const l of logs)
            insert.run(
              guildId,
              'c1',
              l.user,
              l.name,
              l.from,
              l.to,
              l.latency,
              l.outcome,
              NOW.getTime() + l.at,
            );
          await expectSame(guildId, new Date(NOW.getTime() + shift));
        },
      ),
      { numRuns: 60 },
    );
  });
});
