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

/**
 * drizzle's SQLite dialect names conflict targets with their table ("t"."col"); PostgreSQL takes
 * bare column names there.
 */
function bareConflictTargets(text: string): string {
  return text.replace(
    /on conflict \(([^)]*)\)/g,
    (_, cols: string) => `on conflict (${cols.replace(/"[^"]+"\."([^"]+)"/g, '"$1"')})`,
  );
}

/** Named parameters (`@name`, as better-sqlite3 takes them) to `$1..$n` and their values in order. */
export function namedToPositional(
  text: string,
  named: Record<string, unknown>,
): { text: string; values: unknown[] } {
  const order: string[] = [];
  let out = '';
  let quote: string | null = null;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i] as string;
    if (quote) {
      if (ch === quote) quote = null;
    } else if (ch === "'" || ch === '"') {
      quote = ch;
    } else if (ch === '@') {
      const name = /^\w+/.exec(text.slice(i + 1))?.[0];
      if (name) {
        if (!(name in named)) throw new Error(`no value for the parameter @${name}`);
        let n = order.indexOf(name) + 1;
        if (n === 0) n = order.push(name);
        out += `$${n}`;
        i += name.length;
        continue;
      }
    }
    out += ch;
  }
  return { text: out, values: order.map((name) => named[name]) };
}

function isNamed(params: readonly unknown[]): params is [Record<string, unknown>] {
  const [first] = params;
  return (
    params.length === 1 &&
    typeof first === 'object' &&
    first !== null &&
    Object.getPrototypeOf(first) === Object.prototype
  );
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
  const listeners = new Set<pg.Client>();
  const texts = new Map<string, string>();

  function translated(text: string): string {
    let out = texts.get(text);
    if (out === undefined) {
      out = toPostgresPlaceholders(bareConflictTargets(text));
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
      const query = isNamed(params)
        ? namedToPositional(bareConflictTargets(text), params[0])
        : { text: translated(text), values: params };
      const result = await client
        .query({
          text: query.text,
          values: query.values.map(toPostgresValue),
          ...(shape === 'arrays' ? { rowMode: 'array' as const } : {}),
        })
        .catch((err: Error) => {
          // Which statement failed (its text only, never the values).
          err.message = `${err.message} (in: ${query.text.replace(/\s+/g, ' ').slice(0, 300)})`;
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
      await this.query('select pg_notify(?, ?)', [channel, ''], 'arrays');
    },
    async close() {
      await Promise.all([...listeners].map((c) => c.end().catch(() => {})));
      listeners.clear();
      await endPool(pool);
    },
  };
}
