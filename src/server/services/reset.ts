import { getTableName } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import {
  announcements,
  botConfig,
  channelLinks,
  learnerProgress,
  memberXp,
  messageCopies,
  moderationLogs,
  moderationRules,
  polls,
  reactionRoles,
  tickets,
  translationLogs,
  translationSettings,
  usageNotices,
  voiceSessions,
  welcomeConfig,
} from '../../../db/schema';

/**
 * Danger Zone: the tables whose rows of a guild are erased. Kept: the guild row (its plan and
 * Stripe customer), its synced channel list and the bot's channel webhooks, which belong to the
 * Discord server rather than to its data. Child rows (link channels, poll votes, ticket messages)
 * go with their parents through ON DELETE CASCADE.
 */
export const RESET_TABLES = [
  translationSettings,
  botConfig,
  welcomeConfig,
  moderationRules,
  moderationLogs,
  channelLinks,
  messageCopies,
  polls,
  reactionRoles,
  announcements,
  tickets,
  translationLogs,
  usageNotices,
  learnerProgress,
  voiceSessions,
  memberXp,
].map(getTableName);

/** Erases the guild's data in one transaction; answers the number of rows removed per table. */
export function resetGuildData(db: Db, guildId: string): Record<string, number> {
  const deleted: Record<string, number> = {};
  db.$client.transaction(() => {
    for (const name of RESET_TABLES) {
      deleted[name] = db.$client.prepare(`delete from "${name}" where guild_id = ?`).run(guildId).changes;
    }
  })();
  return deleted;
}
