import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDb } from '../../db/client';
import { seedDemo } from '../../db/demo';
import { copyToPostgres } from '../../db/postgres/copy';
import { type PooledTestDatabase, pooledTestDatabase } from '../helpers/postgres';

/** npm run db:copy: a demo installation on SQLite moved to PostgreSQL without losing a row. */

let dir: string;
let file: string;
let database: PooledTestDatabase;
let url: string;
let pool: PooledTestDatabase['pool'];

/** The CLI as an operator runs it (npm run db:copy -- ...). */
function dbCopy(...args: string[]) {
  const r = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/db-copy.ts', ...args], {
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { status: r.status, out: r.stdout, err: r.stderr };
}

const count = async (table: string) =>
  Number((await pool.query(`select count(*) from ${table}`)).rows[0].count);

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'db-copy-'));
  file = join(dir, 'app.db');
  const db = await openDb(file);
  await seedDemo(db, 'g-demo', new Date('2026-03-18T12:00:00Z'));
  await seedDemo(db, 'g-other', new Date('2026-03-18T12:00:00Z'));
  // Straight on the file: the newest log deleted (the id counter stays past it), and a rollup
  // row that no trigger would compute, so a copy that recomputed rollups would show.
  const raw = new Database(file);
  raw.prepare('delete from translation_logs where id = (select max(id) from translation_logs)').run();
  raw
    .prepare('update analytics_daily set count = 999 where rowid = (select min(rowid) from analytics_daily)')
    .run();
  raw.close();
  database = await pooledTestDatabase();
  ({ url, pool } = database);
});

afterAll(async () => {
  await database?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('db:copy', () => {
  it('copies every table with equal counts and checksums, rollups as they are, ids continuing', async () => {
    const lines: string[] = [];
    const checks = await copyToPostgres({ sqlitePath: file, postgresUrl: url, log: (l) => lines.push(l) });
    expect(checks.filter((c) => !c.ok)).toEqual([]);
    const byTable = Object.fromEntries(checks.map((c) => [c.table, c]));
    expect(byTable.translation_logs.postgresRows).toBeGreaterThan(1000);
    expect(byTable.guilds.postgresRows).toBe(2);
    expect(lines).toContain(`copied translation_logs: ${byTable.translation_logs.sqliteRows} row(s)`);
    expect(lines).toContain('triggers off for the copy: session_replication_role = replica');

    // Read independently of the checksums: the same logs and rollups on both sides.
    const raw = new Database(file, { readonly: true });
    const sqliteLogs = raw
      .prepare('select id, guild_id, user_id, created_at, outcome from translation_logs order by id')
      .all();
    const sqliteDaily = raw
      .prepare('select max(count) as top, sum(count) as total from analytics_daily')
      .get() as {
      top: number;
      total: number;
    };
    const maxId = (
      raw.prepare("select seq from sqlite_sequence where name = 'translation_logs'").get() as {
        seq: number;
      }
    ).seq;
    raw.close();
    const pgLogs = (
      await pool.query('select id, guild_id, user_id, created_at, outcome from translation_logs order by id')
    ).rows.map((r) => ({ ...r, id: Number(r.id), created_at: Number(r.created_at) }));
    expect(pgLogs).toEqual(sqliteLogs);
    const pgDaily = (await pool.query('select max(count) as top, sum(count) as total from analytics_daily'))
      .rows[0];
    expect(Number(pgDaily.top)).toBe(999);
    expect({ top: Number(pgDaily.top), total: Number(pgDaily.total) }).toEqual(sqliteDaily);

    // The next log takes the id after the deleted newest one, and the rollup triggers are on again.
    const before = Number(
      (await pool.query("select coalesce(sum(count), 0) as n from analytics_daily where guild_id = 'g-demo'"))
        .rows[0].n,
    );
    const { rows } = await pool.query(
      `insert into translation_logs (id, guild_id, source_language, target_language, characters, created_at)
       values (null, 'g-demo', 'en', 'es', 5, 1773835200000) returning id`,
    );
    expect(Number(rows[0].id)).toBe(maxId + 1);
    const after = Number(
      (await pool.query("select coalesce(sum(count), 0) as n from analytics_daily where guild_id = 'g-demo'"))
        .rows[0].n,
    );
    expect(after).toBe(before + 1);
    await pool.query('delete from translation_logs where id = $1', [rows[0].id]);
  });

  it('refuses a second copy into a database that has rows, and changes nothing', async () => {
    const logs = await count('translation_logs');
    const r = dbCopy('--from', `sqlite:${file}`, '--to', url);
    expect(r.status).toBe(2);
    expect(r.err).toMatch(/refused: the target database already has rows \(.*guilds.*\).*--force/);
    expect(await count('translation_logs')).toBe(logs);
  });

  it('finds a target changed after the copy: non-zero exit and the table named', async () => {
    const ok = dbCopy('--from', `sqlite:${file}`, '--to', url, '--verify');
    expect(ok.err).toBe('');
    expect(ok.status).toBe(0);
    expect(ok.out).toMatch(/every count and checksum matches/);

    await pool.query("update guilds set name = 'Tampered' where id = 'g-other'");
    await pool.query('delete from moderation_logs where id = (select min(id) from moderation_logs)');
    const bad = dbCopy('--from', `sqlite:${file}`, '--to', url, '--verify');
    expect(bad.status).toBe(1);
    expect(bad.err).toMatch(
      /MISMATCH: 2 table\(s\) differ .*: (guilds, moderation_logs|moderation_logs, guilds)/,
    );
    const mismatched = bad.out
      .split('\n')
      .filter((l) => l.endsWith('MISMATCH'))
      .map((l) => l.split(/\s+/)[0]);
    expect(mismatched.sort()).toEqual(['guilds', 'moderation_logs']);
  });

  it('--force empties the target and copies again', async () => {
    const checks = await copyToPostgres({ sqlitePath: file, postgresUrl: url, force: true });
    expect(checks.every((c) => c.ok)).toBe(true);
    expect((await pool.query("select name from guilds where id = 'g-other'")).rows[0].name).not.toBe(
      'Tampered',
    );
  });

  it('copies as an ordinary database owner too (no superuser: the rollup triggers are turned off per table)', async () => {
    const role = `polyglot_owner_${process.pid}`;
    await pool.query(`create role ${role} login`);
    const owned = new URL(url);
    owned.pathname = `/${role}_db`;
    owned.username = role;
    await pool.query(`create database ${role}_db owner ${role}`);
    try {
      const lines: string[] = [];
      const checks = await copyToPostgres({
        sqlitePath: file,
        postgresUrl: owned.toString(),
        log: (l) => lines.push(l),
      });
      expect(checks.filter((c) => !c.ok)).toEqual([]);
      expect(lines).toContain(
        'triggers off for the copy: disable trigger user on translation_logs (not a superuser)',
      );
      const client = new pg.Client({ connectionString: owned.toString() });
      await client.connect();
      try {
        expect(
          (await client.query('select rolsuper from pg_roles where rolname = current_user')).rows[0],
        ).toEqual({
          rolsuper: false,
        });
        expect(
          Number((await client.query('select max(count) as top from analytics_daily')).rows[0].top),
        ).toBe(999);
        // The triggers (three of the rollups, three of the providers rollup, one id) are all on again after the copy.
        const { rows } = await client.query(
          "select tgenabled as state from pg_trigger where tgrelid = 'translation_logs'::regclass and not tgisinternal",
        );
        expect(rows.map((r) => r.state)).toEqual(['O', 'O', 'O', 'O', 'O', 'O', 'O']);
      } finally {
        await client.end();
      }
    } finally {
      await pool.query(`drop database if exists ${role}_db with (force)`);
      await pool.query(`drop role if exists ${role}`);
    }
  });

  it('rejects bad arguments with the usage', () => {
    const r = dbCopy('--from', `sqlite:${file}`, '--to', 'mysql://x');
    expect(r.status).toBe(2);
    expect(r.err).toMatch(/--to: "mysql:\/\/x" is not a postgres:\/\/ URL\nusage: npm run db:copy/);
  });
});
