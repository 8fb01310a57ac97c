import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { coverage } from '../test/fakes/discord/contract-coverage';

/**
 * `npm run contract`: the Discord routes the product calls (its Routes.* calls, and every operation
 * the fake Discord answered in the last test run) and which of them the suite exercised. With
 * `--run` it first runs the bot suites on SQLite to make those records. Exits 1 when a route the
 * product calls was not exercised. Every request of a test run is checked against Discord's
 * published description as it happens (test/fakes/discord/contract.ts); this is the coverage side.
 */

const root = resolve(fileURLToPath(import.meta.url), '../..');
const runsDir = resolve(root, 'test-results/contract');

if (process.argv.includes('--run')) {
  const run = spawnSync('npx', ['vitest', 'run', '--project', 'sqlite', 'test/bot/'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (run.status !== 0) console.error('The bot suites failed; the report below covers what ran.');
}

const { product, exercised, missing } = coverage(root, runsDir);
if (!exercised.size) {
  console.error('No records of a test run in test-results/contract: run the bot suites first (or --run).');
  process.exit(1);
}
const width = Math.max(...product.map((p) => p.key.length));
console.log('Discord routes the product calls (description template), times exercised in the last run:');
for (const p of product) {
  const times = p.method
    ? (exercised.get(p.key) ?? 0)
    : [...exercised].filter(([k]) => k.endsWith(` ${p.route}`)).reduce((n, [, c]) => n + c, 0);
  const where = p.sites.length ? p.sites.join(', ') : 'seen in the run (discord.js)';
  console.log(`  ${times ? '✓' : '✗'} ${p.key.padEnd(width)}  ${String(times).padStart(5)}  ${where}`);
}
console.log(
  `${product.length - missing.length} of ${product.length} routes the product calls were exercised` +
    (missing.length ? `; not exercised: ${missing.map((m) => m.key).join(', ')}` : '.'),
);
process.exit(missing.length ? 1 : 0);
