import { AsyncLocalStorage } from 'node:async_hooks';
import pg from 'pg';
import type { Executor } from './executor';
import { endPool } from './postgres/end-pool';

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

function toPostgresValue(value: unknown): unknown {
  return typeof value === 'boolean' ? (value ? 1 : 0) : value;
}

/**
 * PostgreSQL through a pool of `pg` connections; a transaction holds one connection. Statements
 * come rendered for PostgreSQL (`$n` parameters, db/postgres/dialect.ts): the text is sent as is.
 */
export function postgresExecutor(connectionString: string, max = 10): Executor & { pool: pg.Pool } {
  const pool = new pg.Pool({ connectionString, max, types });
  // An idle connection the server drops (restart, failover) must not crash the process.
  pool.on('error', (err) => console.error(`[db] idle PostgreSQL connection lost: ${err.message}`));
  const inside = new AsyncLocalStorage<pg.PoolClient>();
  const listeners = new Set<pg.Client>();
  return {
    dialect: 'postgres',
    pool,
    async query(text, params, shape) {
      const client = inside.getStore() ?? pool;
      const result = await client
        .query({
          text,
          values: params.map(toPostgresValue),
          ...(shape === 'arrays' ? { rowMode: 'array' as const } : {}),
        })
        .catch((err: Error) => {
          // Which statement failed (its text only, never the values).
          err.message = `${err.message} (in: ${text.replace(/\s+/g, ' ').slice(0, 300)})`;
          throw err;
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
    async listen(channel, onNotice) {
      if (!/^\w+$/.test(channel)) throw new Error(`not a channel name: ${channel}`);
      // A connection of its own: a pooled one goes back to the pool and stops listening.
      const client = new pg.Client({ connectionString, types });
      client.on('error', (err) =>
        console.error(`[db] the LISTEN ${channel} connection was lost (${err.message}); polling only`),
      );
      client.on('notification', (msg) => {
        if (msg.channel === channel) onNotice();
      });
      await client.connect();
      await client.query(`listen ${channel}`);
      listeners.add(client);
      return async () => {
        listeners.delete(client);
        await client.end().catch(() => {});
      };
    },
    async notify(channel) {
      await this.query('select pg_notify($1, $2)', [channel, ''], 'arrays');
    },
    async close() {
      await Promise.all([...listeners].map((c) => c.end().catch(() => {})));
      listeners.clear();
      await endPool(pool);
    },
  };
}
