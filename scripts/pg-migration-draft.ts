/**
 * After a change to db/schema.ts and `npm run db:generate -- --name what` (the SQLite migration):
 *   npm run db:generate-pg -- --name what
 * writes migrations-pg/NNNN_what.sql, the PostgreSQL statements that give the PostgreSQL schema
 * the same shape (db/postgres/draft.ts). Read it before committing: what it cannot decide is a
 * `-- TODO` comment. Then: npx vitest run test/db/schema-parity.test.ts.
 * Uses a throwaway PostgreSQL cluster (as the tests do), or TEST_DATABASE_URL's server.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import Database from 'better-sqlite3';
import { drizzle } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import pg from 'pg';
import { draftMigration } from '../db/postgres/draft';
import { endPool } from '../db/postgres/end-pool';
import { migratePostgres, PG_MIGRATIONS_FOLDER, pgMigrations } from '../db/postgres/migrate';
import { postgresShape, sqliteShape } from '../db/postgres/shape';
import {
  ident,
  startTestCluster,
  type TestCluster,
  withAdmin,
  withDatabase,
} from '../test/helpers/postgres-cluster';

async function main(): Promise<number> {
  const { values } = parseArgs({ options: { name: { type: 'string' } } });
  const name = (values.name ?? '').trim();
  if (!/^[a-z0-9_-]+$/i.test(name)) {
    console.error('usage: npm run db:generate-pg -- --name what (letters, digits, _ and -)');
    return 2;
  }
  const dir = mkdtempSync(join(tmpdir(), 'pg-draft-'));
  let cluster: TestCluster | null = null;
  try {
    const sqlite = new Database(join(dir, 'app.db'));
    migrate(drizzle(sqlite), { migrationsFolder: resolve('migrations') });
    const wanted = sqliteShape(sqlite);
    sqlite.close();

    let adminUrl = process.env.TEST_DATABASE_URL;
    if (!adminUrl) {
      cluster = await startTestCluster();
      adminUrl = cluster.adminUrl;
    }
    const database = `polyglot_draft_${process.pid}`;
    await withAdmin(adminUrl, (c) => c.query(`create database ${ident(database)} template template0`));
    const pool = new pg.Pool({ connectionString: withDatabase(adminUrl, database), max: 1 });
    let sql: string;
    try {
      await migratePostgres(pool);
      sql = draftMigration(wanted, await postgresShape(pool));
    } finally {
      await endPool(pool);
      await withAdmin(adminUrl, (c) => c.query(`drop database if exists ${ident(database)} with (force)`));
    }
    if (!sql) {
      console.log(
        'migrations-pg/ already gives PostgreSQL the shape of the SQLite migrations: nothing to write',
      );
      return 0;
    }
    const last = pgMigrations().at(-1)?.name ?? '-1';
    const number = String(Number(last.slice(0, 4)) + 1).padStart(4, '0');
    const file = join(PG_MIGRATIONS_FOLDER, `${number}_${name}.sql`);
    writeFileSync(file, `-- Drafted by npm run db:generate-pg; read before committing.\n\n${sql}`);
    console.log(`wrote ${file}:\n\n${sql}`);
    if (sql.includes('-- TODO')) console.log('It has TODO lines: write those statements by hand.');
    return 0;
  } finally {
    await cluster?.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

process.exitCode = await main();
