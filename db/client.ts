import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { createTableRelationsHelpers, extractTablesRelationalConfig, type SQL, sql } from 'drizzle-orm';
import { drizzle as drizzleSqlite } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import { SQLiteAsyncDialect } from 'drizzle-orm/sqlite-core';
import { SQLiteRemoteSession, SqliteRemoteDatabase } from 'drizzle-orm/sqlite-proxy';
import type { Executor } from './executor';
import { PostgresParamsDialect } from './postgres/dialect';
import { migratePostgres } from './postgres/migrate';
import * as schema from './schema';
import { sqliteExecutor } from './sqlite-executor';
import { sqliteReadExecutor } from './sqlite-read-executor';

/**
 * The database the whole product uses: drizzle's SQLite query builder over db/schema.ts, run by
 * an executor on the embedded SQLite file or on PostgreSQL (`DATABASE_URL=postgres://...`). Every
 * query is awaited; the same query code serves both engines. drizzle renders every statement for
 * its engine (`?` parameters on SQLite, `$n` on PostgreSQL: db/postgres/dialect.ts); hand-written
 * SQL is written with drizzle's `sql` template only, so no SQL text is built from strings or
 * rewritten afterwards.
 */
export type Db = SqliteRemoteDatabase<typeof schema> & {
  /** The engine's executor (its dialect, LISTEN/NOTIFY); queries go through drizzle or raw*. */
  $exec: Executor;
  /** The statement text and parameters of a `sql` template for this engine. */
  $render(query: SQL): { sql: string; params: unknown[] };
  /** One transaction; `tx` is this same handle (queries inside it are routed to it). */
  $transaction<T>(fn: (tx: Db) => Promise<T>): Promise<T>;
  /** The SQLite connection on the embedded engine, null on PostgreSQL. For bulk seeding only. */
  $sqlite: Database.Database | null;
  /**
   * Calls `fn` with the text of every statement this handle runs from now on, until the answered
   * function is called (tests count reads with it; nothing in production listens).
   */
  $onStatement(fn: (text: string) => void): () => void;
  $close(): Promise<void>;
};

const migrationsFolder = resolve(dirname(fileURLToPath(import.meta.url)), '../migrations');

export function isPostgresUrl(location: string): boolean {
  return /^postgres(ql)?:\/\//i.test(location);
}

const relational = extractTablesRelationalConfig(schema, createTableRelationsHelpers);

function handle(exec: Executor, sqlite: Database.Database | null): Db {
  // drizzle's sqlite-proxy driver, built here with the dialect of the engine.
  const dialect = exec.dialect === 'postgres' ? new PostgresParamsDialect() : new SQLiteAsyncDialect();
  const listeners = new Set<(text: string) => void>();
  const session = new SQLiteRemoteSession(
    async (text: string, params: unknown[], method: string) => {
      for (const listener of listeners) listener(text);
      const result = await exec.query(text, params, 'arrays');
      if (method === 'get') return { rows: result.rows[0] as unknown[] };
      return result;
    },
    dialect,
    { fullSchema: schema, schema: relational.tables, tableNamesMap: relational.tableNamesMap },
    undefined,
  );
  const db = new SqliteRemoteDatabase('async', dialect, session, {
    fullSchema: schema,
    schema: relational.tables,
    tableNamesMap: relational.tableNamesMap,
  }) as unknown as Db;
  db.$exec = exec;
  db.$render = (query) => dialect.sqlToQuery(query);
  db.$sqlite = sqlite;
  db.$onStatement = (fn) => {
    listeners.add(fn);
    return () => listeners.delete(fn);
  };
  db.$transaction = async (fn) => await exec.transaction(async () => await fn(db));
  db.$close = async () => {
    await readers.get(db)?.$close();
    await exec.close();
  };
  // drizzle's own transaction cannot follow the async flow that opened it; one way only.
  (db as unknown as { transaction: unknown }).transaction = () => {
    throw new Error('use db.$transaction');
  };
  return db;
}

/** The off-thread read handle of each SQLite handle (offloadedReads), closed with it. */
const readers = new WeakMap<Db, Db>();

/**
 * A handle for the heavy reads (the dashboard's stats and analytics aggregates) that must not hold
 * the event loop the bot delivers on. On a SQLite file: the same queries, run on a read-only
 * connection in a worker thread (db/sqlite-read-executor.ts); it sees what was committed, never a
 * transaction in progress, and refuses writes. On PostgreSQL (queries already wait on the pool
 * without blocking) and on an in-memory SQLite database (no second connection can see it): `db`
 * itself.
 */
export function offloadedReads(db: Db): Db {
  if (!db.$sqlite || db.$sqlite.memory) return db;
  let reader = readers.get(db);
  if (!reader) {
    reader = handle(sqliteReadExecutor(db.$sqlite.name), null);
    readers.set(db, reader);
  }
  return reader;
}

/** Opens the database at a SQLite path (created if needed) or a postgres:// URL, migrated. */
export async function openDb(location: string): Promise<Db> {
  if (isPostgresUrl(location)) {
    // pg loads only for a postgres:// URL: a SQLite installation never holds it (issue 25).
    const { postgresExecutor } = await import('./postgres-executor');
    const exec = postgresExecutor(location);
    try {
      await migratePostgres(exec.pool);
    } catch (err) {
      await exec.close();
      throw err;
    }
    return handle(exec, null);
  }
  if (location !== ':memory:') mkdirSync(dirname(resolve(location)), { recursive: true });
  const sqlite = new Database(location);
  // Processes opening a new file at once: switching it to WAL can answer SQLITE_BUSY at once,
  // without waiting on busy_timeout; the switch is tried again shortly.
  for (let attempt = 1; ; attempt++) {
    try {
      sqlite.pragma('journal_mode = WAL');
      break;
    } catch (err) {
      if ((err as { code?: string }).code !== 'SQLITE_BUSY' || attempt >= 100) throw err;
      await new Promise((r) => setTimeout(r, 20 + Math.random() * 30));
    }
  }
  // In WAL mode NORMAL never corrupts the file; a power cut can lose only the last commits.
  // It makes a commit ~0.02 ms instead of ~6 ms with FULL (measured here), which the bot's
  // mirror path and the translation logs feel on every message.
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  // Several processes starting at once on a new file (npm run start:web and start:bot): the one
  // that loses the race to migrate sees the others' tables; once they committed, it finds every
  // migration applied.
  for (let attempt = 1; ; attempt++) {
    try {
      migrate(drizzleSqlite(sqlite), { migrationsFolder });
      break;
    } catch (err) {
      if (attempt >= 5) throw err;
      await new Promise((r) => setTimeout(r, 200 * attempt));
    }
  }
  return handle(sqliteExecutor(sqlite), sqlite);
}

/**
 * Inside db.$transaction: holds the lock named `key` until the transaction ends, so the
 * check-then-write of two concurrent requests runs one after the other. On PostgreSQL an advisory
 * lock; on SQLite a transaction already excludes every other writer.
 */
export async function lockFor(db: Db, key: string): Promise<void> {
  if (db.$exec.dialect === 'postgres') await rawRun(db, sql`select pg_advisory_xact_lock(hashtext(${key}))`);
}

/**
 * Rows of hand-written SQL (drizzle's `sql` template: values are parameters, names
 * `sql.identifier`) as objects keyed by column name.
 */
export async function rawAll<T>(db: Db, query: SQL): Promise<T[]> {
  const { sql: text, params } = db.$render(query);
  return (await db.$exec.query(text, params, 'objects')).rows as T[];
}

export async function rawGet<T>(db: Db, query: SQL): Promise<T | undefined> {
  return (await rawAll<T>(db, query))[0];
}

/** Runs an insert, update or delete; answers how many rows it changed. */
export async function rawRun(db: Db, query: SQL): Promise<number> {
  const { sql: text, params } = db.$render(query);
  return (await db.$exec.query(text, params, 'objects')).changes;
}

declare module 'drizzle-orm/sqlite-proxy' {
  /** A builder's `.run()` answers how many rows it changed, on either engine. */
  interface SqliteRemoteResult {
    changes: number;
  }
}
