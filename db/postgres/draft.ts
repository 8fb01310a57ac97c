import type { ColumnShape, TableShape } from './shape';

/**
 * Drafts the PostgreSQL migration that brings a PostgreSQL schema to the SQLite one
 * (npm run db:generate-pg): new tables (with their id sequence and trigger), new columns, new and
 * removed indexes. What it cannot say for sure (a changed column, a removed column or table, a
 * foreign key or trigger) it writes as a `-- TODO` comment to do by hand. The schema parity test
 * checks the result.
 */

const q = (name: string) => `"${name.replace(/"/g, '""')}"`;

const NOW_DEFAULT = "(unixepoch('subsec') * 1000)";

function columnSql(c: ColumnShape): string {
  let s = `${q(c.name)} ${c.type}`;
  if (c.type === 'text') s += ' COLLATE "C"';
  if (c.default !== null) s += ` DEFAULT ${c.default === 'now' ? NOW_DEFAULT : c.default}`;
  if (c.notNull) s += ' NOT NULL';
  return s;
}

export function createTableSql(t: TableShape): string {
  const lines = t.columns.map((c) => `  ${columnSql(c)}`);
  lines.push(`  PRIMARY KEY (${t.primaryKey.map(q).join(', ')})`);
  for (const f of t.foreignKeys)
    lines.push(
      `  FOREIGN KEY (${f.columns.map(q).join(', ')}) REFERENCES ${q(f.table)} (${f.references.map(q).join(', ')}) ON UPDATE ${f.onUpdate.toUpperCase()} ON DELETE ${f.onDelete.toUpperCase()}`,
    );
  const out = [`CREATE TABLE ${q(t.name)} (\n${lines.join(',\n')}\n);`];
  if (t.autoincrement)
    out.push(
      `CREATE SEQUENCE ${q(`${t.name}_id_seq`)} OWNED BY ${q(t.name)}."id";`,
      `CREATE TRIGGER ${q(`${t.name}_id`)} BEFORE INSERT ON ${q(t.name)} FOR EACH ROW WHEN (NEW."id" IS NULL) EXECUTE FUNCTION polyglot_next_id('${t.name}_id_seq');`,
    );
  for (const tg of t.triggers) out.push(`-- TODO: trigger ${tg} on ${t.name} (write it in PL/pgSQL)`);
  return out.join('\n');
}

function indexSql(table: string, i: TableShape['indexes'][number]): string {
  const partial = i.partial ? ' -- TODO: partial index: copy its WHERE clause from the SQLite migration' : '';
  return `CREATE ${i.unique ? 'UNIQUE ' : ''}INDEX ${q(i.name)} ON ${q(table)} (${i.columns.map(q).join(', ')});${partial}`;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

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
      if (!pc) out.push(`ALTER TABLE ${q(t.name)} ADD COLUMN ${columnSql(c)};`);
      else if (!same({ ...pc, pk: 0 }, { ...c, pk: 0 }))
        out.push(
          `-- TODO: column ${t.name}.${c.name} changed: ${JSON.stringify(pc)} -> ${JSON.stringify(c)}`,
        );
    }
    for (const pc of p.columns)
      if (!t.columns.some((c) => c.name === pc.name))
        out.push(
          `-- TODO: column ${t.name}.${pc.name} is gone on SQLite: ALTER TABLE ${q(t.name)} DROP COLUMN ${q(pc.name)};`,
        );
    if (!same(t.primaryKey, p.primaryKey)) out.push(`-- TODO: primary key of ${t.name} changed`);
    if (!same(t.foreignKeys, p.foreignKeys)) out.push(`-- TODO: foreign keys of ${t.name} changed`);
    if (!same([...t.triggers].sort(), [...p.triggers].sort()))
      out.push(`-- TODO: triggers of ${t.name} changed`);
    for (const i of p.indexes) {
      const now = t.indexes.find((x) => x.name === i.name);
      if (!now || !same(now, i)) out.push(`DROP INDEX ${q(i.name)};`);
    }
    for (const i of t.indexes) {
      const before = p.indexes.find((x) => x.name === i.name);
      if (!before || !same(before, i)) newIndexes.push(indexSql(t.name, i));
    }
  }
  for (const p of postgres)
    if (!sqliteNames.has(p.name))
      out.push(`-- TODO: table ${p.name} is gone on SQLite: DROP TABLE ${q(p.name)};`);
  const all = [...out, ...newIndexes];
  return all.length ? `${all.join('\n\n')}\n` : '';
}
