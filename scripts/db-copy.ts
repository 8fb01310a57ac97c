/**
 * Move an installation from its SQLite file to PostgreSQL:
 *   npm run db:copy -- --from sqlite:./data/app.db --to postgres://user:pass@host:5432/polyglot
 * Migrates the target, refuses a target that already has rows (--force empties it first), copies
 * every table in one transaction and commits only when every table's row count and checksum
 * match the source; prints them. --verify compares an earlier copy without writing anything.
 * Stop the app (npm start) first: rows written during the copy would not be copied.
 * Exit status: 0 copied and checked, 1 the copy does not match, 2 bad arguments or refused.
 */
import { parseArgs } from 'node:util';
import { CopyMismatch, CopyRefused, copyToPostgres, formatChecks, verifyCopy } from '../db/postgres/copy';

const USAGE =
  'usage: npm run db:copy -- --from sqlite:./data/app.db --to postgres://user:password@host:5432/db [--force] [--verify]';

function parse() {
  return parseArgs({
    options: {
      from: { type: 'string' },
      to: { type: 'string' },
      force: { type: 'boolean', default: false },
      verify: { type: 'boolean', default: false },
      'batch-rows': { type: 'string' },
    },
    allowPositionals: false,
  });
}

/** For messages: the URL without its password. */
function redact(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return url;
  }
}

async function main(): Promise<number> {
  let args: ReturnType<typeof parse>;
  try {
    args = parse();
  } catch (err) {
    console.error(`${(err as Error).message}\n${USAGE}`);
    return 2;
  }
  const from = args.values.from ?? '';
  const to = args.values.to ?? '';
  if (!from || !to) {
    console.error(`--from and --to are both needed\n${USAGE}`);
    return 2;
  }
  const sqlitePath = from.replace(/^sqlite:(\/\/)?/, '');
  if (!/^postgres(ql)?:\/\//.test(to)) {
    console.error(`--to: "${redact(to)}" is not a postgres:// URL\n${USAGE}`);
    return 2;
  }
  const batch = args.values['batch-rows'];
  const batchRows = batch === undefined ? undefined : Number(batch);
  if (batchRows !== undefined && !(Number.isInteger(batchRows) && batchRows > 0)) {
    console.error(`--batch-rows: "${batch}" is not a positive whole number`);
    return 2;
  }

  const started = Date.now();
  try {
    const checks = args.values.verify
      ? await verifyCopy(sqlitePath, to)
      : await copyToPostgres({
          sqlitePath,
          postgresUrl: to,
          force: args.values.force,
          batchRows,
          log: (line) => console.log(line),
        });
    console.log(formatChecks(checks));
    const rows = checks.reduce((n, c) => n + c.sqliteRows, 0);
    const bad = checks.filter((c) => !c.ok);
    if (bad.length) {
      console.error(
        `MISMATCH: ${bad.length} table(s) differ between ${sqlitePath} and ${redact(to)}: ${bad.map((c) => c.table).join(', ')}`,
      );
      return 1;
    }
    console.log(
      `${args.values.verify ? 'verified' : 'copied'} ${rows} row(s) in ${checks.length} tables from ${sqlitePath} to ${redact(to)} in ${((Date.now() - started) / 1000).toFixed(1)} s: every count and checksum matches`,
    );
    return 0;
  } catch (err) {
    if (err instanceof CopyMismatch) {
      console.log(formatChecks(err.checks));
      console.error(`MISMATCH: ${err.message}; nothing was committed`);
      return 1;
    }
    if (err instanceof CopyRefused) {
      console.error(`refused: ${err.message}`);
      return 2;
    }
    console.error(`db:copy failed: ${(err as Error).message}`);
    return 2;
  }
}

process.exitCode = await main();
