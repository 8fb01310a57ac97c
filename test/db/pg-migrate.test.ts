import { copyFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { endPool } from '../../db/postgres/end-pool';
import { migratePostgres, PG_MIGRATIONS_FOLDER, pgMigrations } from '../../db/postgres/migrate';
import { createTestDatabase, dropTestDatabase } from '../helpers/postgres';

/** migrations-pg/ applied by db/postgres/migrate.ts: in order, once, by several processes at once. */

let url: string;
const pools: pg.Pool[] = [];
const dirs: string[] = [];
const newPool = () => {
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  pools.push(pool);
  return pool;
};
const folder = (files: Record<string, string>) => {
  const dir = mkdtempSync(join(tmpdir(), 'pg-migrations-'));
  dirs.push(dir);
  copyFileSync(join(PG_MIGRATIONS_FOLDER, '0000_init.sql'), join(dir, '0000_init.sql'));
  for (const [name, sql] of Object.entries(files)) writeFileSync(join(dir, name), sql);
  return dir;
};
const applied = async () =>
  (await newPool().query('select name from polyglot_migrations order by name')).rows.map((r) => r.name);
const tableExists = async (name: string) =>
  (await newPool().query('select to_regclass($1) is not null as yes', [name])).rows[0].yes as boolean;

beforeEach(async () => {
  url = await createTestDatabase({ migrated: false });
});
afterEach(async () => {
  await Promise.all(pools.splice(0).map((p) => endPool(p)));
  await dropTestDatabase(url);
});
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

describe('PostgreSQL migrations', () => {
  it('three processes starting at once on an empty database: each migration applied once', async () => {
    expect(await tableExists('guilds')).toBe(false);
    await Promise.all([migratePostgres(newPool()), migratePostgres(newPool()), migratePostgres(newPool())]);
    expect(await applied()).toEqual(pgMigrations().map((m) => m.name));
    expect(await tableExists('guilds')).toBe(true);
    expect(await tableExists('translation_logs')).toBe(true);
  });

  it('applies only what is pending, in name order', async () => {
    const dir = folder({
      '0002_second.sql': 'alter table extra add column b text;',
      '0001_first.sql': 'create table extra (a bigint primary key);',
    });
    await migratePostgres(newPool(), dir);
    expect(await applied()).toEqual(['0000_init', '0001_first', '0002_second']);
    await migratePostgres(newPool(), dir); // nothing pending: no error, nothing twice
    expect(await applied()).toEqual(['0000_init', '0001_first', '0002_second']);
    const cols = await newPool().query(
      "select column_name from information_schema.columns where table_name = 'extra' order by ordinal_position",
    );
    expect(cols.rows.map((r) => r.column_name)).toEqual(['a', 'b']);
  });

  it('a failing migration is rolled back, named, and not recorded', async () => {
    const dir = folder({ '0001_bad.sql': 'create table half (a bigint);\nselect no_such_function();' });
    await expect(migratePostgres(newPool(), dir)).rejects.toThrow(
      /PostgreSQL migration 0001_bad failed: .*no_such_function/,
    );
    expect(await applied()).toEqual(['0000_init']);
    expect(await tableExists('half')).toBe(false);
  });

  it('refuses a database whose applied migration was edited since', async () => {
    const dir = folder({ '0001_first.sql': 'create table extra (a bigint);' });
    await migratePostgres(newPool(), dir);
    writeFileSync(join(dir, '0001_first.sql'), 'create table extra (a bigint, b text);');
    await expect(migratePostgres(newPool(), dir)).rejects.toThrow(
      /migration 0001_first was applied, but its file has changed since/,
    );
  });
});
