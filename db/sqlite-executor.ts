import { AsyncLocalStorage } from 'node:async_hooks';
import type Database from 'better-sqlite3';
import type { Executor, QueryResult, RowShape } from './executor';

/** Prepared statements kept per SQL text; the query code renders a bounded set of shapes. */
const STATEMENT_CACHE = 500;
/**
 * Statements binding more values than this are prepared for one use, not kept: a multi-row
 * statement's text changes with its row count (the guild sync's, services/guild-sync.ts), and a
 * prepared statement of thousands of values holds megabytes (about 3 MB for 32,000).
 */
const CACHED_MAX_PARAMS = 200;

/**
 * better-sqlite3 behind the async executor. One connection: while a transaction is open, a query
 * from any other async flow waits for it to end, so the transaction sees only its own writes and
 * nothing of another flow lands inside it (as when every call was synchronous).
 */
export function sqliteExecutor(sqlite: Database.Database): Executor & { sqlite: Database.Database } {
  const statements = new Map<string, Database.Statement>();
  const inside = new AsyncLocalStorage<symbol>();
  let open: { token: symbol; ended: Promise<void> } | null = null;

  function statement(text: string, params: number): Database.Statement {
    if (params > CACHED_MAX_PARAMS) return sqlite.prepare(text);
    let stmt = statements.get(text);
    if (!stmt) {
      stmt = sqlite.prepare(text);
      if (statements.size >= STATEMENT_CACHE) statements.delete(statements.keys().next().value as string);
      statements.set(text, stmt);
    }
    return stmt;
  }

  // Another flow's transaction is open: wait for it to end. The check and what follows it run
  // with no await in between, so nothing can open a transaction after the check.
  const othersOpen = () => open !== null && inside.getStore() !== open.token;

  function run(text: string, params: readonly unknown[], shape: RowShape): QueryResult {
    const stmt = statement(text, params.length);
    if (stmt.reader) return { rows: stmt.raw(shape === 'arrays').all(...params), changes: 0 };
    return { rows: [], changes: stmt.run(...params).changes };
  }

  return {
    dialect: 'sqlite',
    sqlite,
    async query(text, params, shape) {
      while (othersOpen()) await open?.ended;
      return run(text, params, shape);
    },
    async transaction<T>(fn: () => Promise<T>): Promise<T> {
      if (open && inside.getStore() === open.token) return fn();
      while (othersOpen()) await open?.ended;
      let end = () => {};
      const token = Symbol('transaction');
      open = { token, ended: new Promise<void>((resolve) => (end = resolve)) };
      try {
        // IMMEDIATE takes the write lock up front: with several processes on one file, two
        // transactions never both read and then fail to upgrade.
        sqlite.exec('begin immediate');
        try {
          const result = await inside.run(token, fn);
          sqlite.exec('commit');
          return result;
        } catch (err) {
          if (sqlite.inTransaction) sqlite.exec('rollback');
          throw err;
        }
      } finally {
        open = null;
        end();
      }
    },
    async close() {
      sqlite.close();
    },
  };
}
