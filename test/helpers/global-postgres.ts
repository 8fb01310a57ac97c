import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import type { TestProject } from 'vitest/node';
import { fileFilters } from './file-filters';
import type {} from './postgres';
import { prepareTemplate, startTestCluster, type TestCluster } from './postgres-cluster';

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

/**
 * PostgreSQL for the tests that need it: TEST_DATABASE_URL's server when set, else a throwaway
 * cluster started here and removed at teardown. A template database is migrated once; each test
 * file copies it (test/helpers/postgres.ts createTestDatabase). Missing binaries fail the run
 * with what to install.
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
  try {
    const template = await prepareTemplate(adminUrl);
    project.provide('postgres', { adminUrl, template });
  } catch (err) {
    await cluster?.stop();
    cluster = null;
    throw err;
  }
  return async () => {
    await cluster?.stop();
    cluster = null;
  };
}
