import { desc, eq } from 'drizzle-orm';
import { moderationLogs, moderationRules } from '../../../../db/schema';
import { MODERATION_LOGS_LIMIT, moderationRulesPatch } from '../../../common/moderation/schemas';
import { ensureGuild } from '../../core/guilds';
import { guildProcedure, router } from '../../core/trpc';
import { readModerationRules } from './rules';
import { moderationBotRouter } from './bot.router';

export const moderationRouter = router({
  getRules: guildProcedure.query(async ({ ctx }) => await readModerationRules(ctx.db, ctx.guildId)),

  updateRules: guildProcedure.input(moderationRulesPatch).mutation(async ({ ctx, input }) => {
    const { guildId: _g, ...patch } = input;
    await ensureGuild(ctx.db, ctx.guildId);
    await ctx.db
      .insert(moderationRules)
      .values({ guildId: ctx.guildId, ...patch })
      .onConflictDoUpdate({ target: moderationRules.guildId, set: patch })
      .run();
    return await readModerationRules(ctx.db, ctx.guildId);
  }),

  /** The newest moderation actions of the guild, newest first. */
  logs: guildProcedure.query(
    async ({ ctx }) =>
      await ctx.db
        .select({
          id: moderationLogs.id,
          type: moderationLogs.type,
          userId: moderationLogs.userId,
          message: moderationLogs.message,
          timestamp: moderationLogs.timestamp,
          action: moderationLogs.action,
          rule: moderationLogs.rule,
          language: moderationLogs.language,
        })
        .from(moderationLogs)
        .where(eq(moderationLogs.guildId, ctx.guildId))
        .orderBy(desc(moderationLogs.timestamp), desc(moderationLogs.id))
        .limit(MODERATION_LOGS_LIMIT)
        .all(),
  ),

  /** The bot's own procedures of this capability (in-process only). */
  bot: moderationBotRouter,
});
