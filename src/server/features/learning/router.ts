import { and, asc, desc, eq } from 'drizzle-orm';
import { z } from 'zod';
import { learnerProgress } from '../../../../db/schema';
import { learnerAccuracy, pathId } from '../../../common/learning/schemas';
import { guildProcedure, requires, router } from '../../core/trpc';
import { learningBotRouter } from './bot.router';

type Progress = typeof learnerProgress.$inferSelect;

const withAccuracy = (p: Progress) => ({
  ...p,
  accuracy: learnerAccuracy(p.correctAnswers, p.flashcardsReviewed),
});

const order = [desc(learnerProgress.wordsLearned), asc(learnerProgress.id)];

/** Every procedure here needs the 'learning' capability of the plan table. */
const learningProcedure = guildProcedure.use(await requires('learning'));

export const learningRouter = router({
  /** The learners of the guild, most words first (REST: the guild in the path). */
  learners: learningProcedure.query(async ({ ctx }) =>
    (
      await ctx.db
        .select()
        .from(learnerProgress)
        .where(eq(learnerProgress.guildId, ctx.guildId))
        .orderBy(...order)
        .all()
    ).map(withAccuracy),
  ),

  /** One member's progress in the guild, or null when they never started. */
  progress: learningProcedure.input(z.object({ userId: pathId })).query(async ({ ctx, input }) => {
    const row = await ctx.db
      .select()
      .from(learnerProgress)
      .where(and(eq(learnerProgress.guildId, ctx.guildId), eq(learnerProgress.userId, input.userId)))
      .get();
    return row ? withAccuracy(row) : null;
  }),

  /** The bot's own procedures of this capability (in-process only). */
  bot: learningBotRouter,
});
