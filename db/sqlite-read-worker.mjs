// The worker thread of db/sqlite-read-executor.ts: one read-only better-sqlite3 connection to the
// product's SQLite file (WAL: it reads the last committed state while the main connection writes)
// running the statements the main thread rendered and posting their rows back. A message is a
// batch (the statements one read sent in one turn of the main thread's loop); they run one after
// the other and their answers go back together, in one message.
// Plain JavaScript so that it starts the same under tsx, vitest and the esbuild build (a worker
// loads its file by URL, outside every loader the main thread has).
import { parentPort, workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';

const sqlite = new Database(workerData.path, { readonly: true, fileMustExist: true });
sqlite.pragma('busy_timeout = 5000');

/** Prepared statements per text, as the main executor keeps them (db/sqlite-executor.ts). */
const statements = new Map();
const STATEMENT_CACHE = 500;

function statement(text) {
  let stmt = statements.get(text);
  if (!stmt) {
    stmt = sqlite.prepare(text);
    if (!stmt.reader) throw new Error('only reads run here (the statement returns no rows)');
    if (statements.size >= STATEMENT_CACHE) statements.delete(statements.keys().next().value);
    statements.set(text, stmt);
  }
  return stmt;
}

function answer({ id, text, params, shape }) {
  try {
    const rows = statement(text)
      .raw(shape === 'arrays')
      .all(...params);
    return { id, rows };
  } catch (err) {
    return { id, error: { message: String(err?.message ?? err), code: err?.code } };
  }
}

parentPort.on('message', (batch) => {
  parentPort.postMessage(batch.map(answer));
});
