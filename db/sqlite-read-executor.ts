import { Worker } from 'node:worker_threads';
import type { Executor, QueryResult, RowShape } from './executor';

/**
 * Reads of the SQLite file on a worker thread (issue 25). better-sqlite3 runs a statement
 * synchronously: on the main thread a dashboard aggregate at a million logs holds the event loop
 * that also delivers the bot's messages for its whole duration. This executor sends the statements
 * (rendered by drizzle on the main thread, as for every query) to db/sqlite-read-worker.mjs, those
 * of one turn of the loop in one message, and the worker runs them on its own read-only
 * connection and answers them in one message; the main thread waits for the rows without blocking.
 * WAL lets that connection read the last committed state while the main connection writes.
 *
 * Reads only: a write or a transaction is refused. The worker starts with the first query; if it
 * stops (a crash, or terminate()), the queries in flight fail with an error saying so and the next
 * query starts a new one.
 */
export interface SqliteReadExecutor extends Executor {
  /** Stops the worker now (tests use it to see what a crash does); the next query starts another. */
  terminate(): Promise<void>;
  /** Messages posted to the worker so far (one per turn of the loop that asked for reads). */
  exchanges(): number;
}

interface Pending {
  resolve: (result: QueryResult) => void;
  reject: (err: Error) => void;
}

interface Answer {
  id: number;
  rows?: unknown[];
  error?: { message: string; code?: string };
}

export function sqliteReadExecutor(path: string): SqliteReadExecutor {
  let worker: Worker | null = null;
  let closed = false;
  let nextId = 0;
  let posted = 0;
  const pending = new Map<number, Pending>();
  /** The statements asked for in this turn of the loop, posted together at its end (flush). */
  let batch: { id: number; text: string; params: readonly unknown[]; shape: RowShape }[] = [];

  const failAll = (err: Error) => {
    for (const p of pending.values()) p.reject(err);
    pending.clear();
  };

  function settle(m: Answer) {
    const p = pending.get(m.id);
    if (!p) return;
    pending.delete(m.id);
    if (m.error) {
      const err = new Error(`SQLite read on the worker thread failed: ${m.error.message}`);
      if (m.error.code) (err as Error & { code?: string }).code = m.error.code;
      p.reject(err);
    } else p.resolve({ rows: m.rows ?? [], changes: 0 });
  }

  function start(): Worker {
    const w = new Worker(new URL('./sqlite-read-worker.mjs', import.meta.url), { workerData: { path } });
    w.on('message', (answers: Answer[]) => {
      for (const m of answers) settle(m);
      // Nothing waits on the worker itself: the process may exit while it is idle.
      if (pending.size === 0) w.unref();
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

  /**
   * Posts the turn's statements in one message: a read's statements (a Promise.all of a figure's
   * parts) cross to the worker and back once, not once each. Under a loaded machine every crossing
   * waits for the other thread to be scheduled, so the crossings, not the statements, made the
   * latency. Statements already failed (the worker stopped meanwhile) are left out.
   */
  function flush() {
    const sent = batch.filter((q) => pending.has(q.id));
    batch = [];
    if (closed || sent.length === 0) return;
    worker ??= start();
    // Pending queries keep the process alive until they are answered.
    worker.ref();
    worker.postMessage(sent);
    posted++;
  }

  return {
    dialect: 'sqlite',
    query(text: string, params: readonly unknown[], shape: RowShape): Promise<QueryResult> {
      if (closed) return Promise.reject(new Error('the SQLite read worker is closed'));
      const id = nextId++;
      return new Promise<QueryResult>((resolve, reject) => {
        pending.set(id, { resolve, reject });
        if (batch.length === 0) setImmediate(flush);
        batch.push({ id, text, params, shape });
      });
    },
    async transaction() {
      throw new Error('the SQLite read worker runs reads only, never a transaction');
    },
    exchanges: () => posted,
    async terminate() {
      const w = worker;
      worker = null;
      if (w) await w.terminate();
    },
    async close() {
      closed = true;
      failAll(new Error('the SQLite read worker is closed'));
      await this.terminate();
    },
  };
}
