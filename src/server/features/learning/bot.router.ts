import { z } from 'zod';
import { LOCKED } from '../../../common/billing/phrases';
import { languageName } from '../../../common/languages';
import { DIFFICULTY_LEVELS } from '../../../common/learning/schemas';
import { CAPABILITIES, unlockingPlan } from '../../../common/plans';
import { hasCapability } from '../../core/plans';
import type { Services } from '../../core/services';
import { ensureGuild } from '../../core/guilds';
import { cardLanguage, learnChoices, planLearning, saveLearning } from './learn';
import { drawFlashcard, loadCards } from './practice';
import { progressReport } from './progress';
import { answerQuestion, createQuiz } from './quiz';
import { memberLanguageIn } from '../translation/members';
import { memberSpeaker } from '../translation/speaker';
import { isDeckLanguage } from './deck';
import { decksMissing } from './generated-decks';
import { botGuildProcedure, botProcedure, router } from '../../core/trpc';

/**
 * Members' learning commands (spec section 1): /learn, /practice, /quiz, /progress. Bot only; the
 * rules live in learn.ts, practice.ts, quiz.ts and progress.ts.
 */

const id = z.string().regex(/^\d{1,32}$/, 'must be a Discord id');
const member = z.object({ userId: id });

/** The member's language: /setlanguage, else the Discord locale, else the server's default. */
const languageOf = async (ctx: Services & { guildId: string }, userId: string, locale: string | null) =>
  await memberLanguageIn(ctx.db, ctx.guildId, userId, locale);

/**
 * Learning is a Plus capability in Discord as on the dashboard: on a lower plan every command and
 * button answers the LOCKED notice (in the member's language, naming the plan) and writes nothing.
 */
async function lockedFor(ctx: Services & { guildId: string }, userId: string, locale: string | null = null) {
  if (await hasCapability(ctx.db, ctx.guildId, 'learning')) return null;
  const s = await memberSpeaker(ctx, ctx.guildId, userId, locale, LOCKED);
  return {
    ok: false as const,
    locked: true as const,
    message: s(LOCKED, {
      feature: CAPABILITIES.learning.label,
      plan: unlockingPlan('learning').name,
    }),
  };
}

export const learningBotRouter = router({
  learnChoices: botProcedure
    .input(z.object({ query: z.string().max(100) }))
    .query(({ input }) => learnChoices(input.query)),

  /**
   * Whether /learn of this language will first have the provider write its decks (the bot defers
   * its reply then, as Discord wants an answer within 3 seconds).
   */
  learnTakesTime: botGuildProcedure
    .input(z.object({ language: z.string().max(100) }))
    .query(async ({ ctx, input }) => {
      if (!(await hasCapability(ctx.db, ctx.guildId, 'learning'))) return false;
      const plan = planLearning(input.language, '');
      return plan.ok && !isDeckLanguage(plan.learning) && (await decksMissing(ctx.db, plan.learning));
    }),

  /** /learn language: starts or switches; an unknown or unsupported language writes nothing. */
  learn: botGuildProcedure
    .input(
      member.extend({
        username: z.string().max(100),
        locale: z.string().max(20).nullable(),
        language: z.string().max(100),
      }),
    )
    .mutation(async ({ ctx, input }) => {
      const locked = await lockedFor(ctx, input.userId, input.locale);
      if (locked) return locked;
      const plan = planLearning(input.language, await languageOf(ctx, input.userId, input.locale));
      if (!plan.ok) return plan;
      // A language without a built-in deck gets its decks written now (once), before anything is saved.
      const cards = await loadCards(ctx, plan.learning);
      if (!Array.isArray(cards)) return cards;
      await ensureGuild(ctx.db, ctx.guildId);
      const { progress, previous } = await saveLearning(
        ctx.db,
        ctx.clock(),
        { ...input, guildId: ctx.guildId },
        plan,
      );
      return {
        ok: true as const,
        learning: progress.learningLanguage,
        learningName: languageName(progress.learningLanguage),
        /** The language cards are shown in (the member's, or English when the deck lacks it). */
        cardsIn: languageName(cardLanguage(progress.nativeLanguage)),
        difficultyLevel: progress.difficultyLevel,
        previous: previous && previous !== progress.learningLanguage ? languageName(previous) : null,
        unchanged: previous === progress.learningLanguage,
        streak: progress.practiceStreak,
      };
    }),

  practice: botGuildProcedure
    .input(member)
    .mutation(
      async ({ ctx, input }) =>
        (await lockedFor(ctx, input.userId)) ??
        (await drawFlashcard(ctx, ctx.clock(), Math.random, ctx.guildId, input.userId)),
    ),

  quiz: botGuildProcedure
    .input(member.extend({ difficulty: z.enum(DIFFICULTY_LEVELS).nullable().optional() }))
    .mutation(
      async ({ ctx, input }) =>
        (await lockedFor(ctx, input.userId)) ??
        (await createQuiz(
          ctx,
          ctx.clock(),
          Math.random,
          ctx.guildId,
          input.userId,
          input.difficulty ?? undefined,
        )),
    ),

  /** A quiz button or a flashcard's self-check. */
  answer: botGuildProcedure
    .input(member.extend({ questionId: z.string().min(1).max(64), choice: z.number().int().min(0).max(9) }))
    .mutation(
      async ({ ctx, input }) =>
        (await lockedFor(ctx, input.userId)) ??
        (await answerQuestion(ctx.db, ctx.clock(), { ...input, guildId: ctx.guildId })),
    ),

  progress: botGuildProcedure
    .input(member)
    .query(
      async ({ ctx, input }) =>
        (await lockedFor(ctx, input.userId)) ??
        (await progressReport(ctx.db, ctx.clock(), ctx.guildId, input.userId)),
    ),
});
