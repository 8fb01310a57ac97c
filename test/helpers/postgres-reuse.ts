import type pg from 'pg';
import { ident, whileInUse, withAdmin, withDatabase } from './postgres-cluster';

/**
 * Reusing a test database (test/helpers/postgres.ts): a copy of the migrated template costs
 * PostgreSQL about half a second of CPU (the template's 10 MB, its catalog mostly, written again),
 * some 200 times a suite run. A file's copy, once given back, is emptied back to the template's
 * state instead, for the next file of the same worker.
 */

/** What every copy of the template shares, read once per worker from a fresh copy. */
export interface TemplatePlan {
  /** The database's schema as one string (SHAPE). */
  shape: string;
  /**
   * Every table but polyglot_migrations (none holds a row in the template), each before the
   * tables it references.
   */
  tables: string[];
  /** Every sequence as the template has it. */
  sequences: { name: string; value: number; called: boolean }[];
}

/**
 * A database's schema in one string: its schemas, relations, columns, constraints, functions and
 * triggers, and the migrations it records. A database whose shape is no longer the template's (a
 * test created or altered something in it) is dropped rather than reused.
 */
const SHAPE = `
  select concat_ws('|',
    (select string_agg(nspname, ',' order by nspname) from pg_namespace
      where nspname not like 'pg\\_%' and nspname <> 'information_schema'),
    (select string_agg(format('%s.%s:%s', n.nspname, c.relname, c.relkind), ',' order by n.nspname, c.relname)
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname not like 'pg\\_%' and n.nspname <> 'information_schema'),
    (select md5(string_agg(format('%s.%s:%s:%s:%s', a.attrelid::regclass, a.attname, a.atttypid, a.attnotnull,
        a.attisdropped), ',' order by 1))
      from pg_attribute a join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
      where a.attnum > 0 and n.nspname not like 'pg\\_%' and n.nspname <> 'information_schema'),
    (select count(*) from pg_constraint k join pg_namespace n on n.oid = k.connamespace
      where n.nspname not like 'pg\\_%' and n.nspname <> 'information_schema'),
    (select count(*) from pg_proc p join pg_namespace n on n.oid = p.pronamespace
      where n.nspname not like 'pg\\_%' and n.nspname <> 'information_schema'),
    (select count(*) from pg_trigger where not tgisinternal),
    (select md5(string_agg(m::text, ',' order by m::text)) from polyglot_migrations m)
  ) as shape`;

async function shapeOf(client: pg.Client): Promise<string> {
  return (await client.query<{ shape: string }>(SHAPE)).rows[0].shape;
}

/** Those of `tables` that hold a row, in the order given (one query). */
async function tablesWithRows(client: pg.Client, tables: string[]): Promise<string[]> {
  if (!tables.length) return [];
  const probe = tables
    .map((t, i) => `select ${i} as i where exists (select 1 from ${ident(t)})`)
    .join(' union all ');
  const full = new Set((await client.query<{ i: number }>(probe)).rows.map((r) => r.i));
  return tables.filter((_, i) => full.has(i));
}

/**
 * Reads the plan from a fresh copy of the template (nothing else connected to it yet). Null when a
 * table besides polyglot_migrations holds rows in the template (a migration that seeds data): a
 * reset would delete them, so every database is then a new copy.
 */
export function readPlan(url: string): Promise<TemplatePlan | null> {
  // withAdmin: a client on any URL, ended after `fn`.
  return withAdmin(url, async (client) => {
    const shape = await shapeOf(client);
    const { rows: tables } = await client.query<{ name: string }>(
      `select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where n.nspname = 'public' and c.relkind in ('r', 'p') and c.relname <> 'polyglot_migrations'
       order by c.relname`,
    );
    const { rows: refs } = await client.query<{ child: string; parent: string }>(
      `select c.relname as child, p.relname as parent from pg_constraint k
       join pg_class c on c.oid = k.conrelid join pg_class p on p.oid = k.confrelid
       where k.contype = 'f' and c.oid <> p.oid`,
    );
    const { rows: sequences } = await client.query<{ name: string; value: string; called: boolean }>(
      `select sequencename as name, coalesce(last_value, start_value) as value, last_value is not null as called
       from pg_sequences where schemaname = 'public'`,
    );
    const names = tables.map((t) => t.name);
    if ((await tablesWithRows(client, names)).length) return null;
    return {
      shape,
      tables: deletionOrder(names, refs),
      sequences: sequences.map((s) => ({ name: s.name, value: Number(s.value), called: s.called })),
    };
  });
}

/**
 * The tables in an order to empty them one by one: a table comes before every table it
 * references, so no foreign key ever points at a deleted row. (A cycle, which the schema has
 * not, would leave its tables at the end: a failed reset then drops the database.)
 */
export function deletionOrder(tables: string[], refs: { child: string; parent: string }[]): string[] {
  const referencedBy = new Map(tables.map((t) => [t, new Set<string>()]));
  for (const { child, parent } of refs) referencedBy.get(parent)?.add(child);
  const order: string[] = [];
  const left = new Set(tables);
  while (left.size) {
    const next = [...left].filter((t) => ![...(referencedBy.get(t) ?? [])].some((c) => left.has(c)));
    const take = next.length ? next : [...left];
    for (const t of take) {
      order.push(t);
      left.delete(t);
    }
  }
  return order;
}

/**
 * Resets a copy of the template a file is done with to the template's state. Its connections are
 * ended and it is renamed to `renamed`, so a client the file left behind can no more reach it than
 * a dropped one. Then, if its shape is still the template's, the tables that hold rows are
 * emptied (DELETE, children first, in one transaction) and every sequence is put back as the
 * template has it. Returns whether it was reset, and the name it has now (the caller drops it if
 * not).
 */
export async function resetDatabase(
  adminUrl: string,
  name: string,
  renamed: string,
  plan: TemplatePlan,
): Promise<{ reset: boolean; current: string }> {
  let current = name;
  try {
    // In use: a connection ended here has not quite gone yet.
    await withAdmin(adminUrl, (admin) =>
      whileInUse(
        50,
        () => 20,
        async () => {
          await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1', [
            name,
          ]);
          await admin.query(`alter database ${ident(name)} rename to ${ident(renamed)}`);
        },
      ),
    );
    current = renamed;
    const reset = await withAdmin(withDatabase(adminUrl, renamed), async (client) => {
      if ((await shapeOf(client)) !== plan.shape) return false;
      const full = await tablesWithRows(client, plan.tables);
      const deletes = full.map((t) => `delete from ${ident(t)};`);
      const restart = plan.sequences.map((s) => `setval('${ident(s.name)}', ${s.value}, ${s.called})`);
      const sequences = restart.length ? `select ${restart.join(', ')};` : '';
      await client.query(`begin; ${deletes.join(' ')} ${sequences} commit;`);
      return true;
    });
    return { reset, current };
  } catch {
    return { reset: false, current };
  }
}
