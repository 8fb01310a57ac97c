import { Cron } from 'croner';
import { and, eq, lt } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { adminSessions, guilds, translationLogs } from '../../../db/schema';
import { LEFT_SERVER_DAYS, TRANSLATION_LOG_DAYS } from '../../common/retention';

export { LEFT_SERVER_DAYS, TRANSLATION_LOG_DAYS };
/** Every day at 03:17 (UTC on the server's clock), and once at start. */
export const RETENTION_CRON = '17 3 * * *';

const DAY = 86_400_000;

/** One capability's own deletion of what it no longer keeps at `now`: how many rows went. */
export type RetentionPurge = (db: Db, now: Date) => Promise<number>;

/** The capabilities' purges by name (each name a count of the result), handed in by app/services.ts. */
export type RetentionPurges = Record<string, RetentionPurge>;

export type RetentionResult<P extends RetentionPurges = RetentionPurges> = {
  translationLogs: number;
  servers: number;
  sessions: number;
} & { [K in keyof P]: number };

/**
 * Deletes what the privacy page says is no longer kept: translation logs older than TRANSLATION_LOG_DAYS, every
 * row of a server the bot left more than LEFT_SERVER_DAYS ago (a server that re-added the bot in time is
 * present again and keeps everything), expired dashboard sessions, and what each capability's purge deletes
 * (`purges`, given by the composition root: app/services.ts `retentionPurges`), in one transaction.
 */
export async function runRetention<P extends RetentionPurges>(
  db: Db,
  now: Date,
  purges: P,
): Promise<RetentionResult<P>> {
  return await db.$transaction(async (tx) => {
    const logs = (
      await tx
        .delete(translationLogs)
        .where(lt(translationLogs.createdAt, new Date(now.getTime() - TRANSLATION_LOG_DAYS * DAY)))
        .run()
    ).changes;
    // Every table of a server references guilds with ON DELETE CASCADE.
    const servers = (
      await tx
        .delete(guilds)
        .where(
          and(eq(guilds.present, false), lt(guilds.leftAt, new Date(now.getTime() - LEFT_SERVER_DAYS * DAY))),
        )
        .run()
    ).changes;
    const sessions = (await tx.delete(adminSessions).where(lt(adminSessions.expiresAt, now)).run()).changes;
    const purged: Record<string, number> = {};
    // One after the other: a transaction runs one statement at a time.
    for (const [name, purge] of Object.entries(purges)) purged[name] = await purge(tx, now);
    return { translationLogs: logs, servers, sessions, ...purged } as RetentionResult<P>;
  });
}

/** Runs the retention job now and then daily; stop() ends the schedule. */
export async function scheduleRetention(
  db: Db,
  clock: () => Date,
  purges: RetentionPurges,
): Promise<{ stop(): void }> {
  const run = async () => {
    try {
      const r = await runRetention(db, clock(), purges);
      if (r.translationLogs || r.servers)
        console.log(
          `Retention: deleted ${r.translationLogs} translation logs and ${r.servers} servers the bot left`,
        );
    } catch (err) {
      console.error('Retention job failed:', err);
    }
  };
  await run();
  const job = new Cron(RETENTION_CRON, { timezone: 'UTC' }, run);
  return { stop: () => job.stop() };
}
