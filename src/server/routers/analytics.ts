import { guildAnalytics } from '../services/stats';
import { guildProcedure, router } from '../trpc';

export const analyticsRouter = router({
  get: guildProcedure.query(({ ctx }) => guildAnalytics(ctx.db, ctx.guildId, ctx.clock())),
});
