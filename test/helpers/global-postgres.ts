import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import type { TestProject } from 'vitest/node';
import { fileFilters } from './file-filters';
import type {} from './postgres';
import { ident, prepareTemplate, startTestCluster, type TestCluster, withAdmin } from './postgres-cluster';

function testFiles(dir: string): string[] {
  const out: string[] = [];
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    if (e.name === 'node_modules' || e.name.startsWith('.')) continue;
    const p = join(dir, e.name);
    if (e.isDirectory()) out.push(...testFiles(p));
    else if (/\.test\.tsx?$/.test(e.name)) out.push(p);
  }
  return out;
}

/**
 * Whether a selected test file uses PostgreSQL: it imports test/helpers/postgres (a run filtered
 * to other files starts no cluster), or TEST_POSTGRES=1 asks for it.
 */
export function wantsPostgres(argv = process.argv, root = process.cwd()): boolean {
  if (process.env.TEST_POSTGRES === '1') return true;
  const filters = fileFilters(argv).map((f) => relative(root, resolve(root, f)));
  const roots = ['src', 'bot', 'db', 'test'].map((d) => join(root, d));
  return roots.some((dir) => {
    let files: string[];
    try {
      files = testFiles(dir);
    } catch {
      return false;
    }
    return files.some((file) => {
      const rel = relative(root, file);
      if (filters.length && !filters.some((f) => rel.includes(f))) return false;
      return /helpers\/postgres['"]/.test(readFileSync(file, 'utf8'));
    });
  });
}

let cluster: TestCluster | null = null;

async function dropRunDatabases(adminUrl: string, run: string): Promise<void> {
  await withAdmin(adminUrl, async (admin) => {
    const { rows } = await admin.query<{ datname: string }>(
      'select datname from pg_database where starts_with(datname, $1)',
      [`polyglot_test_${run}_`],
    );
    for (const { datname } of rows)
      await admin.query(`drop database if exists ${ident(datname)} with (force)`);
  });
}

/**
 * PostgreSQL for the tests that need it: TEST_DATABASE_URL's server when set, else a throwaway
 * cluster started here and removed at teardown. A template database is migrated once; each test
 * file copies it, or reuses a copy reset to it (test/helpers/postgres.ts createTestDatabase).
 * Missing binaries fail the run with what to install.
 */
export default async function setup(project: TestProject) {
  // The "postgres" project (vitest.config.ts) runs whole suites on PostgreSQL.
  if (project.name !== 'postgres' && !wantsPostgres()) {
    project.provide('postgres', null);
    return;
  }
  let adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    cluster = await startTestCluster();
    adminUrl = cluster.adminUrl;
  }
  // The run's databases are named after it, so its teardown finds them on a shared server.
  const run = `${process.pid.toString(36)}${Date.now().toString(36).slice(-4)}`;
  try {
    const template = await prepareTemplate(adminUrl);
    project.provide('postgres', { adminUrl, template, run });
  } catch (err) {
    await cluster?.stop();
    cluster = null;
    throw err;
  }
  return async () => {
    if (cluster) {
      await cluster.stop();
      cluster = null;
      return;
    }
    // TEST_DATABASE_URL's server: the databases the workers kept for reuse, and any a test left.
    if (adminUrl) await dropRunDatabases(adminUrl, run);
  };
}
