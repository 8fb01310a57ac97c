import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestDatabase, dropTestDatabase } from '../helpers/postgres';
import { databaseOf } from '../helpers/postgres-cluster';
import { deletionOrder, readPlan } from '../helpers/postgres-reuse';

/**
 * The suite's PostgreSQL databases (test/helpers/postgres.ts): a copy of the template a file gives
 * back comes to the next file emptied, as the template has it, under a new name; one whose schema
 * a test changed is dropped instead.
 */

const clients: pg.Client[] = [];
async function connect(url: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: url });
  // A connection the give-back ends is reported here, not thrown at the test run.
  client.on('error', () => {});
  await client.connect();
  clients.push(client);
  return client;
}
const given: string[] = [];
afterAll(async () => {
  await Promise.all(clients.map((c) => c.end().catch(() => {})));
  for (const url of given) await dropTestDatabase(url);
});

async function exists(probe: pg.Client, url: string): Promise<boolean> {
  const { rows } = await probe.query('select 1 from pg_database where datname = $1', [databaseOf(url)]);
  return rows.length === 1;
}

describe('a test database given back', () => {
  it('comes back to the next file empty, its sequences and migrations as in the template, under a new name', async () => {
    const first = await createTestDatabase();
    const db = await connect(first);
    const migrations = (await db.query('select name from polyglot_migrations order by name')).rows;
    expect(migrations.length).toBeGreaterThan(0);
    await db.query(`insert into guilds (id, name) values ('g1', 'One')`);
    await db.query(`insert into channel_links (guild_id, name) values ('g1', 'news'), ('g1', 'events')`);
    const link = (await db.query(`select id from channel_links where name = 'news'`)).rows[0].id;
    await db.query(
      `insert into channel_link_channels (link_id, channel_id, language) values ($1, 'c1', 'en')`,
      [link],
    );
    expect(link).toBe('1');

    await dropTestDatabase(first);
    // The file's connection was ended, and its database's name is gone.
    await expect(db.query('select 1')).rejects.toThrow();
    const next = await createTestDatabase();
    given.push(next);
    expect(databaseOf(next)).not.toBe(databaseOf(first));
    const again = await connect(next);
    expect(await exists(again, first)).toBe(false);

    for (const table of ['guilds', 'channel_links', 'channel_link_channels'])
      expect((await again.query(`select count(*)::int as n from ${table}`)).rows[0].n, table).toBe(0);
    expect((await again.query('select name from polyglot_migrations order by name')).rows).toEqual(
      migrations,
    );
    // Ids start again where a fresh copy starts them.
    await again.query(`insert into guilds (id, name) values ('g2', 'Two')`);
    await again.query(`insert into channel_links (guild_id, name) values ('g2', 'news')`);
    expect((await again.query('select id from channel_links')).rows[0].id).toBe('1');
  });

  it('is dropped, not reused, when a test changed its schema', async () => {
    const first = await createTestDatabase();
    const db = await connect(first);
    await db.query('create table scratch (id int)');
    await dropTestDatabase(first);
    const next = await createTestDatabase();
    given.push(next);
    const again = await connect(next);
    expect(await exists(again, first)).toBe(false);
    expect((await again.query(`select to_regclass('scratch') is null as gone`)).rows[0].gone).toBe(true);
  });

  it('a database without the template (a migration test) is dropped', async () => {
    const empty = await createTestDatabase({ migrated: false });
    const probeUrl = await createTestDatabase();
    given.push(probeUrl);
    const probe = await connect(probeUrl);
    expect(await exists(probe, empty)).toBe(true);
    await dropTestDatabase(empty);
    expect(await exists(probe, empty)).toBe(false);
  });
});

describe('readPlan', () => {
  it('plans a reset from a copy as the template has it, and refuses one where a table besides the migrations holds rows', async () => {
    const url = await createTestDatabase();
    given.push(url);
    const plan = await readPlan(url);
    expect(plan?.tables).toContain('guilds');
    expect(plan?.tables).not.toContain('polyglot_migrations');
    expect(plan?.sequences.find((s) => s.name === 'channel_links_id_seq')).toEqual({
      name: 'channel_links_id_seq',
      value: 1,
      called: false,
    });
    // As if a migration had seeded a table: a reset would delete those rows, so there is no plan.
    const db = await connect(url);
    await db.query(`insert into guilds (id, name) values ('seeded', 'Seeded')`);
    expect(await readPlan(url)).toBeNull();
  });
});

describe('deletionOrder', () => {
  it('puts every table before the tables it references', () => {
    const refs = [
      { child: 'links', parent: 'guilds' },
      { child: 'link_channels', parent: 'links' },
      { child: 'members', parent: 'guilds' },
    ];
    const order = deletionOrder(['guilds', 'link_channels', 'links', 'members', 'notes'], refs);
    expect(order).toHaveLength(5);
    for (const { child, parent } of refs) expect(order.indexOf(child)).toBeLessThan(order.indexOf(parent));
  });

  it('leaves the tables of a cycle at the end rather than looping', () => {
    const order = deletionOrder(
      ['a', 'b', 'c'],
      [
        { child: 'a', parent: 'b' },
        { child: 'b', parent: 'a' },
      ],
    );
    expect(order[0]).toBe('c');
    expect(new Set(order)).toEqual(new Set(['a', 'b', 'c']));
  });
});
