import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { coverage } from '../fakes/discord/contract-coverage';

/**
 * Global setup: starts each run with no records of Discord routes exercised, and ends it with one
 * line of coverage (which of the routes the product calls this run exercised; `npm run contract`
 * lists them). The checking itself happens in contract-setup.ts, test by test.
 */
const root = process.cwd();
const runsDir = join(root, 'test-results', 'contract');
let reported = false;

export function setup() {
  rmSync(runsDir, { recursive: true, force: true });
}

export function teardown() {
  const { product, exercised, missing } = coverage(root, runsDir);
  if (!exercised.size || reported) return;
  reported = true;
  console.log(
    `Discord contract: every request checked against Discord's published description; ` +
      `${product.length - missing.length} of ${product.length} routes the product calls exercised ` +
      `in this run (npm run contract lists them).`,
  );
}
