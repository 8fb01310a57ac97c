import { type Db, offloadedReads } from '../../../../db/client';
import { guildAnalytics } from '../stats/stats';
import { skippedTrivialCount } from '../translation/skipped';
import { untranslatedCounts } from '../translation/untranslated';
import { last30Days, providerShares } from './providers';

/**
 * Everything the Analytics screen shows, read through offloadedReads (issue 25): on a SQLite file
 * on a worker thread, off the event loop the bot delivers on. The four parts leave together, so
 * their statements reach the worker at once. `operatorLanes`: the operator's provider lanes in
 * order (providers.ts providerRole).
 */
export async function analyticsPage(db: Db, guildId: string, now: Date, operatorLanes: readonly string[]) {
  const reads = offloadedReads(db);
  const { since, until } = last30Days(now);
  const [figures, untranslated, skippedTrivial, providers] = await Promise.all([
    guildAnalytics(reads, guildId, now),
    untranslatedCounts(reads, guildId, now),
    skippedTrivialCount(reads, guildId, now),
    providerShares(reads, guildId, since, until, operatorLanes),
  ]);
  return {
    ...figures,
    /** Messages marked, not translated in time, per reason (last 30 days). */
    untranslated,
    /** Messages skipped as short chatter (no provider call, no copy), last 30 days. */
    skippedTrivial,
    /** Which provider served each share, last 30 days: the operator's, its fallback, the server's own key, the cache. */
    providers,
  };
}
