import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import Database from 'better-sqlite3';
import { drizzle } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { draftMigration } from '../../db/postgres/draft';
import { postgresShape, shapeLines, sqliteShape, type TableShape } from '../../db/postgres/shape';
import { type PooledTestDatabase, pooledTestDatabase } from '../helpers/postgres';

/** npm run db:generate-pg: the drafted PostgreSQL migration gives PostgreSQL the SQLite shape. */

let dir: string;
let wanted: TableShape[];
let database: PooledTestDatabase;
let pool: PooledTestDatabase['pool'];

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'pg-draft-'));
  const sqlite = new Database(join(dir, 'app.db'));
  migrate(drizzle(sqlite), { migrationsFolder: resolve('migrations') });
  wanted = sqliteShape(sqlite);
  sqlite.close();
  database = await pooledTestDatabase();
  pool = database.pool;
});

afterAll(async () => {
  await database?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('PostgreSQL migration draft', () => {
  it('says nothing when the schemas agree', async () => {
    expect(draftMigration(wanted, await postgresShape(pool))).toBe('');
  });

  it('adds a missing table (with its id sequence and trigger), column and index; the result matches', async () => {
    // As if glossary_terms, polls.deleted_at and translation_logs_time were new on SQLite.
    await pool.query('drop table glossary_terms');
    await pool.query('alter table polls drop column deleted_at');
    await pool.query('drop index translation_logs_time');
    const sql = draftMigration(wanted, await postgresShape(pool));
    expect(sql).toContain('CREATE TABLE "glossary_terms" (');
    expect(sql).toContain('ALTER TABLE "polls" ADD COLUMN "deleted_at" bigint;');
    expect(sql).toContain('CREATE INDEX "translation_logs_time" ON "translation_logs" ("created_at");');
    expect(sql).not.toContain('TODO');

    await pool.query(sql);
    expect(shapeLines(await postgresShape(pool))).toEqual(shapeLines(wanted));
    await pool.query("insert into guilds (id) values ('g1')");
    const { rows } = await pool.query(
      `insert into glossary_terms (id, guild_id, term, translations, created_at)
       values (null, 'g1', 'hi', '{}', (unixepoch('subsec') * 1000)) returning id`,
    );
    expect(Number(rows[0].id)).toBe(1);
  });

  it('leaves what it cannot decide as TODO lines', async () => {
    await pool.query('alter table polls add column leftover text');
    const sql = draftMigration(wanted, await postgresShape(pool));
    expect(sql).toBe(
      '-- TODO: column polls.leftover is gone on SQLite: ALTER TABLE "polls" DROP COLUMN "leftover";\n',
    );
  });
});
