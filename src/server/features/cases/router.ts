import { escalationId, escalationInput } from '../../../common/cases/escalations';
import { caseReasonEdit, caseRevoke, casesFilter } from '../../../common/cases/schemas';
import { guildProcedure, notFound, requires, router } from '../../core/trpc';
import { casesBotRouter } from './bot.router';
import { caseByNumber, listCases, revokeCase, setCaseReason } from './cases';
import { addEscalation, listEscalations, removeEscalation } from './escalations';

const casesProcedure = guildProcedure.use(await requires('cases'));

export const casesRouter = router({
  /** The server's cases, newest first, filtered by action and member. */
  list: casesProcedure
    .input(casesFilter)
    .query(async ({ ctx, input }) => await listCases(ctx.db, ctx.guildId, input)),

  /** Rewrites a case's reason (a moderator's note; the member was told the original). */
  updateReason: casesProcedure.input(caseReasonEdit).mutation(async ({ ctx, input }) => {
    if (!(await setCaseReason(ctx.db, ctx.guildId, input.number, input.reason)))
      notFound('case', input.number);
    return await caseByNumber(ctx.db, ctx.guildId, input.number);
  }),

  /**
   * Marks a case revoked: it stays on record, struck through. Only the record changes: a timeout
   * or ban in force is lifted in Discord with /unban or Discord's own tools.
   */
  revoke: casesProcedure.input(caseRevoke).mutation(async ({ ctx, input }) => {
    const row = await caseByNumber(ctx.db, ctx.guildId, input.number);
    if (!row) notFound('case', input.number);
    if (row.revokedAt) return row;
    const by = ctx.actor.kind === 'discord' ? ctx.actor.userId : ctx.actor.kind;
    await revokeCase(ctx.db, ctx.guildId, input.number, by, ctx.clock());
    return await caseByNumber(ctx.db, ctx.guildId, input.number);
  }),

  /** Escalation rules: N cases of one kind in D days → an automatic timeout, kick or ban. */
  escalations: casesProcedure.query(async ({ ctx }) => await listEscalations(ctx.db, ctx.guildId)),

  addEscalation: casesProcedure
    .input(escalationInput)
    .mutation(async ({ ctx, input }) => await addEscalation(ctx.db, ctx.guildId, input, ctx.clock())),

  removeEscalation: casesProcedure.input(escalationId).mutation(async ({ ctx, input }) => {
    if (!(await removeEscalation(ctx.db, ctx.guildId, input.id))) notFound('escalation rule', input.id);
    return { removed: input.id };
  }),

  bot: casesBotRouter,
});
