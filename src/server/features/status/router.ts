import { publicProcedure, router } from '../../core/trpc';
import { laneComponent } from '../../../common/status/schemas';
import { cachedStatusReport } from './cache';

export const statusRouter = router({
  /** Public: the status page (uptime per component over 24 h, 7 d and 90 d, incidents). */
  get: publicProcedure.query(
    async ({ ctx }) =>
      await cachedStatusReport(
        ctx.db,
        ctx.clock(),
        // The operator's lanes as configured in this process (never a server's own key).
        (ctx.translator.health?.() ?? []).map((h, i) => laneComponent(i, h.lane)),
      ),
  ),
});
