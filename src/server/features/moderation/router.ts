import { moderationRulesPatch } from '../../../common/moderation/schemas';
import { guildProcedure, router } from '../../core/trpc';
import { moderationBotRouter } from './bot.router';
import { readModerationRules, recentModerationLogs, updateModerationRules } from './rules';

export const moderationRouter = router({
  getRules: guildProcedure.query(async ({ ctx }) => await readModerationRules(ctx.db, ctx.guildId)),

  updateRules: guildProcedure.input(moderationRulesPatch).mutation(async ({ ctx, input }) => {
    const { guildId: _g, ...patch } = input;
    return await updateModerationRules(ctx.db, ctx.guildId, patch);
  }),

  /** The newest moderation actions of the guild, newest first. */
  logs: guildProcedure.query(async ({ ctx }) => await recentModerationLogs(ctx.db, ctx.guildId)),

  /** The bot's own procedures of this capability (in-process only). */
  bot: moderationBotRouter,
});
