import { desc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../../../db/client';
import { preparedPerDb } from '../../../../db/prepared';
import { guilds, moderationLogs, moderationRules } from '../../../../db/schema';
import {
  MODERATION_LOGS_LIMIT,
  moderationDefaults,
  type moderationRulesPatch,
} from '../../../common/moderation/schemas';
import { ensureGuild } from '../../core/guilds';

/** The guild's moderation rules, or the defaults when none were saved. */
export async function readModerationRules(db: Db, guildId: string) {
  return (await readSavedModerationRules(db, guildId)).rules;
}

/**
 * The guild's plan with its rules row (null when never saved): moderation's read of every member's
 * message, prepared once per database handle (issue 24). The plan rides in the same statement, so
 * moderation's capability checks cost no read of their own.
 */
const planAndRules = preparedPerDb((db) =>
  db
    .select({ plan: guilds.plan, rules: moderationRules })
    .from(guilds)
    .leftJoin(moderationRules, eq(moderationRules.guildId, guilds.id))
    .where(eq(guilds.id, sql.placeholder('guildId')))
    .prepare(),
);

/**
 * The rules, whether an admin has saved them once (no row: the defaults) and the guild's plan
 * (free for a guild without a row), in one read.
 */
export async function readSavedModerationRules(db: Db, guildId: string) {
  const row = await planAndRules(db).get({ guildId });
  return { rules: rulesOf(row?.rules ?? undefined), saved: Boolean(row?.rules), plan: row?.plan ?? 'free' };
}

function rulesOf(row: typeof moderationRules.$inferSelect | undefined) {
  if (!row) return { ...moderationDefaults, bannedWords: [] };
  const { guildId: _g, ...rules } = row;
  return rules;
}

/** Saves a change of the moderation rules (the rest keeps its value); answers them all. */
export async function updateModerationRules(
  db: Db,
  guildId: string,
  patch: Omit<z.output<typeof moderationRulesPatch>, 'guildId'>,
) {
  await ensureGuild(db, guildId);
  await db
    .insert(moderationRules)
    .values({ guildId, ...patch })
    .onConflictDoUpdate({ target: moderationRules.guildId, set: patch })
    .run();
  return await readModerationRules(db, guildId);
}

/** The newest moderation actions of the server, newest first. */
export async function recentModerationLogs(db: Db, guildId: string) {
  return await db
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
    .where(eq(moderationLogs.guildId, guildId))
    .orderBy(desc(moderationLogs.timestamp), desc(moderationLogs.id))
    .limit(MODERATION_LOGS_LIMIT)
    .all();
}
