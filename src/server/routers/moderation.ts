import { TRPCError } from '@trpc/server';
import { and, desc, eq } from 'drizzle-orm';
import { guildChannels, moderationLogs, moderationRules } from '../../../db/schema';
import {
  MODERATION_LOGS_LIMIT,
  moderationDefaults,
  moderationRulesPatch,
} from '../../common/schemas/moderation';
import type { Services } from '../services';
import { ensureGuild } from '../services/guilds';
import { guildProcedure, router } from '../trpc';

/** The guild's moderation rules, or the defaults when none were saved. */
export async function readModerationRules(db: Services['db'], guildId: string) {
  const row = await db.select().from(moderationRules).where(eq(moderationRules.guildId, guildId)).get();
  if (!row) return { ...moderationDefaults, bannedWords: [] };
  const { guildId: _g, ...rules } = row;
  return rules;
}

/** Text and announcement channels take the reports: anything else (voice, category, another server's) is refused. */
const LOG_CHANNEL_TYPES = [0, 5];

async function assertLogChannel(db: Services['db'], guildId: string, channelId: string): Promise<void> {
  const channel = await db
    .select({ type: guildChannels.type })
    .from(guildChannels)
    .where(and(eq(guildChannels.id, channelId), eq(guildChannels.guildId, guildId)))
    .get();
  if (!channel || !LOG_CHANNEL_TYPES.includes(channel.type)) {
    throw new TRPCError({
      code: 'BAD_REQUEST',
      message: `logChannelId: ${channelId} is not a text channel of this server`,
    });
  }
}

export const moderationRouter = router({
  getRules: guildProcedure.query(async ({ ctx }) => await readModerationRules(ctx.db, ctx.guildId)),

  updateRules: guildProcedure.input(moderationRulesPatch).mutation(async ({ ctx, input }) => {
    const { guildId: _g, ...patch } = input;
    if (patch.logChannelId) await assertLogChannel(ctx.db, ctx.guildId, patch.logChannelId);
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
});
