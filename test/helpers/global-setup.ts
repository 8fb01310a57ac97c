import type { TestProject } from 'vitest/node';
import { ensureClientBuild } from './client-build';
import { fileFilters } from './file-filters';

declare module 'vitest' {
  export interface ProvidedContext {
    /** null when the web client is built and current; else why it could not be built. */
    clientBuildError: string | null;
  }
}

/**
 * Runs once before the suite. Builds the web client for the browser tests (test/web) when it is
 * missing or stale; a run filtered to other tests skips that. A failed build does not stop other
 * tests: the browser tests report it (test/helpers/browser.ts).
 */
export default async function setup(project: TestProject) {
  process.env.TZ = 'UTC';
  const filters = fileFilters(process.argv);
  const wantsWeb = filters.length === 0 || filters.some((f) => f.includes('web'));
  project.provide('clientBuildError', wantsWeb ? await ensureClientBuild() : null);
}
