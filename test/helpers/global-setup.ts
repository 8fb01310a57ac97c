import type { TestProject } from 'vitest/node';
import { ensureClientBuild } from './client-build';

declare module 'vitest' {
  export interface ProvidedContext {
    /** null when the web client is built and current; else why it could not be built. */
    clientBuildError: string | null;
  }
}

/** Options that take a separate value, so the value is not mistaken for a file filter. */
const VALUE_OPTIONS = new Set([
  '--reporter',
  '--outputFile',
  '--project',
  '-t',
  '--testNamePattern',
  '--config',
  '-c',
  '--root',
  '-r',
  '--pool',
  '--dir',
  '--shard',
]);

/** The file filters vitest was started with (`vitest run test/web/public` gives ['test/web/public']). */
function fileFilters(argv: string[]): string[] {
  const args = argv.slice(2);
  const out: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    if (a.startsWith('-')) {
      if (VALUE_OPTIONS.has(a)) i++;
      continue;
    }
    if (a === 'run' || a === 'watch' || a === 'related' || a === 'bench') continue;
    out.push(a);
  }
  return out;
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
