/**
 * `npm run bench:sql`: the CPU one statement costs in this process, from the query builder to its
 * rows, on the SQLite file and on PostgreSQL (BENCH_DATABASE_URL=postgres://… an empty database,
 * else a throwaway cluster as the tests start). Four shapes the product runs on every message: a
 * settings read, a join of a link's channels, an upsert with a conflict target, a hand-written
 * `sql` count. CPU is process.cpuUsage (user + system) over the run divided by the statements;
 * the database server's own CPU is not in it.
 *
 * Then one mirrored 5-language message end to end on both engines (bench/sql-message-compare.ts,
 * also `npm run bench:sql-message` on its own; BENCH_BEFORE=<git ref> for before/after).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { type Db, openDb } from '../db/client';
import { channelLinkChannels, channelLinks, guilds, memberXp, translationSettings } from '../db/schema';
import { compareMessageCost } from './sql-message-compare';
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

let url = process.env.BENCH_DATABASE_URL;
const cluster = url ? null : await startTestCluster();
if (cluster) {
  await withAdmin(cluster.adminUrl, (c) => c.query(`create database ${ident('bench_sql')}`));
  url = withDatabase(cluster.adminUrl, 'bench_sql');
}
const pgDb = await openDb(url as string);
await measure('PostgreSQL', pgDb);
await pgDb.$close();
await compareMessageCost(dir, cluster?.adminUrl ?? null);
await cluster?.stop();
rmSync(dir, { recursive: true, force: true });
