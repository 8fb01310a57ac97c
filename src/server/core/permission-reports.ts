import { and, eq, gt } from 'drizzle-orm';
import { type Db, lockFor } from '../../../db/client';
import { moderationLogs, moderationRules } from '../../../db/schema';

/**
 * A Discord permission the bot lacks is reported to the admins, never swallowed: a row in the
 * moderation log (the dashboard's feed, type 'permission') and, when the guild has one, a
 * message in its log channel. The same problem is reported once per hour, not on every message.
 */
const REPEAT_AFTER_MS = 60 * 60_000;

/** What each action needs, in the words of Discord's permission settings. */
const NEEDED: Record<string, string> = {
  'create webhook': 'Manage Webhooks',
  'post through webhook': 'Manage Webhooks',
  'send message': 'Send Messages',
  reply: 'Send Messages and Read Message History',
  'create thread': 'Create Public Threads',
  // A translation room delivering in threads (issue 28): the reply it falls back to needs Send Messages.
  'start thread': 'Create Public Threads',
  // A linked forum's post renamed or retagged: the bot edits the matching posts (issue 28).
  'update forum post': 'Manage Threads',
  'post announcement': 'Send Messages',
  'delete message': 'Manage Messages',
  'time out member': 'Moderate Members',
  'add reaction': 'Add Reactions and Read Message History',
  // Reaction roles and the welcome role: the bot's own role must also sit above the role it gives.
  'add role': 'Manage Roles',
  'remove role': 'Manage Roles',
};

export interface PermissionProblem {
  guildId: string;
  channelId: string;
  action: string;
  /** Discord's error text, e.g. "Missing Permissions". */
  error: string;
}

export async function reportPermissionProblem(
  db: Db,
  p: PermissionProblem,
  botUserId: string,
  at: Date,
): Promise<{ reported: boolean; logChannelId: string | null; text: string }> {
  const need = NEEDED[p.action] ?? 'the permission for this action';
  const text = `I could not ${p.action} in <#${p.channelId}>: ${p.error}. Please give me ${need} in that channel.`;
  // Checked and noted under the server's lock: failures at the same moment report once.
  const noted = await db.$transaction(async (tx) => {
    await lockFor(tx, `permission-report:${p.guildId}`);
    const recent = await tx
      .select({ id: moderationLogs.id })
      .from(moderationLogs)
      .where(
        and(
          eq(moderationLogs.guildId, p.guildId),
          eq(moderationLogs.type, 'permission'),
          eq(moderationLogs.message, text),
          gt(moderationLogs.timestamp, new Date(at.getTime() - REPEAT_AFTER_MS)),
        ),
      )
      .get();
    if (recent) return false;
    await tx
      .insert(moderationLogs)
      .values({
        guildId: p.guildId,
        type: 'permission',
        userId: botUserId,
        message: text,
        action: 'reported',
        timestamp: at,
      })
      .run();
    return true;
  });
  if (!noted) return { reported: false, logChannelId: null, text };
  const log = (
    await db
      .select({ id: moderationRules.logChannelId })
      .from(moderationRules)
      .where(eq(moderationRules.guildId, p.guildId))
      .get()
  )?.id;
  return { reported: true, logChannelId: log && log !== p.channelId ? log : null, text };
}

/** The guild's log channel for admin notices, or null when none is set. */
export async function logChannelOf(db: Db, guildId: string): Promise<string | null> {
  const id = (
    await db
      .select({ id: moderationRules.logChannelId })
      .from(moderationRules)
      .where(eq(moderationRules.guildId, guildId))
      .get()
  )?.id;
  return id ? id : null;
}
