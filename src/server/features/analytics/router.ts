import { analyticsPage } from './analytics';
import { guildProcedure, requires, router } from '../../core/trpc';

/** Every procedure here needs the 'analytics' capability of the plan table. */
const analyticsProcedure = guildProcedure.use(await requires('analytics'));

export const analyticsRouter = router({
  get: analyticsProcedure.query(
    async ({ ctx }) =>
      await analyticsPage(
        ctx.db,
        ctx.guildId,
        ctx.clock(),
        (ctx.translator.health?.() ?? []).map((h) => h.lane),
      ),
  ),
});
