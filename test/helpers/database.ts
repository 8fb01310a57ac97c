import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { getTableName, is, sql } from 'drizzle-orm';
import { getTableConfig, SQLiteTable } from 'drizzle-orm/sqlite-core';
import { type Db, openDb, rawAll } from '../../db/client';
import * as schema from '../../db/schema';

/**
 * Which engine a test runs on: the vitest project "postgres" sets TEST_DATABASE=postgres (the
 * API, bot, engine and queue suites run there too); otherwise the SQLite file, as `npm start`.
 */
export const onPostgres = process.env.TEST_DATABASE === 'postgres';

const MIGRATIONS_JOURNAL = resolve(
  dirname(fileURLToPath(import.meta.url)),
  '../../migrations/meta/_journal.json',
);

/**
 * The database settings for a test's temporary folder: the SQLite file in it, or on PostgreSQL
 * a fresh database of its own (its URL kept in the folder, so a restart test reopens the same one).
 */
export async function testDatabaseEnv(
  dir: string,
): Promise<{ DATABASE_PATH: string; DATABASE_URL?: string }> {
  const DATABASE_PATH = join(dir, 'app.db');
  if (!onPostgres) {
    if (!existsSync(DATABASE_PATH)) await copyMigratedSqlite(DATABASE_PATH);
    return { DATABASE_PATH };
  }
  const file = join(dir, 'database-url');
  let url = existsSync(file) ? readFileSync(file, 'utf8') : '';
  if (!url) {
    const { createTestDatabase } = await import('./postgres');
    url = await createTestDatabase();
    writeFileSync(file, url);
  }
  return { DATABASE_PATH, DATABASE_URL: url };
}

let sqliteTemplate: { journal: string; path: Promise<string> } | null = null;

/**
 * Writes a migrated SQLite database at `path`: a copy of a file this test worker migrated once, as
 * PostgreSQL's tests copy a migrated template database (test/helpers/postgres.ts). Migrating a new
 * file took 0.1 to 1.5 s on a loaded CI machine, a copy a few milliseconds; the server then opens
 * it with every migration applied (openDb still checks them). Made again if the migrations change.
 * Migrating a new file itself is tested where that is the subject (db/client.test.ts, test/queue).
 */
async function copyMigratedSqlite(path: string): Promise<void> {
  const journal = readFileSync(MIGRATIONS_JOURNAL, 'utf8');
  if (sqliteTemplate?.journal !== journal) {
    const made = (async () => {
      const folder = mkdtempSync(join(tmpdir(), 'polyglot-template-'));
      process.once('exit', () => rmSync(folder, { recursive: true, force: true }));
      const file = join(folder, 'app.db');
      const db = await openDb(file);
      // Closed, the file holds everything (the last connection's close checkpoints the WAL).
      await db.$close();
      return file;
    })();
    sqliteTemplate = { journal, path: made };
    made.catch(() => {
      if (sqliteTemplate?.path === made) sqliteTemplate = null;
    });
  }
  const template = await sqliteTemplate.path;
  copyFileSync(template, path);
  if (existsSync(`${template}-wal`)) copyFileSync(`${template}-wal`, `${path}-wal`);
}

/** Opens the test's database (see testDatabaseEnv). */
export async function openTestDb(dir: string): Promise<Db> {
  const env = await testDatabaseEnv(dir);
  return await openDb(env.DATABASE_URL ?? env.DATABASE_PATH);
}

/**
 * Gives back the PostgreSQL database of a test folder (dropTestDatabase: reset for reuse, or
 * dropped); nothing to do on SQLite, where the folder goes.
 */
export async function dropTestDb(dir: string): Promise<void> {
  const file = join(dir, 'database-url');
  if (!onPostgres || !existsSync(file)) return;
  const { dropTestDatabase } = await import('./postgres');
  await dropTestDatabase(readFileSync(file, 'utf8'));
}

const SCHEMA_TABLES = Object.values(schema).filter((t) => is(t, SQLiteTable)) as SQLiteTable[];
const TABLES = SCHEMA_TABLES.map((t) => getTableName(t)).sort();

/** Tables with a guild_id column (a server's own rows). */
export function guildScopedTables(): string[] {
  return SCHEMA_TABLES.filter((t) => getTableConfig(t).columns.some((c) => c.name === 'guild_id'))
    .map((t) => getTableName(t))
    .sort();
}

/**
 * Tables that count requests rather than hold what was asked for: a refused login or form is
 * still counted against its rate limit; a bot connecting takes an identify slot.
 */
const COUNTERS = new Set(['rate_limits', 'gateway_identify']);

/**
 * Row counts of every table: "nothing was written" is checked by comparing two of these. One
 * statement (a UNION ALL of the tables' counts): one round trip to PostgreSQL rather than one per
 * table, which made each check take seconds there.
 */
export async function tableCounts(db: Db): Promise<Record<string, number>> {
  const names = TABLES.filter((name) => !COUNTERS.has(name));
  const rows = await rawAll<{ i: number; n: number }>(
    db,
    sql.join(
      names.map(
        (name, i) => sql`select cast(${i} as integer) as i, count(*) as n from ${sql.identifier(name)}`,
      ),
      sql` union all `,
    ),
  );
  const out: Record<string, number> = {};
  for (const { i, n } of rows.sort((a, b) => Number(a.i) - Number(b.i))) out[names[Number(i)]] = Number(n);
  return out;
}

/** Tables whose rows (any column) contain `needle`: on PostgreSQL, where no database file is at hand. */
export async function tablesMentioning(db: Db, needle: string): Promise<string[]> {
  const found: string[] = [];
  for (const name of TABLES) {
    const rows = await rawAll(db, sql`select * from ${sql.identifier(name)}`);
    if (JSON.stringify(rows).includes(needle)) found.push(name);
  }
  return found;
}

/**
 * Every row of every table but the request counters and the credentials' last-use times: "nothing
 * was written" (no row added, changed or removed) is checked by comparing two of these.
 */
export async function tableContents(db: Db): Promise<string> {
  const out: Record<string, unknown[]> = {};
  for (const name of TABLES) {
    if (COUNTERS.has(name)) continue;
    const rows = await rawAll<Record<string, unknown>>(db, sql`select * from ${sql.identifier(name)}`);
    out[name] = rows.map(({ last_used_at: _used, ...row }) => JSON.stringify(row)).sort();
  }
  return JSON.stringify(out);
}

/** The statements `db` runs while `fn` runs (the executor's text of each, in order). */
export async function statementsDuring(db: Db, fn: () => Promise<unknown>): Promise<string[]> {
  const exec = db.$exec;
  const query = exec.query;
  const seen: string[] = [];
  exec.query = (text, params, shape) => {
    seen.push(text);
    return query.call(exec, text, params, shape);
  };
  try {
    await fn();
  } finally {
    exec.query = query;
  }
  return seen;
}
