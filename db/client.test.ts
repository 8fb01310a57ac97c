import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { openDb } from './client';

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
