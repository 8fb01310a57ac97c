/**
 * `npm run bench:sql-message` (and the second half of `npm run bench:sql`): one mirrored
 * 5-language message end to end through the bot's procedures (bench/sql-message.ts), on SQLite
 * and on PostgreSQL in one run: statements and CPU ms per message, each engine and each code in a
 * fresh process. PostgreSQL is a throwaway cluster as the tests start (test/helpers/postgres-cluster.ts;
 * Debian's binaries under /usr/lib/postgresql, or PG_BIN). BENCH_BEFORE=<git ref> measures that
 * commit's code too (git archive into a temporary folder, with this checkout's message bench) and
 * prints before/after and their ratio from the same run and machine. BENCH_MESSAGES sets the count;
 * BENCH_SENDERS the servers sending at once (default `1,32`: one alone, the process idle between
 * its messages, and 32, the process busy as at capacity, which the issue's targets are about).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { ident, startTestCluster, withAdmin, withDatabase } from '../test/helpers/postgres-cluster';

interface Cost {
  statementsPerMessage: number;
  cpuMsPerMessage: number;
}

const here = resolve(import.meta.dirname, '..');

/** The code of `ref` in a folder of its own, with this checkout's node_modules and message bench. */
function checkoutBefore(dir: string, ref: string): string {
  const tree = join(dir, 'before');
  execFileSync('mkdir', ['-p', tree]);
  execFileSync('sh', ['-c', `git -C "${here}" archive "$0" | tar -x -C "${tree}"`, ref]);
  symlinkSync(join(here, 'node_modules'), join(tree, 'node_modules'));
  execFileSync('cp', [join(here, 'bench/sql-message.ts'), join(tree, 'bench/sql-message.ts')]);
  return tree;
}

function measureIn(tree: string, location: string, senders: number): Cost {
  const out = execFileSync(join(here, 'node_modules/.bin/tsx'), ['bench/sql-message.ts', location], {
    cwd: tree,
    encoding: 'utf8',
    env: { ...process.env, BENCH_SENDERS: String(senders) },
  });
  return JSON.parse(out.trim().split('\n').pop() as string) as Cost;
}

const line = (name: string, c: Cost) =>
  `  ${name.padEnd(28)} ${c.statementsPerMessage.toFixed(1).padStart(5)} statements  ${c.cpuMsPerMessage
    .toFixed(2)
    .padStart(6)} ms CPU per message`;

/** Measures and prints; `pgAdminUrl` is a cluster's admin URL to create the message databases in. */
export async function compareMessageCost(dir: string, pgAdminUrl: string | null): Promise<void> {
  const before = process.env.BENCH_BEFORE;
  const trees: [string, string][] = [
    ...(before ? ([[`before (${before})`, checkoutBefore(dir, before)]] as [string, string][]) : []),
    ['after (this checkout)', here],
  ];
  const engines: [string, (i: number) => Promise<string>][] = [
    ['SQLite', async (i) => join(dir, `message-${i}.db`)],
  ];
  if (pgAdminUrl)
    engines.push([
      'PostgreSQL',
      async (i) => {
        await withAdmin(pgAdminUrl, (c) => c.query(`create database ${ident(`bench_message_${i}`)}`));
        return withDatabase(pgAdminUrl, `bench_message_${i}`);
      },
    ]);
  // One server sending alone (the process idles between its messages) and many at once (the
  // process busy, as at capacity: the figure the targets are about).
  const senderCounts = (process.env.BENCH_SENDERS ?? '1,32').split(',').map(Number);
  let n = 0;
  for (const [engine, location] of engines)
    for (const senders of senderCounts) {
      const costs: Cost[] = [];
      for (const [, tree] of trees) costs.push(measureIn(tree, await location(n++), senders));
      const lines = trees.map(([name], i) => line(name, costs[i] as Cost));
      if (costs.length === 2) {
        const [b, a] = costs as [Cost, Cost];
        lines.push(
          `  after / before: ${(a.cpuMsPerMessage / b.cpuMsPerMessage).toFixed(2)}× CPU, ${(
            a.statementsPerMessage / b.statementsPerMessage
          ).toFixed(2)}× statements`,
        );
      }
      console.log(
        `${engine}: one mirrored message, 5 languages (4 translations), onMessage + recordCopies, ${
          process.env.BENCH_MESSAGES ?? 400
        } messages from ${senders} server${senders === 1 ? '' : 's'} at once\n${lines.join('\n')}`,
      );
    }
  if (!pgAdminUrl)
    console.log('PostgreSQL mirrored message: skipped (needs the throwaway cluster, not BENCH_DATABASE_URL)');
}

if (process.argv[1]?.endsWith('sql-message-compare.ts')) {
  const dir = mkdtempSync(join(tmpdir(), 'bench-sql-message-'));
  const cluster = await startTestCluster();
  try {
    await compareMessageCost(dir, cluster.adminUrl);
  } finally {
    await cluster.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}
