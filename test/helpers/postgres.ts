import pg from 'pg';
import { inject } from 'vitest';
import { endPool } from '../../db/postgres/end-pool';
import { databaseOf, ident, withAdmin, withDatabase } from './postgres-cluster';

/**
 * PostgreSQL for tests. test/helpers/global-postgres.ts (vitest globalSetup) uses
 * TEST_DATABASE_URL when set, else starts a throwaway cluster (postgres-cluster.ts) when a
 * selected test file imports this module, and migrates a template database once. A test file then
 * takes a fresh, migrated database of its own with createTestDatabase() (a copy of the template).
 */

declare module 'vitest' {
  export interface ProvidedContext {
    /** The server and template database for createTestDatabase; null when not started. */
    postgres: { adminUrl: string; template: string } | null;
  }
}

let counter = 0;

function provided(): { adminUrl: string; template: string } {
  const pgInfo = inject('postgres');
  if (!pgInfo)
    throw new Error(
      'the PostgreSQL test server was not started: test/helpers/global-postgres.ts starts it for test files that import test/helpers/postgres.ts (or set TEST_POSTGRES=1)',
    );
  return pgInfo;
}

/**
 * A fresh, migrated database of its own (a copy of the template); returns its URL.
 * `{ migrated: false }` gives an empty one (for migration tests).
 */
export async function createTestDatabase(options: { migrated?: boolean } = {}): Promise<string> {
  const { adminUrl, template: migratedTemplate } = provided();
  const template = options.migrated === false ? 'template0' : migratedTemplate;
  const name = `polyglot_test_${process.pid}_${++counter}_${Math.random().toString(36).slice(2, 8)}`;
  await withAdmin(adminUrl, async (admin) => {
    for (let attempt = 1; ; attempt++) {
      try {
        await admin.query(`create database ${ident(name)} template ${ident(template)}`);
        return;
      } catch (err) {
        // 55006: another test is creating from the same template at this moment.
        if ((err as { code?: string }).code !== '55006' || attempt >= 20) throw err;
        await new Promise((r) => setTimeout(r, 50 * attempt));
      }
    }
  });
  return withDatabase(adminUrl, name);
}

/** Drops a database made by createTestDatabase (its open connections are ended). */
export async function dropTestDatabase(url: string): Promise<void> {
  const { adminUrl } = provided();
  await withAdmin(adminUrl, (admin) =>
    admin.query(`drop database if exists ${ident(databaseOf(url))} with (force)`),
  );
}

/** A fresh database of its own (see createTestDatabase) with a `pg` pool on it. */
export interface PooledTestDatabase {
  url: string;
  pool: pg.Pool;
  /** Ends the pool (every connection closed) and drops the database. */
  close(): Promise<void>;
}

export async function pooledTestDatabase(
  options: { migrated?: boolean; max?: number } = {},
): Promise<PooledTestDatabase> {
  const url = await createTestDatabase(options);
  const pool = new pg.Pool({ connectionString: url, max: options.max ?? 1 });
  return {
    url,
    pool,
    async close() {
      await endPool(pool);
      await dropTestDatabase(url);
    },
  };
}
