import { execFileSync, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { endPool } from '../../db/postgres/end-pool';
import { migratePostgres, pgMigrations } from '../../db/postgres/migrate';

/**
 * A throwaway PostgreSQL cluster and the migrated template database tests copy. No vitest import:
 * scripts and benches can start a cluster too. Tests use test/helpers/postgres.ts.
 */

export interface TestCluster {
  adminUrl: string;
  stop(): Promise<void>;
}

const INSTALL_HINT =
  'PostgreSQL server binaries (initdb, pg_ctl) are needed for the PostgreSQL tests: install Debian\'s "postgresql" package (apt-get install postgresql), put its bin folder on PATH or in PG_BIN, or set TEST_DATABASE_URL=postgres://user:password@host:port/db to use a running server (the user must be allowed to create databases).';

/** The folder holding initdb and pg_ctl: PG_BIN, PATH, or Debian's /usr/lib/postgresql/<newest>/bin. */
export function findPostgresBin(): string {
  const candidates: string[] = [];
  if (process.env.PG_BIN) candidates.push(process.env.PG_BIN);
  for (const dir of (process.env.PATH ?? '').split(':')) if (dir) candidates.push(dir);
  const debian = '/usr/lib/postgresql';
  if (existsSync(debian))
    for (const v of readdirSync(debian).sort((a, b) => Number(b) - Number(a)))
      candidates.push(join(debian, v, 'bin'));
  const found = candidates.find((d) => existsSync(join(d, 'initdb')) && existsSync(join(d, 'pg_ctl')));
  if (!found) throw new Error(INSTALL_HINT);
  return found;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

/** initdb refuses root: as root, the cluster belongs to the unprivileged `postgres` user. */
function runAs(): { user: string; uid: number; gid: number } | null {
  if (process.getuid?.() !== 0) return null;
  const user = process.env.PG_TEST_USER ?? 'postgres';
  try {
    const uid = Number(execFileSync('id', ['-u', user], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', user], { encoding: 'utf8' }).trim());
    return { user, uid, gid };
  } catch {
    throw new Error(
      `running as root, and there is no "${user}" user to run the test PostgreSQL cluster as (initdb refuses root). Install Debian's "postgresql" package (it creates the user) or set PG_TEST_USER to an unprivileged user.`,
    );
  }
}

function run(bin: string, args: string[], as: ReturnType<typeof runAs>): void {
  const [cmd, argv] = as ? ['runuser', ['-u', as.user, '--', bin, ...args]] : [bin, args];
  const r = spawnSync(cmd, argv, { encoding: 'utf8', env: { ...process.env, LC_ALL: 'C' } });
  if (r.status !== 0)
    throw new Error(
      `${[bin, ...args].join(' ')} failed (${r.error?.message ?? `exit ${r.status}`}):\n${r.stderr}${r.stdout}`,
    );
}

/**
 * A throwaway cluster in a temp folder: loopback only, on a free port, its unix socket in the
 * folder, durability off (fsync, synchronous_commit, full_page_writes: a test database need not
 * survive a crash). stop() ends it and deletes the folder.
 */
export async function startTestCluster(): Promise<TestCluster> {
  const bin = findPostgresBin();
  const as = runAs();
  const dir = mkdtempSync(join(tmpdir(), 'polyglot-pg-'));
  if (as) chownSync(dir, as.uid, as.gid);
  const data = join(dir, 'data');
  const cleanup = () => rmSync(dir, { recursive: true, force: true });
  try {
    run(
      join(bin, 'initdb'),
      ['-D', data, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--locale=C', '--no-sync'],
      as,
    );
    for (let attempt = 1; ; attempt++) {
      const port = await freePort();
      const options = [
        '-c listen_addresses=127.0.0.1',
        `-c port=${port}`,
        `-c unix_socket_directories=${dir}`,
        '-c fsync=off',
        '-c synchronous_commit=off',
        '-c full_page_writes=off',
        '-c max_connections=200',
      ].join(' ');
      try {
        run(
          join(bin, 'pg_ctl'),
          ['-D', data, '-l', join(dir, 'server.log'), '-w', '-t', '60', '-o', options, 'start'],
          as,
        );
      } catch (err) {
        if (attempt < 3) continue; // the port was taken between the check and the start
        throw err;
      }
      let stopped = false;
      const stopNow = () => {
        if (stopped) return;
        stopped = true;
        process.off('exit', stopNow);
        try {
          run(join(bin, 'pg_ctl'), ['-D', data, '-m', 'immediate', '-w', 'stop'], as);
        } finally {
          cleanup();
        }
      };
      // A run that ends without its teardown (an error, process.exit) still stops the server.
      process.on('exit', stopNow);
      const stop = async () => stopNow();
      return { adminUrl: `postgres://postgres@127.0.0.1:${port}/postgres`, stop };
    }
  } catch (err) {
    cleanup();
    throw err;
  }
}

/** `url` with its database name replaced. */
export function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${encodeURIComponent(database)}`;
  return u.toString();
}

export function databaseOf(url: string): string {
  return decodeURIComponent(new URL(url).pathname.slice(1));
}

export const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;

export async function withAdmin<T>(adminUrl: string, fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/**
 * Runs `fn` again while PostgreSQL answers 55006 ("object in use": another session is on the
 * database), at most `attempts` times, waiting `wait(attempt)` ms before the next.
 */
export async function whileInUse<T>(
  attempts: number,
  wait: (attempt: number) => number,
  fn: () => Promise<T>,
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await fn();
    } catch (err) {
      if ((err as { code?: string }).code !== '55006' || attempt >= attempts) throw err;
      await new Promise((r) => setTimeout(r, wait(attempt)));
    }
  }
}

/**
 * The migrated template database, named after the migrations' hashes so a changed migration
 * gets a new template on a long-lived TEST_DATABASE_URL server. Built under a temporary name
 * and renamed, so two runs at once never copy a half-migrated template.
 */
export async function prepareTemplate(adminUrl: string): Promise<string> {
  const digest = createHash('sha256')
    .update(
      pgMigrations()
        .map((m) => m.hash)
        .join(),
    )
    .digest('hex')
    .slice(0, 12);
  const template = `polyglot_tpl_${digest}`;
  return withAdmin(adminUrl, async (admin) => {
    const exists = await admin.query('select 1 from pg_database where datname = $1', [template]);
    if (exists.rowCount) return template;
    const building = `${template}_${process.pid}`;
    await admin.query(`drop database if exists ${ident(building)}`);
    await admin.query(`create database ${ident(building)} template template0 encoding 'UTF8'`);
    const pool = new pg.Pool({ connectionString: withDatabase(adminUrl, building), max: 1 });
    try {
      await migratePostgres(pool);
    } finally {
      await endPool(pool);
    }
    try {
      await admin.query(`alter database ${ident(building)} rename to ${ident(template)}`);
    } catch (err) {
      // Another run built it at the same moment.
      await admin.query(`drop database if exists ${ident(building)}`);
      if ((err as { code?: string }).code !== '42P04') throw err;
    }
    return template;
  });
}
