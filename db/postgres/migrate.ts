import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type pg from 'pg';

/** The committed PostgreSQL migrations: migrations-pg/NNNN_name.sql, applied in name order. */
export const PG_MIGRATIONS_FOLDER = resolve(dirname(fileURLToPath(import.meta.url)), '../../migrations-pg');

/** Where applied migrations are recorded (not part of the app's schema). */
export const PG_MIGRATIONS_TABLE = 'polyglot_migrations';

/** Any fixed 64-bit number: every process migrating the same database takes this advisory lock. */
const LOCK_KEY = 7_202_611_017;

export interface PgMigration {
  name: string;
  sql: string;
  hash: string;
}

export function pgMigrations(folder = PG_MIGRATIONS_FOLDER): PgMigration[] {
  return readdirSync(folder)
    .filter((f) => /^\d{4}_.+\.sql$/.test(f))
    .sort()
    .map((file) => {
      const sql = readFileSync(join(folder, file), 'utf8');
      return { name: file.replace(/\.sql$/, ''), sql, hash: createHash('sha256').update(sql).digest('hex') };
    });
}

/**
 * Applies the pending migrations of migrations-pg/ in order, each in its own transaction, and
 * records them. Several processes starting at once (start:web and start:bot) wait for each other
 * on an advisory lock: the first applies, the others then find nothing pending. A recorded
 * migration whose file changed since is an error (a committed migration is never edited; add one).
 */
export async function migratePostgres(pool: pg.Pool, folder = PG_MIGRATIONS_FOLDER): Promise<void> {
  const migrations = pgMigrations(folder);
  const client = await pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [LOCK_KEY]);
    try {
      await client.query(
        `create table if not exists ${PG_MIGRATIONS_TABLE} (
           name text primary key, hash text not null, applied_at bigint not null)`,
      );
      const { rows } = await client.query<{ name: string; hash: string }>(
        `select name, hash from ${PG_MIGRATIONS_TABLE}`,
      );
      const applied = new Map(rows.map((r) => [r.name, r.hash]));
      for (const m of migrations) {
        const hash = applied.get(m.name);
        if (hash !== undefined) {
          if (hash !== m.hash)
            throw new Error(
              `PostgreSQL migration ${m.name} was applied, but its file has changed since; committed migrations must not be edited`,
            );
          continue;
        }
        await client.query('begin');
        try {
          await client.query(m.sql);
          await client.query(
            `insert into ${PG_MIGRATIONS_TABLE} (name, hash, applied_at) values ($1, $2, $3)`,
            [m.name, m.hash, Date.now()],
          );
          await client.query('commit');
        } catch (err) {
          await client.query('rollback');
          throw new Error(`PostgreSQL migration ${m.name} failed: ${(err as Error).message}`, { cause: err });
        }
      }
    } finally {
      await client.query('select pg_advisory_unlock($1)', [LOCK_KEY]);
    }
  } finally {
    client.release();
  }
}
