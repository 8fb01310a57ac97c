import { guildAnalytics } from '../stats/stats';
import { untranslatedCounts } from '../translation/untranslated';
import { skippedTrivialCount } from '../translation/skipped';
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
  })),
});
