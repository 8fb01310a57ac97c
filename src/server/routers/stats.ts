import { globalStats, guildActivity, guildStats } from '../services/stats';
import { guildProcedure, publicProcedure, router } from '../trpc';

export const statsRouter = router({
  /** Public: the landing page's total, every guild together. */
  global: publicProcedure.query(({ ctx }) => globalStats(ctx.db, ctx.clock())),
  guild: guildProcedure.query(({ ctx }) => guildStats(ctx.db, ctx.guildId, ctx.clock())),
  activity: guildProcedure.query(({ ctx }) => guildActivity(ctx.db, ctx.guildId, ctx.clock())),
});
