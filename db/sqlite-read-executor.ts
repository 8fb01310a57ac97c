import { Worker } from 'node:worker_threads';
import type { Executor, QueryResult, RowShape } from './executor';

/**
 * Reads of the SQLite file on a worker thread (issue 25). better-sqlite3 runs a statement
 * synchronously: on the main thread a dashboard aggregate at a million logs holds the event loop
 * that also delivers the bot's messages for its whole duration. This executor sends the statement
 * (rendered by drizzle on the main thread, as for every query) to db/sqlite-read-worker.mjs, which
 * runs it on its own read-only connection; the main thread waits for the rows without blocking.
 * WAL lets that connection read the last committed state while the main connection writes.
 *
 * Reads only: a write or a transaction is refused. The worker starts with the first query; if it
 * stops (a crash, or terminate()), the queries in flight fail with an error saying so and the next
 * query starts a new one.
 */
export interface SqliteReadExecutor extends Executor {
  /** Stops the worker now (tests use it to see what a crash does); the next query starts another. */
  terminate(): Promise<void>;
}

interface Pending {
  resolve: (result: QueryResult) => void;
  reject: (err: Error) => void;
}

export function sqliteReadExecutor(path: string): SqliteReadExecutor {
  let worker: Worker | null = null;
  let closed = false;
  let nextId = 0;
  const pending = new Map<number, Pending>();

  const failAll = (err: Error) => {
    for (const p of pending.values()) p.reject(err);
    pending.clear();
  };

  function start(): Worker {
    const w = new Worker(new URL('./sqlite-read-worker.mjs', import.meta.url), { workerData: { path } });
    // Nothing waits on the worker itself: the process may exit while it is idle.
    w.unref();
    w.on('message', (m: { id: number; rows?: unknown[]; error?: { message: string; code?: string } }) => {
      const p = pending.get(m.id);
      if (!p) return;
      pending.delete(m.id);
      if (m.error) {
        const err = new Error(`SQLite read on the worker thread failed: ${m.error.message}`);
        if (m.error.code) (err as Error & { code?: string }).code = m.error.code;
        p.reject(err);
      } else p.resolve({ rows: m.rows ?? [], changes: 0 });
    });
    w.on('error', (err) => {
      if (worker === w) worker = null;
      failAll(new Error(`the SQLite read worker stopped: ${err.message}`));
    });
    w.on('exit', (code) => {
      if (worker === w) worker = null;
      failAll(new Error(`the SQLite read worker stopped (exit code ${code})`));
    });
    return w;
  }

  return {
    dialect: 'sqlite',
    query(text: string, params: readonly unknown[], shape: RowShape): Promise<QueryResult> {
      if (closed) return Promise.reject(new Error('the SQLite read worker is closed'));
      worker ??= start();
      const w = worker;
      const id = nextId++;
      return new Promise<QueryResult>((resolve, reject) => {
        pending.set(id, { resolve, reject });
        // A pending query keeps the process alive until it is answered.
        if (pending.size === 1) w.ref();
        w.postMessage({ id, text, params, shape });
      }).finally(() => {
        if (pending.size === 0) w.unref();
      });
    },
    async transaction() {
      throw new Error('the SQLite read worker runs reads only, never a transaction');
    },
    async terminate() {
      const w = worker;
      worker = null;
      if (w) await w.terminate();
    },
    async close() {
      closed = true;
      await this.terminate();
    },
  };
}
