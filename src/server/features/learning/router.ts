import { z } from 'zod';
import { learnerAccuracy, pathId } from '../../../common/learning/schemas';
import { guildProcedure, requires, router } from '../../core/trpc';
import { learningBotRouter } from './bot.router';
import { listLearners } from './learners';
import { findProgress, type Progress } from './progress';

const withAccuracy = (p: Progress) => ({
  ...p,
  accuracy: learnerAccuracy(p.correctAnswers, p.flashcardsReviewed),
});

/** Every procedure here needs the 'learning' capability of the plan table. */
const learningProcedure = guildProcedure.use(await requires('learning'));

export const learningRouter = router({
  /** The learners of the guild, most words first (REST: the guild in the path). */
  learners: learningProcedure.query(async ({ ctx }) =>
    (await listLearners(ctx.db, ctx.guildId)).map(withAccuracy),
  ),

  /** One member's progress in the guild, or null when they never started. */
  progress: learningProcedure.input(z.object({ userId: pathId })).query(async ({ ctx, input }) => {
    const row = await findProgress(ctx.db, ctx.guildId, input.userId);
    return row ? withAccuracy(row) : null;
  }),

  /** The bot's own procedures of this capability (in-process only). */
  bot: learningBotRouter,
});
