import { createHash } from 'node:crypto';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { type SQL, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import { SQLiteSyncDialect } from 'drizzle-orm/sqlite-core';
import pg from 'pg';
import { PostgresParamsDialect } from './dialect';
import { endPool } from './end-pool';
import { migratePostgres } from './migrate';
import { type ColumnShape, foreignKeyOrder, sqliteShape, type TableShape } from './shape';

/**
 * Moves an installation from its SQLite file to PostgreSQL (npm run db:copy, scripts/db-copy.ts):
 * every table, in foreign-key order, in one PostgreSQL transaction, with triggers off so the
 * analytics rollups are copied as they are rather than computed again; then the id sequences
 * are moved past the copied ids, and every table's row count and checksum are compared before
 * the transaction commits. A mismatch commits nothing.
 */

export interface TableCheck {
  table: string;
  sqliteRows: number;
  postgresRows: number;
  sqliteChecksum: string;
  postgresChecksum: string;
  ok: boolean;
}

export class CopyRefused extends Error {}

export class CopyMismatch extends Error {
  constructor(readonly checks: TableCheck[]) {
    const bad = checks.filter((c) => !c.ok).map((c) => c.table);
    super(`the copy does not match the source in ${bad.length} table(s): ${bad.join(', ')}`);
  }
}

export interface CopyOptions {
  /** The SQLite file (migrated to the latest schema first, as the app does when it starts). */
  sqlitePath: string;
  postgresUrl: string;
  /** Empty a target that already has rows instead of refusing it. */
  force?: boolean;
  /** Rows per INSERT (at most 65,535 parameters per statement). */
  batchRows?: number;
  log?: (line: string) => void;
}

const sqliteMigrations = resolve(dirname(fileURLToPath(import.meta.url)), '../../migrations');

/**
 * Every statement here is a drizzle `sql` template (names through `sql.identifier`, values as
 * parameters), rendered for its engine: nothing is built by joining strings.
 */
const pgDialect = new PostgresParamsDialect();
const toSqlite = new SQLiteSyncDialect();
const names = (list: string[]) =>
  sql.join(
    list.map((n) => sql.identifier(n)),
    sql`, `,
  );

function pgQuery(client: pg.PoolClient, query: SQL) {
  const { sql: text, params } = pgDialect.sqlToQuery(query);
  return client.query(text, params);
}

function pgRows(client: pg.PoolClient, query: SQL): Promise<pg.QueryArrayResult<unknown[]>> {
  const { sql: text, params } = pgDialect.sqlToQuery(query);
  return client.query({ text, values: params, rowMode: 'array' });
}

/** A prepared SQLite statement of a `sql` template, with its parameters. */
function sqliteStatement(sqlite: Database.Database, query: SQL) {
  const { sql: text, params } = toSqlite.sqlToQuery(query);
  return { stmt: sqlite.prepare(text), params };
}

/** bigint and numeric as text, exact: checksums compare digits, not JavaScript numbers. */
const exactTypes = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === pg.types.builtins.INT8 || oid === pg.types.builtins.NUMERIC
      ? (v: string) => v
      : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
};

export function openSource(sqlitePath: string): Database.Database {
  const sqlite = new Database(sqlitePath, { fileMustExist: true });
  sqlite.pragma('busy_timeout = 5000');
  migrate(drizzle(sqlite), { migrationsFolder: sqliteMigrations });
  return sqlite;
}

export function openTarget(postgresUrl: string): pg.Pool {
  return new pg.Pool({ connectionString: postgresUrl, max: 1, types: exactTypes });
}

/** A value as it goes into PostgreSQL. A non-integral SQLite real in an integer column is rounded. */
function toPostgres(v: unknown, col: ColumnShape): unknown {
  if (v === null || v === undefined) return null;
  if (typeof v === 'bigint') return v.toString();
  if (typeof v === 'number') {
    if (col.type === 'bigint') return Number.isInteger(v) ? String(v) : String(Math.round(v));
    return v;
  }
  return v;
}

/** The text a value is compared by, the same for both engines (after toPostgres on the SQLite side). */
function normalized(v: unknown): string | null {
  if (v === null || v === undefined) return null;
  if (Buffer.isBuffer(v)) return `\\x${v.toString('hex')}`;
  return String(v);
}

function pkOrder(t: TableShape): SQL {
  return names(t.primaryKey);
}

/** Every row of a table on SQLite, ordered by primary key, as arrays (integers as bigint). */
function sqliteRows(sqlite: Database.Database, t: TableShape): Iterable<unknown[]> {
  const { stmt, params } = sqliteStatement(
    sqlite,
    sql`select ${names(t.columns.map((c) => c.name))} from ${sql.identifier(t.name)} order by ${pkOrder(t)}`,
  );
  return stmt
    .raw(true)
    .safeIntegers(true)
    .iterate(...params) as Iterable<unknown[]>;
}

/** Row count and checksum of one table on SQLite, rows ordered by primary key. */
function sqliteTableSum(sqlite: Database.Database, t: TableShape): { rows: number; checksum: string } {
  const hash = createHash('sha256');
  let rows = 0;
  for (const row of sqliteRows(sqlite, t)) {
    hash.update(`${JSON.stringify(row.map((v, i) => normalized(toPostgres(v, t.columns[i]))))}\n`);
    rows++;
  }
  return { rows, checksum: hash.digest('hex') };
}

/** The same on PostgreSQL, read in pages by primary key (keyset: no offset scans). */
async function postgresTableSum(
  client: pg.PoolClient,
  t: TableShape,
  pageRows = 5000,
): Promise<{ rows: number; checksum: string }> {
  const hash = createHash('sha256');
  let rows = 0;
  const cols = names(t.columns.map((c) => c.name));
  const pkIndexes = t.primaryKey.map((name) => t.columns.findIndex((c) => c.name === name));
  let after: unknown[] | null = null;
  for (;;) {
    const where = after
      ? sql`where (${pkOrder(t)}) > (${sql.join(
          after.map((v) => sql`${v}`),
          sql`, `,
        )})`
      : sql``;
    const res: pg.QueryArrayResult<unknown[]> = await pgRows(
      client,
      sql`select ${cols} from ${sql.identifier(t.name)} ${where} order by ${pkOrder(t)} limit ${pageRows}`,
    );
    for (const row of res.rows) hash.update(`${JSON.stringify(row.map(normalized))}\n`);
    rows += res.rows.length;
    if (res.rows.length < pageRows) break;
    const last = res.rows[res.rows.length - 1];
    after = pkIndexes.map((i) => last[i]);
  }
  return { rows, checksum: hash.digest('hex') };
}

/** Compares every table of the SQLite file with the PostgreSQL database: counts and checksums. */
export async function compareDatabases(
  sqlite: Database.Database,
  client: pg.PoolClient,
): Promise<TableCheck[]> {
  const checks: TableCheck[] = [];
  for (const t of foreignKeyOrder(sqliteShape(sqlite))) {
    const a = sqliteTableSum(sqlite, t);
    const b = await postgresTableSum(client, t);
    checks.push({
      table: t.name,
      sqliteRows: a.rows,
      postgresRows: b.rows,
      sqliteChecksum: a.checksum,
      postgresChecksum: b.checksum,
      ok: a.rows === b.rows && a.checksum === b.checksum,
    });
  }
  return checks;
}

/** The checks as a text table for the terminal. */
export function formatChecks(checks: TableCheck[]): string {
  const head = ['table', 'sqlite rows', 'postgres rows', 'sqlite checksum', 'postgres checksum', ''];
  const body = checks.map((c) => [
    c.table,
    String(c.sqliteRows),
    String(c.postgresRows),
    c.sqliteChecksum.slice(0, 16),
    c.postgresChecksum.slice(0, 16),
    c.ok ? 'ok' : 'MISMATCH',
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...body.map((r) => r[i].length)));
  const line = (r: string[]) =>
    r
      .map((cell, i) => (i === 1 || i === 2 ? cell.padStart(widths[i]) : cell.padEnd(widths[i])))
      .join('  ')
      .trimEnd();
  return [line(head), line(widths.map((w) => '-'.repeat(w))), ...body.map(line)].join('\n');
}

async function tablesWithRows(client: pg.PoolClient, tables: TableShape[]): Promise<string[]> {
  const out: string[] = [];
  for (const t of tables) {
    const { rowCount } = await pgQuery(client, sql`select 1 from ${sql.identifier(t.name)} limit 1`);
    if (rowCount) out.push(t.name);
  }
  return out;
}

/**
 * Turns triggers off for this transaction. `session_replication_role = replica` needs a
 * superuser (or SET privilege on it); the owner of the tables can instead disable their user
 * triggers, which ALTER TABLE does inside the transaction (foreign keys stay checked then).
 * Answers how to turn them back on.
 */
async function triggersOff(
  client: pg.PoolClient,
  tables: TableShape[],
  log: (line: string) => void,
): Promise<() => Promise<void>> {
  await client.query('savepoint triggers_off');
  try {
    await client.query('set local session_replication_role = replica');
    await client.query('release savepoint triggers_off');
    log('triggers off for the copy: session_replication_role = replica');
    return async () => {};
  } catch {
    await client.query('rollback to savepoint triggers_off');
  }
  const withTriggers = tables.filter((t) => t.triggers.length > 0);
  for (const t of withTriggers)
    await pgQuery(client, sql`alter table ${sql.identifier(t.name)} disable trigger user`);
  log(
    `triggers off for the copy: disable trigger user on ${withTriggers.map((t) => t.name).join(', ')} (not a superuser)`,
  );
  return async () => {
    for (const t of withTriggers)
      await pgQuery(client, sql`alter table ${sql.identifier(t.name)} enable trigger user`);
  };
}

/** Copies the SQLite file into PostgreSQL (see the top of this file); answers the checks. */
export async function copyToPostgres(options: CopyOptions): Promise<TableCheck[]> {
  const log = options.log ?? (() => {});
  const sqlite = openSource(options.sqlitePath);
  const pool = openTarget(options.postgresUrl);
  try {
    await migratePostgres(pool);
    const tables = foreignKeyOrder(sqliteShape(sqlite));
    const client = await pool.connect();
    try {
      await client.query('begin');
      // One snapshot of the source for the whole copy and its check.
      sqlite.exec('begin');
      try {
        const filled = await tablesWithRows(client, tables);
        if (filled.length && !options.force)
          throw new CopyRefused(
            `the target database already has rows (${filled.join(', ')}); copy into an empty database, or pass --force to delete them first`,
          );
        if (filled.length) {
          log(`--force: emptying ${filled.length} table(s) of the target`);
          await pgQuery(client, sql`truncate ${names(tables.map((t) => t.name))} restart identity cascade`);
        }
        const triggersOn = await triggersOff(client, tables, log);
        for (const t of tables) {
          const copied = await copyTable(sqlite, client, t, options.batchRows ?? 1000);
          log(`copied ${t.name}: ${copied} row(s)`);
        }
        await advanceSequences(sqlite, client, tables);
        await triggersOn();
        const checks = await compareDatabases(sqlite, client);
        if (checks.some((c) => !c.ok)) throw new CopyMismatch(checks);
        await client.query('commit');
        return checks;
      } catch (err) {
        await client.query('rollback').catch(() => {});
        throw err;
      } finally {
        if (sqlite.inTransaction) sqlite.exec('commit');
      }
    } finally {
      client.release();
    }
  } finally {
    await endPool(pool);
    sqlite.close();
  }
}

async function copyTable(
  sqlite: Database.Database,
  client: pg.PoolClient,
  t: TableShape,
  batchRows: number,
): Promise<number> {
  const cols = names(t.columns.map((c) => c.name));
  const rowsPerInsert = Math.max(1, Math.min(batchRows, Math.floor(60_000 / t.columns.length)));
  let batch: unknown[][] = [];
  let copied = 0;
  const flush = async () => {
    if (!batch.length) return;
    const tuples = batch.map(
      (row) =>
        sql`(${sql.join(
          row.map((v, i) => sql`${toPostgres(v, t.columns[i])}`),
          sql`, `,
        )})`,
    );
    await pgQuery(
      client,
      sql`insert into ${sql.identifier(t.name)} (${cols}) values ${sql.join(tuples, sql`, `)}`,
    );
    copied += batch.length;
    batch = [];
  };
  for (const row of sqliteRows(sqlite, t)) {
    batch.push(row);
    if (batch.length >= rowsPerInsert) await flush();
  }
  await flush();
  return copied;
}

/**
 * Each id sequence continues after the highest id the source ever gave out: the copied ids and
 * SQLite's own counter (AUTOINCREMENT never reuses the id of a deleted row).
 */
async function advanceSequences(sqlite: Database.Database, client: pg.PoolClient, tables: TableShape[]) {
  const hasCounter = sqlite.prepare("select 1 from sqlite_master where name = 'sqlite_sequence'").get();
  for (const t of tables.filter((x) => x.autoincrement)) {
    const max = sqliteStatement(sqlite, sql`select coalesce(max(id), 0) as n from ${sql.identifier(t.name)}`);
    const maxId = Number((max.stmt.get(...max.params) as { n: number }).n);
    const counter = hasCounter
      ? Number(
          (
            sqlite.prepare('select seq from sqlite_sequence where name = ?').get(t.name) as
              | { seq: number }
              | undefined
          )?.seq ?? 0,
        )
      : 0;
    const last = Math.max(maxId, counter);
    // pg_get_serial_sequence takes the table's name as SQL would write it (quoted): a value here.
    const quoted = pgDialect.escapeName(t.name);
    await pgQuery(
      client,
      sql`select setval(pg_get_serial_sequence(${quoted}, 'id'), ${Math.max(last, 1)}, ${last > 0})`,
    );
  }
}

/** Compares without copying (npm run db:copy -- --verify). */
export async function verifyCopy(sqlitePath: string, postgresUrl: string): Promise<TableCheck[]> {
  const sqlite = openSource(sqlitePath);
  const pool = openTarget(postgresUrl);
  try {
    const client = await pool.connect();
    try {
      await client.query('begin isolation level repeatable read read only');
      sqlite.exec('begin');
      try {
        return await compareDatabases(sqlite, client);
      } finally {
        sqlite.exec('commit');
        await client.query('commit');
      }
    } finally {
      client.release();
    }
  } finally {
    await endPool(pool);
    sqlite.close();
  }
}
