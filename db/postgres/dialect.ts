import { Column, is, SQL, sql } from 'drizzle-orm';
import { SQLiteAsyncDialect } from 'drizzle-orm/sqlite-core';

type InsertConfig = Parameters<SQLiteAsyncDialect['buildInsertQuery']>[0];

/**
 * drizzle's SQLite query builder rendering for PostgreSQL, so no SQL text is ever rewritten:
 * each parameter is written `$1..$n` where drizzle places it (a `?`, `@name` or `$$` in a comment,
 * a quoted name or a string is text like any other and stays as written; PostgreSQL's JSON `?`,
 * `?|` and `?&` operators can be used), and an `on conflict` target names bare columns, as
 * PostgreSQL takes them (the SQLite dialect writes "table"."column" there). Everything else the
 * builder writes is SQL both engines read alike; the query code stays one.
 */
export class PostgresParamsDialect extends SQLiteAsyncDialect {
  override escapeParam(num: number): string {
    return `$${num + 1}`;
  }

  override buildInsertQuery(config: InsertConfig): SQL {
    return super.buildInsertQuery({ ...config, onConflict: config.onConflict?.map(bareTarget) });
  }
}

/**
 * The SQLite insert builder writes a conflict target as `on conflict ${[columns]}` (an array chunk
 * of columns, rendered "table"."column"); the columns become bare identifiers.
 */
function bareTarget(clause: SQL): SQL {
  return new SQL(
    clause.queryChunks.map((chunk) =>
      is(chunk, SQL)
        ? new SQL(
            chunk.queryChunks.map((inner) =>
              Array.isArray(inner) ? inner.map((c) => (is(c, Column) ? sql.identifier(c.name) : c)) : inner,
            ),
          )
        : chunk,
    ),
  );
}
