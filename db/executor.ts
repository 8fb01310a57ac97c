/**
 * The one seam between the query code and a database engine. drizzle's SQLite query builder
 * renders every query for the engine (db/client.ts; `$n` parameters on PostgreSQL,
 * db/postgres/dialect.ts); an executor runs that text as it is on better-sqlite3 or on
 * PostgreSQL, never rewriting it. Transactions follow the async call that opened them (AsyncLocalStorage), so a
 * query awaited inside `db.$transaction` runs in it and every other query waits or uses another
 * connection.
 */
export type RowShape = 'arrays' | 'objects';

export interface QueryResult {
  /** Arrays of column values in select order, or objects keyed by column name. */
  rows: unknown[];
  /** Rows an insert, update or delete changed. */
  changes: number;
}

export interface Executor {
  readonly dialect: 'sqlite' | 'postgres';
  /** Runs SQL rendered for this engine (`?` parameters on SQLite, `$1..$n` on PostgreSQL). */
  query(text: string, params: readonly unknown[], shape: RowShape): Promise<QueryResult>;
  /**
   * PostgreSQL only (LISTEN/NOTIFY): `onNotice` runs whenever any process notifies `channel`;
   * answers the unsubscribe. Absent on SQLite, where the other processes are seen by polling.
   */
  listen?(channel: string, onNotice: () => void): Promise<() => Promise<void>>;
  notify?(channel: string): Promise<void>;
  /** Runs `fn` in one transaction; a transaction opened inside another joins it. */
  transaction<T>(fn: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
}
