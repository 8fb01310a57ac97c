/**
 * The database a `npm run bench:scale` run uses, and the one question the bench asks it directly:
 * how many of this run's servers have a row yet (the bot's guild sync done). Everything else goes
 * through the product's processes and their HTTP API, so the same bench runs on either engine.
 *
 *   BENCH_DATABASE_URL unset        a new SQLite file in a temporary directory (DATABASE_PATH)
 *   BENCH_DATABASE_URL=sqlite:<path>  that SQLite file
 *   BENCH_DATABASE_URL=postgres://... that PostgreSQL database (DATABASE_URL for the processes);
 *                                    rows of earlier runs may stay: this run's servers carry a tag
 */

import { join } from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import { openDb } from '../db/client';
import { loadEnv } from '../src/server/core/env';

export interface BenchDatabase {
  kind: 'sqlite' | 'postgres';
  /** What to print: the file, or the URL without its password. */
  label: string;
  /** The environment the product processes get for it. */
  env: Record<string, string>;
}

export function benchDatabase(
  dir: string,
  name: string,
  url = process.env.BENCH_DATABASE_URL,
): BenchDatabase {
  if (url && /^postgres(ql)?:\/\//.test(url)) {
    return {
      kind: 'postgres',
      label: url.replace(/\/\/([^:/@]+):[^@]*@/, '//$1:***@'),
      env: { DATABASE_URL: url },
    };
  }
  const path = url ? url.replace(/^sqlite:/, '') : join(dir, `${name}.db`);
  return { kind: 'sqlite', label: `SQLite ${path}${url ? '' : ' (new file)'}`, env: { DATABASE_PATH: path } };
}

/**
 * Refuses a PostgreSQL URL this version of the product cannot use (no DATABASE_URL in its
 * environment, or no `pg` driver), before any process starts: they would fall back to the default
 * SQLite file. Migrates the database first (as the processes would), so it can be counted at once.
 */
export async function checkDatabase(db: BenchDatabase): Promise<void> {
  if (db.kind !== 'postgres') return;
  if (!('DATABASE_URL' in loadEnv(db.env)))
    throw new Error(
      'BENCH_DATABASE_URL is a PostgreSQL URL, but this version of the product reads no DATABASE_URL; unset it to run B on a shared SQLite file',
    );
  await (await openDb(db.env.DATABASE_URL as string)).$close();
  const counter = await guildCounter(db, 'check');
  await counter.count();
  await counter.close();
}

export interface GuildCounter {
  /** Rows of servers named `Scale <tag> ...`. */
  count(): Promise<number>;
  close(): Promise<void>;
}

export async function guildCounter(db: BenchDatabase, tag: string): Promise<GuildCounter> {
  const pattern = `Scale ${tag} %`;
  if (db.kind === 'postgres') {
    const client = new pg.Client({ connectionString: db.env.DATABASE_URL });
    await client.connect();
    return {
      async count() {
        const r = await client.query('select count(*)::int as n from guilds where name like $1', [pattern]);
        return Number(r.rows[0]?.n ?? 0);
      },
      close: () => client.end(),
    };
  }
  let sqlite: Database.Database | null = null;
  return {
    async count() {
      // The product process creates and migrates the file; until then nothing is synced.
      try {
        sqlite ??= new Database(db.env.DATABASE_PATH, { readonly: true, fileMustExist: true });
        const row = sqlite.prepare('select count(*) as n from guilds where name like ?').get(pattern) as {
          n: number;
        };
        return row.n;
      } catch {
        sqlite?.close();
        sqlite = null;
        return 0;
      }
    },
    async close() {
      sqlite?.close();
    },
  };
}
