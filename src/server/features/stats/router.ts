import { dashboardGlobalStats, dashboardGuildActivity, dashboardGuildStats } from './dashboard';
import { guildProcedure, publicProcedure, router } from '../../core/trpc';

export const statsRouter = router({
  /** Public: the landing page's total, every guild together. */
  global: publicProcedure.query(async ({ ctx }) => await dashboardGlobalStats(ctx.db, ctx.clock())),
  guild: guildProcedure.query(async ({ ctx }) => await dashboardGuildStats(ctx.db, ctx.guildId, ctx.clock())),
  activity: guildProcedure.query(
    async ({ ctx }) => await dashboardGuildActivity(ctx.db, ctx.guildId, ctx.clock()),
  ),
});
