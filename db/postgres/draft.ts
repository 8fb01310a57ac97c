import { type SQL, sql } from 'drizzle-orm';
import { PostgresParamsDialect } from './dialect';
import type { ColumnShape, TableShape } from './shape';

/**
 * Drafts the PostgreSQL migration that brings a PostgreSQL schema to the SQLite one
 * (npm run db:generate-pg): new tables (with their id sequence and trigger), new columns, new and
 * removed indexes. What it cannot say for sure (a changed column, a removed column or table, a
 * foreign key or trigger) it writes as a `-- TODO` comment to do by hand. The schema parity test
 * checks the result.
 */

/**
 * Each statement is a drizzle `sql` template: names through `sql.identifier`, the sequence's name
 * through the dialect's string escaping; the column types, defaults and foreign-key actions are SQL
 * fragments read from the SQLite schema itself (`sql.raw`), and the TODO lines are comments.
 */
const dialect = new PostgresParamsDialect();
const id = (name: string) => sql.identifier(name);
const ids = (names: string[]) =>
  sql.join(
    names.map((n) => sql.identifier(n)),
    sql`, `,
  );
/** A drafted statement's text (it has no parameters: the draft is a file to read and run). */
function text(query: SQL): string {
  const { sql: out, params } = dialect.sqlToQuery(query);
  if (params.length) throw new Error(`a drafted statement has parameters: ${out}`);
  return out;
}

const NOW_DEFAULT = sql.raw("(unixepoch('subsec') * 1000)");

function columnSql(c: ColumnShape): SQL {
  return sql.join(
    [
      sql`${id(c.name)} ${sql.raw(c.type)}`,
      c.type === 'text' ? sql` COLLATE "C"` : sql``,
      c.default !== null ? sql` DEFAULT ${c.default === 'now' ? NOW_DEFAULT : sql.raw(c.default)}` : sql``,
      c.notNull ? sql` NOT NULL` : sql``,
    ],
    sql``,
  );
}

export function createTableSql(t: TableShape): string {
  const lines = t.columns.map((c) => sql`  ${columnSql(c)}`);
  lines.push(sql`  PRIMARY KEY (${ids(t.primaryKey)})`);
  for (const f of t.foreignKeys)
    lines.push(
      sql`  FOREIGN KEY (${ids(f.columns)}) REFERENCES ${id(f.table)} (${ids(f.references)}) ON UPDATE ${sql.raw(f.onUpdate.toUpperCase())} ON DELETE ${sql.raw(f.onDelete.toUpperCase())}`,
    );
  const out = [text(sql`CREATE TABLE ${id(t.name)} (\n${sql.join(lines, sql`,\n`)}\n);`)];
  if (t.autoincrement)
    out.push(
      text(sql`CREATE SEQUENCE ${id(`${t.name}_id_seq`)} OWNED BY ${id(t.name)}."id";`),
      text(
        sql`CREATE TRIGGER ${id(`${t.name}_id`)} BEFORE INSERT ON ${id(t.name)} FOR EACH ROW WHEN (NEW."id" IS NULL) EXECUTE FUNCTION polyglot_next_id(${sql.raw(dialect.escapeString(`${t.name}_id_seq`))});`,
      ),
    );
  for (const tg of t.triggers) out.push(`-- TODO: trigger ${tg} on ${t.name} (write it in PL/pgSQL)`);
  return out.join('\n');
}

function indexSql(table: string, i: TableShape['indexes'][number]): string {
  const partial = i.partial ? ' -- TODO: partial index: copy its WHERE clause from the SQLite migration' : '';
  return `${text(sql`CREATE ${i.unique ? sql`UNIQUE ` : sql``}INDEX ${id(i.name)} ON ${id(table)} (${ids(i.columns)});`)}${partial}`;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
/** A table's foreign keys in one order: neither engine promises the order it lists them in. */
const inOrder = (fks: readonly unknown[]) => fks.map((f) => JSON.stringify(f)).sort();

/** The statements taking `postgres` to `sqlite` ('' when they already agree). */
export function draftMigration(sqlite: TableShape[], postgres: TableShape[]): string {
  const pgByName = new Map(postgres.map((t) => [t.name, t]));
  const sqliteNames = new Set(sqlite.map((t) => t.name));
  const out: string[] = [];
  const newIndexes: string[] = [];
  for (const t of sqlite) {
    const p = pgByName.get(t.name);
    if (!p) {
      out.push(createTableSql(t));
      for (const i of t.indexes) newIndexes.push(indexSql(t.name, i));
      continue;
    }
    const pgCols = new Map(p.columns.map((c) => [c.name, c]));
    for (const c of t.columns) {
      const pc = pgCols.get(c.name);
      if (!pc) out.push(text(sql`ALTER TABLE ${id(t.name)} ADD COLUMN ${columnSql(c)};`));
      else if (!same({ ...pc, pk: 0 }, { ...c, pk: 0 }))
        out.push(
          `-- TODO: column ${t.name}.${c.name} changed: ${JSON.stringify(pc)} -> ${JSON.stringify(c)}`,
        );
    }
    for (const pc of p.columns)
      if (!t.columns.some((c) => c.name === pc.name))
        out.push(
          `-- TODO: column ${t.name}.${pc.name} is gone on SQLite: ${text(sql`ALTER TABLE ${id(t.name)} DROP COLUMN ${id(pc.name)};`)}`,
        );
    if (!same(t.primaryKey, p.primaryKey)) out.push(`-- TODO: primary key of ${t.name} changed`);
    if (!same(inOrder(t.foreignKeys), inOrder(p.foreignKeys)))
      out.push(`-- TODO: foreign keys of ${t.name} changed`);
    if (!same([...t.triggers].sort(), [...p.triggers].sort()))
      out.push(`-- TODO: triggers of ${t.name} changed`);
    for (const i of p.indexes) {
      const now = t.indexes.find((x) => x.name === i.name);
      if (!now || !same(now, i)) out.push(text(sql`DROP INDEX ${id(i.name)};`));
    }
    for (const i of t.indexes) {
      const before = p.indexes.find((x) => x.name === i.name);
      if (!before || !same(before, i)) newIndexes.push(indexSql(t.name, i));
    }
  }
  for (const p of postgres)
    if (!sqliteNames.has(p.name))
      out.push(`-- TODO: table ${p.name} is gone on SQLite: ${text(sql`DROP TABLE ${id(p.name)};`)}`);
  const all = [...out, ...newIndexes];
  return all.length ? `${all.join('\n\n')}\n` : '';
}
