import { Cron } from 'croner';
import { and, eq, lt } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { adminSessions, guilds, translationLogs } from '../../../db/schema';
import { deleteOldPairs } from '../features/exchange/delivery';
import { deleteOldRateLimits } from '../features/contact/form-limits';
import { pruneUserAppUsage } from '../features/translation/user-app';

/** The privacy page's promises (spec section 9): logs at most 90 days; a server's data 30 days after the bot leaves. */
export const TRANSLATION_LOG_DAYS = 90;
export const LEFT_SERVER_DAYS = 30;
/** Every day at 03:17 (UTC on the server's clock), and once at start. */
export const RETENTION_CRON = '17 3 * * *';

const DAY = 86_400_000;

export interface RetentionResult {
  translationLogs: number;
  servers: number;
  sessions: number;
  /** Language exchange pairs that ended more than 30 days ago. */
  exchangePairs: number;
  rateLimits: number;
  /** The user-installed app's daily counts older than yesterday. */
  userAppUsage: number;
}

/**
 * Deletes what the privacy page says is no longer kept: translation logs older than 90 days, every
 * row of a server the bot left more than 30 days ago (a server that re-added the bot in time is
 * present again and keeps everything), expired dashboard sessions, language exchange pairs
 * that ended more than 30 days ago, the public forms' counters a day after their window started, and
 * the user-installed app's daily counts once their day is over (user-app.ts).
 */
export async function runRetention(db: Db, now: Date): Promise<RetentionResult> {
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
    const exchangePairs = await deleteOldPairs(tx, now);
    const rateLimits = await deleteOldRateLimits(tx, now);
    const userAppUsage = await pruneUserAppUsage(tx, now);
    return { translationLogs: logs, servers, sessions, exchangePairs, rateLimits, userAppUsage };
  });
}

/** Runs the retention job now and then daily; stop() ends the schedule. */
export async function scheduleRetention(db: Db, clock: () => Date): Promise<{ stop(): void }> {
  const run = async () => {
    try {
      const r = await runRetention(db, clock());
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
