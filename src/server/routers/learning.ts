import { and, asc, desc, eq } from 'drizzle-orm';
import { z } from 'zod';
import { learnerProgress } from '../../../db/schema';
import { learnerAccuracy, pathId } from '../../common/schemas/learning';
import { adminProcedure, router } from '../trpc';

type Progress = typeof learnerProgress.$inferSelect;

const withAccuracy = (p: Progress) => ({
  ...p,
  accuracy: learnerAccuracy(p.correctAnswers, p.flashcardsReviewed),
});

/** The dashboard sends the literal 'default' for the default server (spec section 6). */
const guildOf = (id: string, defaultGuildId: string) => (id === 'default' ? defaultGuildId : id);

const order = [desc(learnerProgress.wordsLearned), asc(learnerProgress.id)];

export const learningRouter = router({
  /** The learners of a guild when it has any, otherwise that user's progress in every guild. */
  learners: adminProcedure.input(z.object({ guildOrUserId: pathId })).query(({ ctx, input }) => {
    const guildId = guildOf(input.guildOrUserId, ctx.env.DEFAULT_GUILD_ID);
    const ofGuild = ctx.db
      .select()
      .from(learnerProgress)
      .where(eq(learnerProgress.guildId, guildId))
      .orderBy(...order)
      .all();
    const rows =
      ofGuild.length > 0
        ? ofGuild
        : ctx.db
            .select()
            .from(learnerProgress)
            .where(eq(learnerProgress.userId, input.guildOrUserId))
            .orderBy(...order)
            .all();
    return rows.map(withAccuracy);
  }),

  /** One member's progress in one guild, or null when they never started. */
  progress: adminProcedure.input(z.object({ serverId: pathId, userId: pathId })).query(({ ctx, input }) => {
    const row = ctx.db
      .select()
      .from(learnerProgress)
      .where(
        and(
          eq(learnerProgress.guildId, guildOf(input.serverId, ctx.env.DEFAULT_GUILD_ID)),
          eq(learnerProgress.userId, input.userId),
        ),
      )
      .get();
    return row ? withAccuracy(row) : null;
  }),
});
