import type { Db } from './client';

/**
 * A statement built once per database handle and run many times with its placeholders
 * (drizzle's `.prepare()` with `sql.placeholder`): a hot read skips drizzle's query building on
 * every call (issue 24: building cost more CPU than running it). The text is the engine's own,
 * built by the handle's dialect, so one definition serves SQLite and PostgreSQL.
 */
export function preparedPerDb<T>(build: (db: Db) => T): (db: Db) => T {
  const built = new WeakMap<Db, T>();
  return (db) => {
    let query = built.get(db);
    if (!query) {
      query = build(db);
      built.set(db, query);
    }
    return query;
  };
}
