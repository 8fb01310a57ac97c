import { type Db, offloadedReads } from '../../../../db/client';
import { globalStats, guildActivity, guildStats } from './stats';

/**
 * The stats procedures' reads, through offloadedReads (issue 25): on a SQLite file their
 * statements run on a worker thread's read-only connection, so a dashboard at a million logs never
 * holds the event loop the bot delivers on. On PostgreSQL, the handle itself.
 */
export const dashboardGlobalStats = (db: Db, now: Date) => globalStats(offloadedReads(db), now);

export const dashboardGuildStats = (db: Db, guildId: string, now: Date) =>
  guildStats(offloadedReads(db), guildId, now);

export const dashboardGuildActivity = (db: Db, guildId: string, now: Date) =>
  guildActivity(offloadedReads(db), guildId, now);
