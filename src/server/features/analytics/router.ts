import { guildAnalytics } from '../stats/stats';
import { untranslatedCounts } from '../translation/untranslated';
import { skippedTrivialCount } from '../translation/skipped';
import { last30Days, providerShares } from './providers';
import { guildProcedure, requires, router } from '../../core/trpc';

/** Every procedure here needs the 'analytics' capability of the plan table. */
const analyticsProcedure = guildProcedure.use(await requires('analytics'));

export const analyticsRouter = router({
  get: analyticsProcedure.query(async ({ ctx }) => ({
    ...(await guildAnalytics(ctx.db, ctx.guildId, ctx.clock())),
    /** Messages marked, not translated in time, per reason (last 30 days). */
    untranslated: await untranslatedCounts(ctx.db, ctx.guildId, ctx.clock()),
    /** Messages skipped as short chatter (no provider call, no copy), last 30 days. */
    skippedTrivial: await skippedTrivialCount(ctx.db, ctx.guildId, ctx.clock()),
    /** Which provider served each share, last 30 days: the operator's, its fallback, the server's own key, the cache. */
    providers: await (async () => {
      const { since, until } = last30Days(ctx.clock());
      const operatorLanes = (ctx.translator.health?.() ?? []).map((h) => h.lane);
      return providerShares(ctx.db, ctx.guildId, since, until, operatorLanes);
    })(),
  })),
});
