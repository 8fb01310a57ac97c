import { and, asc, eq, isNotNull, isNull } from 'drizzle-orm';
import { type Db, lockFor } from '../../../../db/client';
import { reactionRoles } from '../../../../db/schema';
import { ensureGuild } from '../../core/guilds';
import type { Menu } from './menu';

/** A reaction-role entry as stored. */
export type ReactionRoleRow = typeof reactionRoles.$inferSelect;

const byId = (guildId: string, id: number) =>
  and(eq(reactionRoles.id, id), eq(reactionRoles.guildId, guildId));

/** The server's entries, oldest first, without the deleted menus still being removed. */
export async function listReactionRoles(db: Db, guildId: string): Promise<ReactionRoleRow[]> {
  return await db
    .select()
    .from(reactionRoles)
    .where(and(eq(reactionRoles.guildId, guildId), isNull(reactionRoles.deletedAt)))
    .orderBy(asc(reactionRoles.id))
    .all();
}

export interface NewReactionRole {
  channelId: string;
  messageId: string;
  roles: ReactionRoleRow['roles'];
}

/**
 * Stores an entry. One entry per message (the bot looks the message up on every reaction),
 * checked and written under the message's lock: two saves at the same moment make one entry.
 * Answers the entry, or the entry that already holds the message.
 */
export async function createReactionRole(
  db: Db,
  guildId: string,
  entry: NewReactionRole,
  menu: Menu | null,
): Promise<{ row: ReactionRoleRow } | { taken: { id: number; guildId: string } }> {
  return await db.$transaction(async (tx) => {
    if (entry.messageId) {
      await lockFor(tx, `reaction-roles-message:${entry.messageId}`);
      const existing = await tx
        .select({ id: reactionRoles.id, guildId: reactionRoles.guildId })
        .from(reactionRoles)
        .where(eq(reactionRoles.messageId, entry.messageId))
        .get();
      if (existing) return { taken: existing };
    }
    await ensureGuild(tx, guildId);
    const row = await tx
      .insert(reactionRoles)
      .values({ guildId, channelId: entry.channelId, messageId: entry.messageId, roles: entry.roles, menu })
      .returning()
      .get();
    return { row };
  });
}

/**
 * Deletes an entry: a menu the bot posted is only marked deleted (the bot removes it from Discord,
 * then forgets it). Answers what was done, or null when there is no such entry.
 */
export async function deleteReactionRole(
  db: Db,
  guildId: string,
  id: number,
  at: Date,
): Promise<'marked' | 'deleted' | null> {
  const row = await db.select().from(reactionRoles).where(byId(guildId, id)).get();
  if (!row || row.deletedAt) return null;
  if (row.menu && row.messageId) {
    await db
      .update(reactionRoles)
      .set({ deletedAt: at, active: false })
      .where(eq(reactionRoles.id, row.id))
      .run();
    return 'marked';
  }
  await db.delete(reactionRoles).where(eq(reactionRoles.id, row.id)).run();
  return 'deleted';
}

/** One entry of the server, deleted or not. */
export async function findReactionRole(db: Db, guildId: string, id: number) {
  return await db.select().from(reactionRoles).where(byId(guildId, id)).get();
}

/** What the bot reports after posting a menu: its message, or why it could not post it. */
export async function recordMenuPost(
  db: Db,
  guildId: string,
  id: number,
  messageId: string | null,
  error: string | null,
): Promise<void> {
  await db
    .update(reactionRoles)
    .set({ messageId: messageId ?? '', postError: messageId ? null : error })
    .where(byId(guildId, id))
    .run();
}

/** Forgets an entry (a deleted menu the bot removed from Discord). */
export async function forgetReactionRole(db: Db, guildId: string, id: number): Promise<void> {
  await db.delete(reactionRoles).where(byId(guildId, id)).run();
}

/** Menus still to post (queued while the bot was away) and deleted menus still in Discord. */
export async function pendingMenus(db: Db): Promise<{ guildId: string; id: number }[]> {
  return (
    await db
      .select({
        guildId: reactionRoles.guildId,
        id: reactionRoles.id,
        deletedAt: reactionRoles.deletedAt,
        messageId: reactionRoles.messageId,
        postError: reactionRoles.postError,
      })
      .from(reactionRoles)
      .where(isNotNull(reactionRoles.menu))
      .all()
  )
    .filter((r) => (r.deletedAt ? r.messageId !== '' : r.messageId === '' && !r.postError))
    .map((r) => ({ guildId: r.guildId, id: r.id }));
}
