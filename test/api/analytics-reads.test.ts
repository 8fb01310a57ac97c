import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, expect, it } from 'vitest';
import { analyticsPage } from '../../src/server/features/analytics/analytics';
import { type Db, offloadedReads, rawAll, rawGet } from '../../db/client';
import { guilds, translationLogs } from '../../db/schema';
import type { SqliteReadExecutor } from '../../db/sqlite-read-executor';
import { last30Days, providerShares } from '../../src/server/features/analytics/providers';
import {
  globalStats,
  guildActivity,
  guildAnalytics,
  guildStats,
} from '../../src/server/features/stats/stats';
import { skippedTrivialCount, countSkippedTrivial } from '../../src/server/features/translation/skipped';
import { countUntranslated, untranslatedCounts } from '../../src/server/features/translation/untranslated';
import { dropTestDb, onPostgres, openTestDb } from '../helpers/database';

/**
 * The dashboard's aggregates read through offloadedReads (issue 25): on a SQLite file their
 * statements run on a worker thread's read-only connection, off the event loop the bot delivers
 * on. They must answer exactly what the same functions answer on the main connection, see every
 * committed write, and fail with an error that says what happened.
 */

const DAY = 86_400_000;
const NOW = new Date('2026-03-18T12:34:56.789Z');
const LANGS = ['en', 'es', 'fr', 'de', 'ja'];
const OUTCOMES = ['ok', 'ok', 'ok', 'error', 'skipped', 'rate_limited'] as const;

const dir = mkdtempSync(join(tmpdir(), 'polyglot-reads-'));
const db: Db = await openTestDb(dir);
afterAll(async () => {
  await db.$close();
  await dropTestDb(dir);
  rmSync(dir, { recursive: true, force: true });
});

/** `count` logs of `guildId` over the last `days` days, deterministic. */
async function seed(guildId: string, count: number, days: number) {
  await db.insert(guilds).values({ id: guildId }).onConflictDoNothing().run();
  let s = 7;
  const rnd = () => {
    s = (s * 1103515245 + 12345) % 2147483648;
    return s / 2147483648;
  };
  const rows = Array.from({ length: count }, (_, i) => {
    const user = Math.floor(rnd() ** 2 * 30);
    return {
      guildId,
      channelId: `c${i % 3}`,
      userId: `u${user}`,
      username: `member ${user}`,
      sourceLanguage: LANGS[Math.floor(rnd() * LANGS.length)]!,
      targetLanguage: LANGS[Math.floor(rnd() * LANGS.length)]!,
      characters: 20 + Math.floor(rnd() * 200),
      latencyMs: Math.floor(rnd() * 900),
      outcome: OUTCOMES[Math.floor(rnd() * OUTCOMES.length)]!,
      provider: rnd() < 0.5 ? 'gemini:gemini-2.5-flash' : 'cache',
      createdAt: new Date(NOW.getTime() - Math.floor(rnd() * days * DAY)),
    };
  });
  for (let i = 0; i < rows.length; i += 100)
    await db
      .insert(translationLogs)
      .values(rows.slice(i, i + 100))
      .run();
}

/** Every figure the stats and analytics procedures answer, read through `handle`. */
async function figures(handle: Db, guildId: string) {
  const { since, until } = last30Days(NOW);
  return {
    stats: await guildStats(handle, guildId, NOW),
    activity: await guildActivity(handle, guildId, NOW),
    analytics: await guildAnalytics(handle, guildId, NOW),
    untranslated: await untranslatedCounts(handle, guildId, NOW),
    skipped: await skippedTrivialCount(handle, guildId, NOW),
    providers: await providerShares(handle, guildId, since, until, ['gemini:gemini-2.5-flash']),
  };
}

it('answers every stats and analytics figure exactly as the main connection does', async () => {
  await seed('reads-a', 1500, 60);
  await seed('reads-b', 200, 10);
  await countUntranslated(db, 'reads-a', 'overloaded', 'marked', new Date(NOW.getTime() - DAY));
  await countSkippedTrivial(db, 'reads-a', new Date(NOW.getTime() - 2 * DAY));
  const reader = offloadedReads(db);
  if (onPostgres)
    expect(reader).toBe(db); // the pool's queries never block the loop
  else expect(reader).not.toBe(db);
  expect(offloadedReads(db)).toBe(reader); // one reader per database handle
  for (const guildId of ['reads-a', 'reads-b', 'no-such-server']) {
    const main = await figures(db, guildId);
    expect(await figures(reader, guildId)).toEqual(main);
  }
  expect((await figures(reader, 'reads-a')).stats.totalTranslations).toBeGreaterThan(0);
  // The landing page's total (a fresh count, then one over the rows added since).
  const total = (await globalStats(reader, NOW)).totalTranslations;
  const ok = await rawGet<{ n: number }>(
    db,
    sql`select count(*) as n from translation_logs where outcome = 'ok'`,
  );
  expect(total).toBe(Number(ok?.n));
});

it('sees a write as soon as the main connection committed it', async () => {
  const reader = offloadedReads(db);
  const before = (await guildStats(reader, 'reads-c', NOW)).totalTranslations;
  await seed('reads-c', 40, 5);
  const after = await guildStats(reader, 'reads-c', NOW);
  expect(after).toEqual(await guildStats(db, 'reads-c', NOW));
  expect(after.totalTranslations).toBeGreaterThan(before);
});

it.skipIf(onPostgres)('sends the statements of one read to the worker in one message', async () => {
  const reader = offloadedReads(db);
  const exec = reader.$exec as SqliteReadExecutor;
  // The stat cards (eight statements) and the whole Analytics screen (eleven, raw and drizzle's
  // builder alike): one message each.
  let before = exec.exchanges();
  expect(await guildStats(reader, 'reads-a', NOW)).toEqual(await guildStats(db, 'reads-a', NOW));
  expect(exec.exchanges() - before).toBe(1);
  before = exec.exchanges();
  const page = await analyticsPage(db, 'reads-a', NOW, ['gemini:gemini-2.5-flash']);
  expect(exec.exchanges() - before).toBe(1);
  expect(page.qualityMetrics.totalTranslations).toBe(
    (await guildAnalytics(db, 'reads-a', NOW)).qualityMetrics.totalTranslations,
  );
  // A failing statement fails alone: the others of its message are answered.
  before = exec.exchanges();
  const [bad, good] = await Promise.allSettled([
    rawAll(reader, sql`select * from no_such_table`),
    rawGet<{ n: number }>(
      reader,
      sql`select count(*) as n from translation_logs where guild_id = ${'reads-a'}`,
    ),
  ]);
  expect(exec.exchanges() - before).toBe(1);
  expect(bad.status === 'rejected' && String(bad.reason)).toMatch(/no such table: no_such_table/);
  expect(good.status === 'fulfilled' && Number(good.value?.n)).toBeGreaterThan(0);
});

it.skipIf(onPostgres)('names the failure of a statement on the worker, and refuses writes', async () => {
  const reader = offloadedReads(db);
  await expect(rawAll(reader, sql`select * from no_such_table`)).rejects.toThrow(
    /SQLite read on the worker thread failed: no such table: no_such_table/,
  );
  await expect(rawAll(reader, sql`delete from translation_logs`)).rejects.toThrow(
    /SQLite read on the worker thread failed: only reads run here/,
  );
  await expect(reader.$transaction(async () => 1)).rejects.toThrow(/reads only, never a transaction/);
  // Nothing was deleted; the worker still answers.
  const n = await rawGet<{ n: number }>(reader, sql`select count(*) as n from translation_logs`);
  expect(n?.n).toBeGreaterThan(0);
});

it.skipIf(onPostgres)(
  'fails the reads in flight with a clear error when the worker stops, then starts another',
  async () => {
    const reader = offloadedReads(db);
    const exec = reader.$exec as SqliteReadExecutor;
    // A read long enough (a fraction of a second) to still run when the worker is stopped; the stop
    // waits for the statement to end (SQLite cannot be interrupted), then the worker exits unanswered.
    const slow = rawAll(
      reader,
      sql`with recursive n(i) as (select 1 union all select i + 1 from n where i < 3000000) select count(*) as c from n`,
    );
    // Posted to the worker at the end of this turn of the loop (one message per turn), and not
    // answered yet (an answer needs another turn of this event loop).
    await new Promise((posted) => setImmediate(posted));
    await exec.terminate();
    await expect(slow).rejects.toThrow(/the SQLite read worker stopped \(exit code 1\)/);
    expect(await guildStats(reader, 'reads-a', NOW)).toEqual(await guildStats(db, 'reads-a', NOW));
  },
);

it.skipIf(onPostgres)('is closed with its database: a read after close says so', async () => {
  const other = mkdtempSync(join(tmpdir(), 'polyglot-reads-closed-'));
  try {
    const own = await openTestDb(other);
    const reader = offloadedReads(own);
    expect((await guildStats(reader, 'none', NOW)).hasData).toBe(false);
    await own.$close();
    await expect(guildStats(reader, 'none', NOW)).rejects.toThrow(/the SQLite read worker is closed/);
  } finally {
    rmSync(other, { recursive: true, force: true });
  }
});
