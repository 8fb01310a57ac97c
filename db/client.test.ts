import { sql } from 'drizzle-orm';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { openDb, rawAll, rawRun } from './client';

const dir = mkdtempSync(join(tmpdir(), 'polyglot-db-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

it('opens the file migrated, in WAL mode with foreign keys enforced', async () => {
  const db = await openDb(join(dir, 'nested', 'app.db'));
  const sqlite = db.$sqlite!;
  expect(sqlite.pragma('journal_mode', { simple: true })).toBe('wal');
  expect(sqlite.pragma('synchronous', { simple: true })).toBe(1); // NORMAL
  expect(sqlite.pragma('foreign_keys', { simple: true })).toBe(1);
  const tables = sqlite.prepare("select name from sqlite_master where type = 'table'").all() as {
    name: string;
  }[];
  expect(tables.map((t) => t.name)).toEqual(
    expect.arrayContaining(['guilds', 'translation_logs', 'tickets']),
  );
  // A row of a guild that does not exist is refused (foreign key).
  expect(() =>
    sqlite.prepare("insert into channel_links (guild_id, name) values ('no-such-guild', 'x')").run(),
  ).toThrow(/FOREIGN KEY/);
  sqlite.close();
});

it('runs transactions of concurrent flows one after another; a rolled-back one takes no other flow write with it', async () => {
  const db = await openDb(join(dir, 'concurrent.db'));
  await rawRun(db, sql`insert into guilds (id, name) values ('g', 'G')`);
  const add = (name: string) =>
    rawRun(db, sql`insert into channel_links (guild_id, name) values (${'g'}, ${name})`);
  const results = await Promise.allSettled([
    db.$transaction(async () => {
      await add('in the first');
      await new Promise((r) => setTimeout(r, 20));
      await add('still in the first');
    }),
    db.$transaction(async () => {
      await add('in the failing one');
      await new Promise((r) => setTimeout(r, 5));
      throw new Error('refused');
    }),
    // Outside any transaction, started while both wait.
    add('outside'),
    db.$transaction(async () => add('in the third')),
  ]);
  expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled', 'fulfilled']);
  const names = (await rawAll<{ name: string }>(db, sql`select name from channel_links order by id`)).map(
    (r) => r.name,
  );
  expect(names.sort()).toEqual(['in the first', 'in the third', 'outside', 'still in the first']);
  await db.$close();
});
