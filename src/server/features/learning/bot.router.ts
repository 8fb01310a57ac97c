import { z } from 'zod';
import { languageName } from '../../../common/languages';
import { DIFFICULTY_LEVELS } from '../../../common/learning/schemas';
import type { Services } from '../../core/services';
import { ensureGuild } from '../../core/guilds';
import {
  answerQuestion,
  cardLanguage,
  createQuiz,
  drawFlashcard,
  learnChoices,
  planLearning,
  progressReport,
  saveLearning,
} from './learning';
import { memberLanguageIn } from '../translation/members';
import { botGuildProcedure, botProcedure, router } from '../../core/trpc';

/**
 * Members' chat commands (spec section 1): /learn, /practice, /quiz, /progress and /ticket create,
 * and the delivery of staff replies. Bot only; the rules live in services/learning.ts,
 * services/tickets.ts and services/ticket-delivery.ts.
 */

const id = z.string().regex(/^\d{1,32}$/, 'must be a Discord id');
const member = z.object({ userId: id });

/** The member's language: /setlanguage, else the Discord locale, else the server's default. */
const languageOf = async (ctx: Services & { guildId: string }, userId: string, locale: string | null) =>
  await memberLanguageIn(ctx.db, ctx.guildId, userId, locale);

export const learningBotRouter = router({
  learnChoices: botProcedure
    .input(z.object({ query: z.string().max(100) }))
    .query(({ input }) => learnChoices(input.query)),

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
      const plan = planLearning(input.language, await languageOf(ctx, input.userId, input.locale));
      if (!plan.ok) return plan;
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
        await drawFlashcard(ctx.db, ctx.clock(), Math.random, ctx.guildId, input.userId),
    ),

  quiz: botGuildProcedure
    .input(member.extend({ difficulty: z.enum(DIFFICULTY_LEVELS).nullable().optional() }))
    .mutation(
      async ({ ctx, input }) =>
        await createQuiz(
          ctx.db,
          ctx.clock(),
          Math.random,
          ctx.guildId,
          input.userId,
          input.difficulty ?? undefined,
        ),
    ),

  /** A quiz button or a flashcard's self-check. */
  answer: botGuildProcedure
    .input(member.extend({ questionId: z.string().min(1).max(64), choice: z.number().int().min(0).max(9) }))
    .mutation(
      async ({ ctx, input }) => await answerQuestion(ctx.db, ctx.clock(), { ...input, guildId: ctx.guildId }),
    ),

  progress: botGuildProcedure
    .input(member)
    .query(async ({ ctx, input }) => await progressReport(ctx.db, ctx.clock(), ctx.guildId, input.userId)),
});
