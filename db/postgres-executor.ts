import { AsyncLocalStorage } from 'node:async_hooks';
import pg from 'pg';
import type { Executor } from './executor';

const INT8 = 20;
const NUMERIC = 1700;

/**
 * Counts, sums and ids come back as numbers, as SQLite gives them (int8 and numeric are strings
 * in pg by default). Values stored here (ms timestamps, counters) stay far below 2^53.
 */
const types = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    if (oid === INT8 || oid === NUMERIC) return (value: string) => Number(value);
    return pg.types.getTypeParser(oid, format);
  },
} as pg.CustomTypesConfig;

/** `?` placeholders (drizzle's SQLite dialect) to `$1..$n`, leaving quoted text alone. */
export function toPostgresPlaceholders(text: string): string {
  let out = '';
  let n = 0;
  let quote: string | null = null;
  for (const ch of text) {
    if (quote) {
      if (ch === quote) quote = null;
    } else if (ch === "'" || ch === '"') {
      quote = ch;
    } else if (ch === '?') {
      out += `$${++n}`;
      continue;
    }
    out += ch;
  }
  return out;
}

function toPostgresValue(value: unknown): unknown {
  return typeof value === 'boolean' ? (value ? 1 : 0) : value;
}

/** PostgreSQL through a pool of `pg` connections; a transaction holds one connection. */
export function postgresExecutor(connectionString: string, max = 10): Executor & { pool: pg.Pool } {
  const pool = new pg.Pool({ connectionString, max, types });
  // An idle connection the server drops (restart, failover) must not crash the process.
  pool.on('error', (err) => console.error(`[db] idle PostgreSQL connection lost: ${err.message}`));
  const inside = new AsyncLocalStorage<pg.PoolClient>();
  const texts = new Map<string, string>();

  function translated(text: string): string {
    let out = texts.get(text);
    if (out === undefined) {
      out = toPostgresPlaceholders(text);
      if (texts.size >= 2000) texts.clear();
      texts.set(text, out);
    }
    return out;
  }

  return {
    dialect: 'postgres',
    pool,
    async query(text, params, shape) {
      const client = inside.getStore() ?? pool;
      const result = await client.query({
        text: translated(text),
        values: params.map(toPostgresValue),
        ...(shape === 'arrays' ? { rowMode: 'array' as const } : {}),
      });
      return { rows: result.rows, changes: result.rowCount ?? 0 };
    },
    async transaction<T>(fn: () => Promise<T>): Promise<T> {
      if (inside.getStore()) return fn();
      const client = await pool.connect();
      try {
        await client.query('begin');
        const result = await inside.run(client, fn);
        await client.query('commit');
        return result;
      } catch (err) {
        await client.query('rollback').catch(() => {});
        throw err;
      } finally {
        client.release();
      }
    },
    async close() {
      await pool.end();
    },
  };
}
