import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import Database from 'better-sqlite3';
import { asc, eq, lt } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postgresShape, shapeLines, sqliteShape } from '../../db/postgres/shape';
import * as schema from '../../db/schema';
import { type PooledTestDatabase, pooledTestDatabase } from '../helpers/postgres';
import { SAMPLE_LOGS } from '../helpers/translation-logs';

/**
 * The SQLite schema (migrations/) and the PostgreSQL schema (migrations-pg/) must say the same
 * thing: the one body of query code, drizzle's SQLite builder, runs on both. A difference shows
 * as a diff of lines such as "table polls: column ends_at bigint".
 */

let dir: string;
let sqlite: Database.Database;
let database: PooledTestDatabase;
let pool: PooledTestDatabase['pool'];
const db = () => drizzle(sqlite, { schema });

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'parity-'));
  sqlite = new Database(join(dir, 'app.db'));
  sqlite.pragma('foreign_keys = ON');
  migrate(drizzle(sqlite), { migrationsFolder: resolve('migrations') });
  database = await pooledTestDatabase({ max: 2 });
  pool = database.pool;
});

afterAll(async () => {
  await database?.close();
  sqlite?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** drizzle's rendering of a query, as the executor runs it on each engine (`?` -> `$n` on PostgreSQL). */
interface Renderable {
  toSQL(): { sql: string; params: unknown[] };
}
const toPg = (text: string) => {
  let n = 0;
  return text.replace(/\?/g, () => `$${++n}`);
};
async function onBoth(query: Renderable) {
  const { sql, params } = query.toSQL();
  sqlite.prepare(sql).run(...(params as unknown[]));
  await pool.query(toPg(sql), params);
}

/** Every row of a table ordered by its primary key, values as text (bigint arrives as text from pg). */
async function rowsOf(table: string, orderBy: string) {
  const norm = (r: Record<string, unknown>) =>
    JSON.stringify(Object.fromEntries(Object.entries(r).map(([k, v]) => [k, v === null ? null : String(v)])));
  const a = (
    sqlite.prepare(`select * from ${table} order by ${orderBy}`).all() as Record<string, unknown>[]
  ).map(norm);
  const b = (await pool.query(`select * from ${table} order by ${orderBy}`)).rows.map(norm);
  return { sqlite: a, postgres: b };
}

describe('schema parity', () => {
  it('has the same tables, columns, keys, indexes, foreign keys and triggers on SQLite and PostgreSQL', async () => {
    const sqliteLines = shapeLines(sqliteShape(sqlite));
    const pgLines = shapeLines(await postgresShape(pool));
    expect(sqliteLines.length).toBeGreaterThan(400);
    expect(pgLines).toEqual(sqliteLines);
  });

  it("runs drizzle's inserts unchanged: explicit null ids take the next id, SQL defaults fill in", async () => {
    const before = Date.now();
    await onBoth(db().insert(schema.guilds).values({ id: 'g-defaults', name: 'Defaults' }));
    await onBoth(db().insert(schema.channelLinks).values({ guildId: 'g-defaults', name: 'first' }));
    await onBoth(
      db().insert(schema.channelLinks).values({ guildId: 'g-defaults', name: 'second', active: false }),
    );
    const after = Date.now();

    const pgLinks = (await pool.query('select * from channel_links order by id')).rows;
    expect(pgLinks.map((r) => [Number(r.id), r.name, r.mode, Number(r.active)])).toEqual([
      [1, 'first', 'mirror', 1],
      [2, 'second', 'mirror', 0],
    ]);
    const sqliteLinks = sqlite.prepare('select * from channel_links order by id').all() as Record<
      string,
      unknown
    >[];
    expect(sqliteLinks.map((r) => [r.id, r.name, r.mode, r.active])).toEqual([
      [1, 'first', 'mirror', 1],
      [2, 'second', 'mirror', 0],
    ]);
    // (unixepoch('subsec') * 1000): milliseconds now, stored in a bigint column.
    for (const r of pgLinks) {
      expect(Number(r.created_at)).toBeGreaterThanOrEqual(before - 1);
      expect(Number(r.created_at)).toBeLessThanOrEqual(after + 1);
    }
    const guild = (await pool.query("select plan, present from guilds where id = 'g-defaults'")).rows[0];
    expect(guild).toEqual({ plan: 'free', present: '1' });
  });

  it('keeps the analytics rollups the same as logs are written, changed and deleted', async () => {
    await onBoth(db().insert(schema.guilds).values({ id: 'g-logs' }));
    const logs = [
      ...SAMPLE_LOGS,
      // Two logs at the same moment: the member's name comes from the lower id.
      ['u1', 'Alice B', 'en', 'es', '2026-03-18T10:00:00Z', 10] as const,
      [null, null, 'en', 'es', '2026-03-18T10:30:00Z', 5] as const,
    ];
    for (const [userId, username, sourceLanguage, targetLanguage, at, latencyMs, outcome] of logs)
      await onBoth(
        db()
          .insert(schema.translationLogs)
          .values({
            guildId: 'g-logs',
            userId,
            username,
            sourceLanguage,
            targetLanguage,
            characters: 12,
            latencyMs,
            outcome: (outcome ?? 'ok') as 'ok',
            createdAt: new Date(at),
          }),
      );
    const tables: [string, string][] = [
      ['analytics_daily', 'guild_id, day, source_language, target_language, outcome'],
      ['analytics_hours', 'guild_id, day, hour'],
      ['analytics_member_days', 'guild_id, day, user_id'],
      ['analytics_members', 'guild_id, user_id'],
      ['analytics_language_members', 'guild_id, target_language, user_id'],
    ];
    const compare = async () => {
      for (const [table, order] of tables) {
        const { sqlite: a, postgres: b } = await rowsOf(table, order);
        expect({ table, rows: b }).toEqual({ table, rows: a });
      }
    };
    await compare();
    const members = await rowsOf('analytics_members', 'user_id');
    expect(members.postgres.length).toBe(4);

    // An update takes the old row out and puts the new one in.
    const latestOfU1 = sqlite
      .prepare(
        "select id from translation_logs where user_id = 'u1' and outcome = 'ok' order by created_at desc, id limit 1",
      )
      .get() as { id: number };
    await onBoth(
      db()
        .update(schema.translationLogs)
        .set({ outcome: 'error' })
        .where(eq(schema.translationLogs.id, latestOfU1.id)),
    );
    await compare();
    // Deleting a member's latest log makes the next one their last activity; retention deletes old days.
    await onBoth(db().delete(schema.translationLogs).where(eq(schema.translationLogs.id, latestOfU1.id)));
    await onBoth(
      db()
        .delete(schema.translationLogs)
        .where(lt(schema.translationLogs.createdAt, new Date('2026-03-10T00:00:00Z'))),
    );
    await compare();
    const left = await rowsOf('translation_logs', 'id');
    expect(left.postgres).toEqual(left.sqlite);
    // Six logs are gone: the latest of u1 and five from before 10 March.
    expect(left.postgres.length).toBe(logs.length - 6);
    // The rollups still match the logs they were kept from.
    const { rows } = await pool.query(
      "select coalesce(sum(count), 0)::int as n from analytics_daily where guild_id = 'g-logs'",
    );
    expect(rows[0].n).toBe(left.postgres.length);
    expect(
      db().select().from(schema.analyticsDaily).orderBy(asc(schema.analyticsDaily.day)).all().length,
    ).toBe((await pool.query('select count(*)::int as n from analytics_daily')).rows[0].n);
  });
});
