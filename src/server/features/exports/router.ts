import { exportInput } from '../../../common/exports/schemas';
import { EXPORT_DATASETS, exportFileName } from '../../../common/exports/schemas';
import { assertCapability } from '../../core/plans';
import { guildProcedure, requires, router } from '../../core/trpc';
import { exportRowCount } from './datasets';

/** Every export needs the plan's exports (Pro); a dataset also needs its own screen's capability. */
const exportsProcedure = guildProcedure.use(await requires('analyticsExport'));

export const exportsRouter = router({
  /**
   * Checks an export (range, format, plan) and answers what it will hold: the rows it will stream and
   * the file's name. GET /api/exports/:dataset streams the file after the same check.
   */
  check: exportsProcedure.input(exportInput).query(async ({ ctx, input }) => {
    const needs = EXPORT_DATASETS[input.dataset].needs;
    if (needs) await assertCapability(ctx.db, ctx.guildId, needs);
    const scope = { db: ctx.db, guildId: ctx.guildId, from: input.from, to: input.to };
    return {
      guildId: ctx.guildId,
      dataset: input.dataset,
      format: input.format,
      from: input.from,
      to: input.to,
      rows: await exportRowCount(input.dataset, scope),
      fileName: exportFileName(ctx.guildId, input.dataset, input.from, input.to, input.format),
    };
  }),
});
