import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, expect } from 'vitest';
import { describeViolation, exercisedRoutes, takeContractViolations } from '../fakes/discord/contract';

/** Where each test file's exercised Discord routes are written for `npm run contract`. */
const CONTRACT_RUNS_DIR = join(process.cwd(), 'test-results', 'contract');

// A request the fake Discord received that Discord's published description rejects (unknown route,
// wrong method, invalid body), or an answer of the fake Discord never sends, fails the test it
// happened in, with the route and the schema errors.
afterEach(() => {
  const violations = takeContractViolations();
  if (violations.length) throw new Error([...new Set(violations.map(describeViolation))].join('\n'));
});

afterAll(() => {
  if (!exercisedRoutes.size) return;
  const file = expect.getState().testPath ?? 'unknown';
  mkdirSync(CONTRACT_RUNS_DIR, { recursive: true });
  const name = `${file.replace(/[^\w.-]+/g, '_').slice(-120)}.${process.env.TEST_DATABASE ?? 'sqlite'}.json`;
  writeFileSync(join(CONTRACT_RUNS_DIR, name), JSON.stringify(Object.fromEntries(exercisedRoutes)));
});
