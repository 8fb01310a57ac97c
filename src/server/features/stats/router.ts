import { globalStats, guildActivity, guildStats } from './stats';
import { guildProcedure, publicProcedure, router } from '../../core/trpc';

export const statsRouter = router({
  /** Public: the landing page's total, every guild together. */
  global: publicProcedure.query(async ({ ctx }) => await globalStats(ctx.db, ctx.clock())),
  guild: guildProcedure.query(async ({ ctx }) => await guildStats(ctx.db, ctx.guildId, ctx.clock())),
  activity: guildProcedure.query(async ({ ctx }) => await guildActivity(ctx.db, ctx.guildId, ctx.clock())),
});
