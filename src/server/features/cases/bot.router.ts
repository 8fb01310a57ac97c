import { z } from 'zod';
import { LOCKED } from '../../../common/billing/phrases';
import { caseAction, caseNumber, caseRecord } from '../../../common/cases/schemas';
import { CASE_STAFF, type CaseStaffWord } from '../../../common/cases/staff-phrases';
import { CAPABILITIES, unlockingPlan } from '../../../common/plans';
import { hasCapability } from '../../core/plans';
import { botGuildProcedure, router, zodMessage } from '../../core/trpc';
import type { Services } from '../../core/services';
import { memberLanguageIn } from '../translation/members';
import { memberSpeaker } from '../translation/speaker';
import { caseByNumber, insertCase, listCases } from './cases';
import { escalationAfter } from './escalations';
import { caseLogPost } from './log';
import { caseNotice } from './notice';

/** Case procedures only the bot calls (in-process): /warn … /unban, /case and /history. */

const discordId = z.string().regex(/^\d{1,32}$/, 'must be a Discord id');

async function locked(services: Services, guildId: string, userId: string, locale: string | null) {
  if (await hasCapability(services.db, guildId, 'cases')) return null;
  return (await memberSpeaker(services, guildId, userId, locale, LOCKED))(LOCKED, {
    feature: CAPABILITIES.cases.label,
    plan: unlockingPlan('cases').name,
  });
}

export const casesBotRouter = router({
  /**
   * Every word of the case commands' replies to a moderator, in their language (the speaker: the
   * tables, else the provider once, else English), slots unfilled; mark: the "In English" line
   * when some could not be translated ('' otherwise).
   */
  staffWords: botGuildProcedure
    .input(z.object({ userId: discordId, locale: z.string().max(20).nullable() }))
    .query(async ({ ctx, input }) => {
      const s = await memberSpeaker(ctx, ctx.guildId, input.userId, input.locale, CASE_STAFF);
      const words = Object.fromEntries(
        Object.entries(CASE_STAFF).map(([key, phrase]) => [key, s.label(phrase)]),
      ) as Record<CaseStaffWord, string>;
      return { language: s.language, words, mark: s.mark() };
    }),

  /**
   * Before the bot acts in Discord: the plan allows cases, the reason and duration are valid, and
   * what the member will be told (their language, the reason translated). Writes nothing.
   */
  prepare: botGuildProcedure
    .input(
      z.object({
        action: caseAction,
        moderatorId: discordId,
        locale: z.string().nullable(),
        targetId: discordId,
        reason: z.string(),
        durationSeconds: z.number().int().nullable(),
        server: z.string().max(100),
      }),
    )
    .mutation(async ({ ctx, input }) => {
      const refusal = await locked(ctx, ctx.guildId, input.moderatorId, input.locale);
      if (refusal) return { ok: false as const, message: refusal };
      const parsed = caseRecord.safeParse({
        action: input.action,
        targetId: input.targetId,
        targetName: '',
        moderatorId: input.moderatorId,
        moderatorName: '',
        reason: input.reason,
        durationSeconds: input.durationSeconds,
      });
      if (!parsed.success) return { ok: false as const, message: `❌ ${zodMessage(parsed.error)}` };
      const language = await memberLanguageIn(ctx.db, ctx.guildId, input.targetId, null);
      const notice = await caseNotice(ctx.translator, {
        guildId: ctx.guildId,
        action: input.action,
        language,
        server: input.server,
        reason: parsed.data.reason,
        durationSeconds: parsed.data.durationSeconds,
        moderatorId: input.moderatorId,
      });
      return { ok: true as const, notice, language };
    }),

  /**
   * What Discord accepted becomes the server's next case. Answers the case, the log channel's post
   * (null without a log channel) and, for a staff case, the escalation rule it triggers with what
   * the member will be told (the bot then acts and records that as a case of its own).
   */
  record: botGuildProcedure
    .input(caseRecord.extend({ server: z.string().max(100).default('') }))
    .mutation(async ({ ctx, input }) => {
      const { server, ...data } = input;
      const at = ctx.clock();
      const recorded = await insertCase(ctx.db, ctx.guildId, data, at);
      const log = await caseLogPost(ctx.db, ctx.translator, ctx.guildId, recorded);
      const rule =
        data.moderatorId === null
          ? null
          : await escalationAfter(ctx.db, ctx.guildId, data.targetId, data.action, at);
      if (!rule) return { case: recorded, log, escalation: null };
      const language = await memberLanguageIn(ctx.db, ctx.guildId, data.targetId, null);
      const notice = await caseNotice(ctx.translator, {
        guildId: ctx.guildId,
        action: rule.action,
        language,
        server,
        reason: rule.reason,
        durationSeconds: rule.durationSeconds,
        moderatorId: null,
      });
      return { case: recorded, log, escalation: { ...rule, notice } };
    }),

  /** /case <number>; null when the server has no such case. */
  get: botGuildProcedure
    .input(z.object({ number: caseNumber, userId: discordId, locale: z.string().nullable() }))
    .query(async ({ ctx, input }) => {
      const refusal = await locked(ctx, ctx.guildId, input.userId, input.locale);
      if (refusal) return { ok: false as const, message: refusal };
      return { ok: true as const, case: await caseByNumber(ctx.db, ctx.guildId, input.number) };
    }),

  /** /history @member: the member's cases, newest first. */
  history: botGuildProcedure
    .input(z.object({ targetId: discordId, userId: discordId, locale: z.string().nullable() }))
    .query(async ({ ctx, input }) => {
      const refusal = await locked(ctx, ctx.guildId, input.userId, input.locale);
      if (refusal) return { ok: false as const, message: refusal };
      return {
        ok: true as const,
        cases: await listCases(ctx.db, ctx.guildId, { targetId: input.targetId }, 25),
      };
    }),
});
