import { eq, getTableName, sql } from 'drizzle-orm';
import { type Db, rawRun } from '../../../../db/client';
import {
  analyticsDaily,
  analyticsHours,
  analyticsLanguageMembers,
  analyticsMemberDays,
  analyticsMembers,
  analyticsProviders,
  announcements,
  apiKeys,
  botConfig,
  caseEscalations,
  cases,
  channelLinks,
  exchangeMembers,
  exchangePairs,
  exchangeSettings,
  glossaryTerms,
  guildProviderKeys,
  guilds,
  learnerProgress,
  memberXp,
  messageCopies,
  mirrorAuthors,
  moderationLogs,
  moderationRules,
  polls,
  providerKeyUsage,
  reactionRoles,
  ticketSettings,
  tickets,
  translationLogs,
  untranslatedDaily,
  skippedTrivialDaily,
  translationSettings,
  translationOptOuts,
  translationHiddenAuthors,
  translationStyle,
  voiceSessions,
  voiceSettings,
  welcomeConfig,
  whiteLabel,
  xpSettings,
} from '../../../../db/schema';
import { monthKey, usedThisMonth } from '../../translation/accounting';

/**
 * Danger Zone: the tables whose rows of a guild are erased. Kept (KEPT_ON_RESET, which the privacy
 * page lists): the guild row (its plan and Stripe customer), its synced channel and role lists,
 * the bot's permissions and channel webhooks, which belong to the Discord server rather than to its
 * data, and work already queued for the bot. Child rows (link channels, poll votes, ticket
 * messages) go with their parents through ON DELETE CASCADE. API keys are deleted, so revoked at
 * once; a white-label profile is deleted and the caller queues the bot's profile reset.
 * Billing survives a reset: this month's delivered translations are carried on the guild row
 * (usageMonth, usageCarried) before their logs go, and the usage notices already sent stay, so
 * a reset neither refills the monthly allowance nor sends the 75/90% notices again.
 */
export const RESET_TABLES = [
  translationSettings,
  botConfig,
  welcomeConfig,
  moderationRules,
  moderationLogs,
  mirrorAuthors,
  channelLinks,
  messageCopies,
  polls,
  reactionRoles,
  announcements,
  tickets,
  ticketSettings,
  translationLogs,
  learnerProgress,
  voiceSessions,
  voiceSettings,
  memberXp,
  xpSettings,
  exchangeMembers,
  exchangePairs,
  exchangeSettings,
  translationOptOuts,
  translationHiddenAuthors,
  cases,
  caseEscalations,
  guildProviderKeys,
  glossaryTerms,
  translationStyle,
  whiteLabel,
  apiKeys,
].map(getTableName);

/** A deleted white-label profile: the caller queues the bot's profile reset on the server. */
export const WHITE_LABEL_TABLE = getTableName(whiteLabel);

/**
 * Rollups of translation_logs (see stats.ts) and the counts of marked and skipped messages; emptied with the
 * logs, not reported as data of their own.
 */
export const ANALYTICS_TABLES = [
  analyticsDaily,
  analyticsHours,
  analyticsLanguageMembers,
  analyticsMemberDays,
  analyticsMembers,
  untranslatedDaily,
  skippedTrivialDaily,
  providerKeyUsage,
  analyticsProviders,
].map(getTableName);

/** Erases the guild's data in one transaction; answers the number of rows removed per table. */
export async function resetGuildData(db: Db, guildId: string, now: Date): Promise<Record<string, number>> {
  const deleted: Record<string, number> = {};
  await db.$transaction(async () => {
    await db
      .update(guilds)
      .set({ usageMonth: monthKey(now), usageCarried: await usedThisMonth(db, guildId, now) })
      .where(eq(guilds.id, guildId))
      .run();
    // The analytics rollups first: derived from the logs, they would otherwise be decremented by
    // the delete trigger once per log (seconds for a server with a million logs).
    for (const name of ANALYTICS_TABLES)
      await rawRun(db, sql`delete from ${sql.identifier(name)} where guild_id = ${guildId}`);
    for (const name of RESET_TABLES) {
      deleted[name] = await rawRun(db, sql`delete from ${sql.identifier(name)} where guild_id = ${guildId}`);
    }
  });
  return deleted;
}
