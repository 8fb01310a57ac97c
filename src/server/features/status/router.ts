import { publicProcedure, router } from '../../core/trpc';
import { cachedStatusReport } from './cache';

export const statusRouter = router({
  /** Public: the status page (uptime per component over 24 h, 7 d and 90 d, incidents). */
  get: publicProcedure.query(async ({ ctx }) => await cachedStatusReport(ctx.db, ctx.clock())),
});
