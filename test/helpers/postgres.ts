import pg from 'pg';
import { inject } from 'vitest';
import { endPool } from '../../db/postgres/end-pool';
import { databaseOf, ident, whileInUse, withAdmin, withDatabase } from './postgres-cluster';
import { readPlan, resetDatabase, type TemplatePlan } from './postgres-reuse';

/**
 * PostgreSQL for tests. test/helpers/global-postgres.ts (vitest globalSetup) uses
 * TEST_DATABASE_URL when set, else starts a throwaway cluster (postgres-cluster.ts) when a
 * selected test file imports this module, and migrates a template database once. A test file then
 * takes a fresh, migrated database of its own with createTestDatabase(): a copy of the template, or
 * one a file before it in this worker gave back and that was reset to the template's state.
 */

declare module 'vitest' {
  export interface ProvidedContext {
    /** The server and template database for createTestDatabase; null when not started. */
    postgres: { adminUrl: string; template: string; run: string } | null;
  }
}

let counter = 0;

function provided(): { adminUrl: string; template: string; run: string } {
  const pgInfo = inject('postgres');
  if (!pgInfo)
    throw new Error(
      'the PostgreSQL test server was not started: test/helpers/global-postgres.ts starts it for test files that import test/helpers/postgres.ts (or set TEST_POSTGRES=1)',
    );
  return pgInfo;
}

/** Copies of the migrated template this worker's files gave back, reset (postgres-reuse.ts). */
const spare: string[] = [];
/** The copies of the template handed out and not given back. */
const fromTemplate = new Set<string>();
/** How to reset a copy, read from this worker's first one; null: no reuse (see readPlan). */
let plan: Promise<TemplatePlan | null> | null = null;

/** A database name of this run (global-postgres.ts drops them by it), this worker, and no other. */
function newName(): string {
  const rand = Math.random().toString(36).slice(2, 8);
  return `polyglot_test_${provided().run}_${process.pid}_${++counter}_${rand}`;
}

/**
 * A fresh, migrated database of its own (a copy of the template, or a spare one reset to the
 * template's state); returns its URL. `{ migrated: false }` gives an empty one (for migration
 * tests), always a new copy of template0.
 */
export async function createTestDatabase(options: { migrated?: boolean } = {}): Promise<string> {
  const { adminUrl, template: migratedTemplate } = provided();
  const migrated = options.migrated !== false;
  const reused = migrated ? spare.pop() : undefined;
  if (reused) {
    fromTemplate.add(reused);
    return withDatabase(adminUrl, reused);
  }
  const template = migrated ? migratedTemplate : 'template0';
  const name = newName();
  // In use: another test is creating from the same template at this moment.
  await withAdmin(adminUrl, (admin) =>
    whileInUse(
      20,
      (attempt) => 50 * attempt,
      () => admin.query(`create database ${ident(name)} template ${ident(template)}`),
    ),
  );
  const url = withDatabase(adminUrl, name);
  if (migrated) {
    // Read before the copy is handed out: it is the template's state only until the test writes.
    if (!plan) {
      plan = readPlan(url).catch(() => null);
      await plan;
    }
    fromTemplate.add(name);
  }
  return url;
}

/**
 * Gives back a database made by createTestDatabase (its open connections are ended): a copy of
 * the migrated template is reset and kept for the next file of this worker; any other is dropped.
 * What a worker keeps when it ends goes with the throwaway cluster, or on TEST_DATABASE_URL's
 * server with the run's teardown (test/helpers/global-postgres.ts).
 */
export async function dropTestDatabase(url: string): Promise<void> {
  const { adminUrl } = provided();
  let name = databaseOf(url);
  const reusable = fromTemplate.delete(name) ? await plan : null;
  if (reusable) {
    const renamed = newName();
    const { reset, current } = await resetDatabase(adminUrl, name, renamed, reusable);
    if (reset) {
      spare.push(renamed);
      return;
    }
    name = current;
  }
  await withAdmin(adminUrl, (admin) => admin.query(`drop database if exists ${ident(name)} with (force)`));
}

/** A fresh database of its own (see createTestDatabase) with a `pg` pool on it. */
export interface PooledTestDatabase {
  url: string;
  pool: pg.Pool;
  /** Ends the pool (every connection closed) and gives the database back (dropTestDatabase). */
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
