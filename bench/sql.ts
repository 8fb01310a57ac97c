/**
 * `npm run bench:sql`: the CPU one statement costs in this process, from the query builder to its
 * rows, on the SQLite file and on PostgreSQL (BENCH_DATABASE_URL=postgres://… an empty database,
 * else a throwaway cluster as the tests start). Four shapes the product runs on every message: a
 * settings read, a join of a link's channels, an upsert with a conflict target, a hand-written
 * `sql` count. CPU is process.cpuUsage (user + system) over the run divided by the statements;
 * the database server's own CPU is not in it.
 *
 * Then one mirrored 5-language message end to end through the bot's procedures (bench/sql-message.ts):
 * statements and CPU ms per message, each engine in a fresh process. BENCH_BEFORE=<git ref> runs
 * the same measure in that commit's code too (git archive into a temporary folder), printed
 * before/after from the same run and machine.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { type Db, openDb } from '../db/client';
import { channelLinkChannels, channelLinks, guilds, memberXp, translationSettings } from '../db/schema';
import { ident, startTestCluster, withAdmin, withDatabase } from '../test/helpers/postgres-cluster';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 4000);

const shapes: Record<string, (db: Db, i: number) => Promise<unknown>> = {
  'select settings': (db) =>
    db.select().from(translationSettings).where(eq(translationSettings.guildId, 'g1')).get(),
  'join link channels': (db) =>
    db
      .select({ channelId: channelLinkChannels.channelId, language: channelLinkChannels.language })
      .from(channelLinkChannels)
      .innerJoin(channelLinks, eq(channelLinks.id, channelLinkChannels.linkId))
      .where(eq(channelLinks.guildId, 'g1'))
      .all(),
  'upsert on conflict': (db, i) =>
    db
      .insert(memberXp)
      .values({ guildId: 'g1', userId: `u${i % 50}`, xp: 1 })
      .onConflictDoUpdate({
        target: [memberXp.guildId, memberXp.userId],
        set: { xp: sql`${memberXp.xp} + 1` },
      })
      .run(),
  'sql count': (db) =>
    db.all(sql`select count(*) as n from member_xp where guild_id = ${'g1'} and xp > ${0}`),
};

async function seed(db: Db) {
  await db.insert(guilds).values({ id: 'g1', name: 'Bench' }).run();
  await db.insert(translationSettings).values({ guildId: 'g1' }).run();
  const [link] = await db.insert(channelLinks).values({ guildId: 'g1', name: 'main' }).returning().all();
  for (const [n, language] of ['en', 'fr', 'de', 'es'].entries())
    await db
      .insert(channelLinkChannels)
      .values({ linkId: (link as { id: number }).id, channelId: `c${n}`, language, position: n })
      .run();
}

async function measure(label: string, db: Db) {
  await seed(db);
  const out: string[] = [];
  for (const [name, run] of Object.entries(shapes)) {
    for (let i = 0; i < 300; i++) await run(db, i);
    const cpu = process.cpuUsage();
    const started = performance.now();
    for (let i = 0; i < ROUNDS; i++) await run(db, i);
    const used = process.cpuUsage(cpu);
    const wall = performance.now() - started;
    out.push(
      `  ${name.padEnd(20)} ${((used.user + used.system) / ROUNDS).toFixed(1).padStart(7)} µs CPU  ${(
        (wall * 1000) /
        ROUNDS
      )
        .toFixed(1)
        .padStart(7)} µs wall per statement`,
    );
  }
  console.log(`${label} (${ROUNDS} statements of each shape)\n${out.join('\n')}`);
}

const dir = mkdtempSync(join(tmpdir(), 'bench-sql-'));
const sqliteDb = await openDb(join(dir, 'bench.db'));
await measure('SQLite', sqliteDb);
await sqliteDb.$close();

const BEFORE = process.env.BENCH_BEFORE;
const here = resolve(import.meta.dirname, '..');
/** The code of BENCH_BEFORE in a folder of its own, with this checkout's node_modules and message bench. */
function checkoutBefore(ref: string): string {
  const tree = join(dir, 'before');
  execFileSync('mkdir', ['-p', tree]);
  execFileSync('sh', ['-c', `git -C "${here}" archive "$0" | tar -x -C "${tree}"`, ref]);
  symlinkSync(join(here, 'node_modules'), join(tree, 'node_modules'));
  execFileSync('cp', [join(here, 'bench/sql-message.ts'), join(tree, 'bench/sql-message.ts')]);
  return tree;
}
const trees: [string, string][] = [
  ...(BEFORE ? ([[`before (${BEFORE})`, checkoutBefore(BEFORE)]] as [string, string][]) : []),
  ['after (this checkout)', here],
];
/** One mirrored message's cost on `location`, measured in a fresh process of each tree's code. */
function messageCost(label: string, location: (tree: number) => string) {
  const lines = trees.map(([name, tree], i) => {
    const out = execFileSync(join(here, 'node_modules/.bin/tsx'), ['bench/sql-message.ts', location(i)], {
      cwd: tree,
      encoding: 'utf8',
    });
    const cost = JSON.parse(out.trim().split('\n').pop() as string) as {
      statementsPerMessage: number;
      cpuMsPerMessage: number;
    };
    return `  ${name.padEnd(28)} ${cost.statementsPerMessage.toFixed(1).padStart(5)} statements  ${cost.cpuMsPerMessage
      .toFixed(2)
      .padStart(6)} ms CPU per message`;
  });
  console.log(
    `${label}: one mirrored message, 5 languages (4 translations), onMessage + recordCopies\n${lines.join('\n')}`,
  );
}
messageCost('SQLite', (i) => join(dir, `message-${i}.db`));

let url = process.env.BENCH_DATABASE_URL;
const cluster = url ? null : await startTestCluster();
if (cluster) {
  await withAdmin(cluster.adminUrl, (c) => c.query(`create database ${ident('bench_sql')}`));
  url = withDatabase(cluster.adminUrl, 'bench_sql');
}
const pgDb = await openDb(url as string);
await measure('PostgreSQL', pgDb);
await pgDb.$close();
if (cluster) {
  for (const i of trees.keys())
    await withAdmin(cluster.adminUrl, (c) => c.query(`create database ${ident(`bench_message_${i}`)}`));
  messageCost('PostgreSQL', (i) => withDatabase(cluster.adminUrl, `bench_message_${i}`));
} else
  console.log('PostgreSQL mirrored message: skipped (needs the throwaway cluster, not BENCH_DATABASE_URL)');
await cluster?.stop();
rmSync(dir, { recursive: true, force: true });
