import type Database from 'better-sqlite3';
import type pg from 'pg';
import { PG_MIGRATIONS_TABLE } from './migrate';

/**
 * The shape of a database, read the same way from SQLite and PostgreSQL so the two can be
 * compared line by line (test/db/schema-parity.test.ts) and copied table by table
 * (scripts/db-copy.ts). Types are given in PostgreSQL's words: SQLite integer -> bigint,
 * text -> text, real -> double precision, blob -> bytea.
 */
export interface ColumnShape {
  name: string;
  type: string;
  notNull: boolean;
  /** The default, normalized (literal value, or `now` for the unixepoch('subsec') * 1000 timestamp); null when none. */
  default: string | null;
  /** 1-based position in the primary key, 0 when not part of it. */
  pk: number;
}

export interface IndexShape {
  name: string;
  columns: string[];
  unique: boolean;
  partial: boolean;
}

export interface ForeignKeyShape {
  columns: string[];
  table: string;
  references: string[];
  onDelete: string;
  onUpdate: string;
}

export interface TableShape {
  name: string;
  columns: ColumnShape[];
  primaryKey: string[];
  indexes: IndexShape[];
  foreignKeys: ForeignKeyShape[];
  /** An `integer primary key autoincrement` id (PostgreSQL: a sequence and a BEFORE INSERT trigger). */
  autoincrement: boolean;
  /** Triggers of the application (not PostgreSQL's id triggers), by name. */
  triggers: string[];
}

/** Tables that belong to the migration tools, not the application. */
const TOOL_TABLES = new Set(['__drizzle_migrations', 'sqlite_sequence', PG_MIGRATIONS_TABLE]);

const SQLITE_TYPES: Record<string, string> = {
  INTEGER: 'bigint',
  TEXT: 'text',
  REAL: 'double precision',
  BLOB: 'bytea',
};

/** One spelling for a default on both engines. */
export function normalizeDefault(text: string | null): string | null {
  if (text === null) return null;
  let s = text.trim();
  if (/unixepoch/i.test(s)) return 'now';
  s = s.replace(/::[a-z ]+$/i, '');
  while (s.startsWith('(') && s.endsWith(')')) s = s.slice(1, -1).trim();
  if (s === 'true') return '1';
  if (s === 'false') return '0';
  return s;
}

/** Orders tables so a table comes after every table it references. */
export function foreignKeyOrder(tables: TableShape[]): TableShape[] {
  const byName = new Map(tables.map((t) => [t.name, t]));
  const out: TableShape[] = [];
  const seen = new Set<string>();
  const visit = (t: TableShape) => {
    if (seen.has(t.name)) return;
    seen.add(t.name);
    for (const fk of [...t.foreignKeys].sort((a, b) => a.table.localeCompare(b.table))) {
      const ref = byName.get(fk.table);
      if (ref && ref !== t) visit(ref);
    }
    out.push(t);
  };
  for (const t of [...tables].sort((a, b) => a.name.localeCompare(b.name))) visit(t);
  return out;
}

const q = (name: string) => `"${name.replace(/"/g, '""')}"`;

export function sqliteShape(db: Database.Database): TableShape[] {
  const tables = db
    .prepare("select name, sql from sqlite_master where type = 'table' order by name")
    .all() as { name: string; sql: string }[];
  const triggers = db.prepare("select name, tbl_name from sqlite_master where type = 'trigger'").all() as {
    name: string;
    tbl_name: string;
  }[];
  return tables
    .filter((t) => !TOOL_TABLES.has(t.name) && !t.name.startsWith('sqlite_'))
    .map((t) => {
      const info = db.prepare(`pragma table_info(${q(t.name)})`).all() as {
        name: string;
        type: string;
        notnull: number;
        dflt_value: string | null;
        pk: number;
      }[];
      const columns = info.map((c) => ({
        name: c.name,
        type: SQLITE_TYPES[c.type.toUpperCase()] ?? `unknown sqlite type ${c.type}`,
        notNull: c.notnull === 1 || c.pk > 0,
        default: normalizeDefault(c.dflt_value),
        pk: c.pk,
      }));
      const indexes = (
        db.prepare(`pragma index_list(${q(t.name)})`).all() as {
          name: string;
          unique: number;
          origin: string;
          partial: number;
        }[]
      )
        .filter((i) => i.origin !== 'pk')
        .map((i) => ({
          name: i.name,
          columns: (db.prepare(`pragma index_info(${q(i.name)})`).all() as { seqno: number; name: string }[])
            .sort((a, b) => a.seqno - b.seqno)
            .map((c) => c.name),
          unique: i.unique === 1,
          partial: i.partial === 1,
        }));
      const fkRows = db.prepare(`pragma foreign_key_list(${q(t.name)})`).all() as {
        id: number;
        seq: number;
        table: string;
        from: string;
        to: string;
        on_update: string;
        on_delete: string;
      }[];
      const foreignKeys = [...new Set(fkRows.map((f) => f.id))].map((id) => {
        const rows = fkRows.filter((f) => f.id === id).sort((a, b) => a.seq - b.seq);
        return {
          columns: rows.map((r) => r.from),
          table: rows[0].table,
          references: rows.map((r) => r.to),
          onDelete: rows[0].on_delete.toLowerCase(),
          onUpdate: rows[0].on_update.toLowerCase(),
        };
      });
      return {
        name: t.name,
        columns,
        primaryKey: columns
          .filter((c) => c.pk > 0)
          .sort((a, b) => a.pk - b.pk)
          .map((c) => c.name),
        indexes,
        foreignKeys,
        autoincrement: /\bautoincrement\b/i.test(t.sql),
        triggers: triggers.filter((tr) => tr.tbl_name === t.name).map((tr) => tr.name),
      };
    });
}

const FK_ACTIONS: Record<string, string> = {
  a: 'no action',
  r: 'restrict',
  c: 'cascade',
  n: 'set null',
  d: 'set default',
};

export async function postgresShape(client: pg.Client | pg.PoolClient | pg.Pool): Promise<TableShape[]> {
  const { rows: tables } = await client.query<{ name: string }>(
    `select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = current_schema() and c.relkind in ('r', 'p') order by c.relname`,
  );
  const { rows: columns } = await client.query<{
    table: string;
    name: string;
    type: string;
    not_null: boolean;
    dflt: string | null;
    pk: number;
  }>(
    `select c.relname as table, a.attname as name, format_type(a.atttypid, a.atttypmod) as type,
            a.attnotnull as not_null, pg_get_expr(d.adbin, d.adrelid) as dflt,
            coalesce((select k.o from unnest(i.indkey::int2[]) with ordinality k(n, o) where k.n = a.attnum), 0)::int as pk
       from pg_attribute a
       join pg_class c on c.oid = a.attrelid
       join pg_namespace n on n.oid = c.relnamespace and n.nspname = current_schema()
       left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
       left join pg_index i on i.indrelid = c.oid and i.indisprimary
      where a.attnum > 0 and not a.attisdropped and c.relkind in ('r', 'p')
      order by c.relname, a.attnum`,
  );
  const { rows: indexes } = await client.query<{
    table: string;
    name: string;
    unique: boolean;
    partial: boolean;
    columns: string[];
  }>(
    `select t.relname as table, ic.relname as name, i.indisunique as unique, i.indpred is not null as partial,
            array(select pg_get_indexdef(i.indexrelid, k, true) from generate_series(1, i.indnkeyatts) k) as columns
       from pg_index i
       join pg_class t on t.oid = i.indrelid
       join pg_class ic on ic.oid = i.indexrelid
       join pg_namespace n on n.oid = t.relnamespace and n.nspname = current_schema()
      where not i.indisprimary`,
  );
  const { rows: fks } = await client.query<{
    table: string;
    ref: string;
    columns: string[];
    references: string[];
    del: string;
    upd: string;
  }>(
    `select t.relname as table, r.relname as ref,
            array(select attname from unnest(c.conkey) with ordinality k(n, o)
                   join pg_attribute on attrelid = c.conrelid and attnum = k.n order by k.o)::text[] as columns,
            array(select attname from unnest(c.confkey) with ordinality k(n, o)
                   join pg_attribute on attrelid = c.confrelid and attnum = k.n order by k.o)::text[] as references,
            c.confdeltype as del, c.confupdtype as upd
       from pg_constraint c
       join pg_class t on t.oid = c.conrelid
       join pg_class r on r.oid = c.confrelid
       join pg_namespace n on n.oid = t.relnamespace and n.nspname = current_schema()
      where c.contype = 'f'`,
  );
  const { rows: triggers } = await client.query<{ table: string; name: string; fn: string }>(
    `select c.relname as table, tg.tgname as name, p.proname as fn
       from pg_trigger tg
       join pg_class c on c.oid = tg.tgrelid
       join pg_proc p on p.oid = tg.tgfoid
       join pg_namespace n on n.oid = c.relnamespace and n.nspname = current_schema()
      where not tg.tgisinternal`,
  );
  return tables
    .filter((t) => !TOOL_TABLES.has(t.name))
    .map(({ name }) => {
      const cols = columns
        .filter((c) => c.table === name)
        .map((c) => ({
          name: c.name,
          type: c.type,
          notNull: c.not_null,
          default: normalizeDefault(c.dflt),
          pk: Number(c.pk),
        }));
      const mine = triggers.filter((tg) => tg.table === name);
      return {
        name,
        columns: cols,
        primaryKey: cols
          .filter((c) => c.pk > 0)
          .sort((a, b) => a.pk - b.pk)
          .map((c) => c.name),
        indexes: indexes
          .filter((i) => i.table === name)
          .map((i) => ({
            name: i.name,
            columns: i.columns.map((c) => c.replace(/^"(.*)"$/, '$1')),
            unique: i.unique,
            partial: i.partial,
          })),
        foreignKeys: fks
          .filter((f) => f.table === name)
          .map((f) => ({
            columns: f.columns,
            table: f.ref,
            references: f.references,
            onDelete: FK_ACTIONS[f.del],
            onUpdate: FK_ACTIONS[f.upd],
          })),
        autoincrement: mine.some((tg) => tg.fn === 'polyglot_next_id'),
        triggers: mine.filter((tg) => tg.fn !== 'polyglot_next_id').map((tg) => tg.name),
      };
    });
}

/** The shape as sorted lines of text: two engines agree when their lines are equal. */
export function shapeLines(tables: TableShape[]): string[] {
  const lines: string[] = [];
  for (const t of tables) {
    lines.push(
      `table ${t.name}: primary key (${t.primaryKey.join(', ')})${t.autoincrement ? ', autoincrement id' : ''}`,
    );
    for (const c of t.columns)
      lines.push(
        `table ${t.name}: column ${c.name} ${c.type}${c.notNull ? ' not null' : ''}${c.default === null ? '' : ` default ${c.default}`}`,
      );
    for (const i of t.indexes)
      lines.push(
        `table ${t.name}: ${i.unique ? 'unique ' : ''}index ${i.name} (${i.columns.join(', ')})${i.partial ? ' partial' : ''}`,
      );
    for (const f of t.foreignKeys)
      lines.push(
        `table ${t.name}: foreign key (${f.columns.join(', ')}) references ${f.table} (${f.references.join(', ')}) on delete ${f.onDelete} on update ${f.onUpdate}`,
      );
    for (const tg of t.triggers) lines.push(`table ${t.name}: trigger ${tg}`);
  }
  return lines.sort();
}
