import { and, asc, eq, inArray, or } from 'drizzle-orm';
import type { Db } from '../../../../db/client';
import { messageCopies } from '../../../../db/schema';

/**
 * The map from an original message to its copies (mirror posts, single-channel replies,
 * flag-reaction translations), so edits, deletes, replies and threads follow.
 */
export type CopyKind = 'webhook' | 'reply' | 'reaction';

export interface CopyRow {
  copyMessageId: string;
  copyChannelId: string;
  language: string;
  kind: CopyKind;
}

export async function recordCopies(
  db: Db,
  guildId: string,
  original: { messageId: string; channelId: string },
  copies: CopyRow[],
): Promise<void> {
  if (copies.length === 0) return;
  await db
    .insert(messageCopies)
    .values(
      copies.map((c) => ({
        guildId,
        originalMessageId: original.messageId,
        originalChannelId: original.channelId,
        ...c,
      })),
    )
    .run();
}

export async function copiesOf(db: Db, originalMessageId: string, kinds?: CopyKind[]) {
  return await db
    .select()
    .from(messageCopies)
    .where(
      kinds
        ? and(eq(messageCopies.originalMessageId, originalMessageId), inArray(messageCopies.kind, kinds))
        : eq(messageCopies.originalMessageId, originalMessageId),
    )
    .all();
}

/**
 * Of these copy messages, the ones that also carry another original (copies combined behind
 * Discord's webhook limit, bot/features/channels/copy-queue.ts): an edit or delete of one original
 * leaves them as they are, so the others' lines stay.
 */
export async function sharedCopies(db: Db, copyMessageIds: string[], originalMessageId: string) {
  if (copyMessageIds.length === 0) return new Set<string>();
  const rows = await db
    .select({ id: messageCopies.copyMessageId, original: messageCopies.originalMessageId })
    .from(messageCopies)
    .where(inArray(messageCopies.copyMessageId, copyMessageIds))
    .all();
  return new Set(rows.filter((r) => r.original !== originalMessageId).map((r) => r.id));
}

/** Removes and returns the copies of an original (it was deleted). */
export async function takeCopies(db: Db, originalMessageId: string, kinds?: CopyKind[]) {
  const rows = await copiesOf(db, originalMessageId, kinds);
  if (rows.length)
    await db
      .delete(messageCopies)
      .where(
        inArray(
          messageCopies.id,
          rows.map((r) => r.id),
        ),
      )
      .run();
  return rows;
}

/** Forgets rows whose copy message is gone (a copy deleted by hand). */
export async function forgetCopy(db: Db, copyMessageId: string): Promise<void> {
  await db.delete(messageCopies).where(eq(messageCopies.copyMessageId, copyMessageId)).run();
}

/**
 * Every message that stands for the same one across a mirror link: channel id -> message id,
 * the original included, whether `messageId` is the original or one of its mirror copies.
 * A thread started from a message has that message's id, so this maps threads too. A copy split
 * into several messages (a long translation) stands as its first one, the one a reader sees
 * first: reactions go there, replies link there, a thread or forum post opens there.
 */
export async function counterparts(db: Db, messageId: string): Promise<Map<string, string>> {
  const asCopy = await db
    .select()
    .from(messageCopies)
    .where(and(eq(messageCopies.copyMessageId, messageId), eq(messageCopies.kind, 'webhook')))
    .get();
  const originalId = asCopy ? asCopy.originalMessageId : messageId;
  const rows = await db
    .select()
    .from(messageCopies)
    .where(
      and(
        eq(messageCopies.kind, 'webhook'),
        or(eq(messageCopies.originalMessageId, originalId), eq(messageCopies.copyMessageId, originalId)),
      ),
    )
    .orderBy(asc(messageCopies.id))
    .all();
  const map = new Map<string, string>();
  for (const r of rows) {
    if (r.originalMessageId === originalId) {
      map.set(r.originalChannelId, r.originalMessageId);
      // The parts of a split copy are recorded in order: the first one stands for the copy.
      if (!map.has(r.copyChannelId)) map.set(r.copyChannelId, r.copyMessageId);
    }
  }
  return map;
}
