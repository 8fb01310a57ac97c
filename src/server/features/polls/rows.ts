import { and, eq } from 'drizzle-orm';
import { type Db, lockFor } from '../../../../db/client';
import { polls } from '../../../../db/schema';
import { ensureGuild } from '../../core/guilds';

type NewPoll = Omit<typeof polls.$inferInsert, 'guildId'>;

/** Stores a poll of the server (its texts already in the server's languages). */
export async function insertPoll(db: Db, guildId: string, poll: NewPoll) {
  await ensureGuild(db, guildId);
  return await db
    .insert(polls)
    .values({ ...poll, guildId })
    .returning()
    .get();
}

/** A posted poll is deleted: marked, for the bot to remove its message first. */
export async function markPollDeleted(db: Db, id: number, at: Date): Promise<void> {
  await db.update(polls).set({ deletedAt: at }).where(eq(polls.id, id)).run();
}

/** The poll and its votes are gone. */
export async function deletePoll(db: Db, guildId: string, id: number): Promise<void> {
  await db
    .delete(polls)
    .where(and(eq(polls.id, id), eq(polls.guildId, guildId)))
    .run();
}

/**
 * Takes a posted poll's refresh (stale cleared) before its votes are read: a vote counted from
 * then on marks the poll stale again and is shown by the next refresh. False: nothing to refresh.
 */
export async function takeStale(db: Db, id: number): Promise<boolean> {
  const taken = await db
    .update(polls)
    .set({ stale: false })
    .where(and(eq(polls.id, id), eq(polls.stale, true)))
    .run();
  return taken.changes > 0;
}

/** A refresh Discord refused: the message stays stale, to be tried again. */
export async function markStale(db: Db, guildId: string, id: number): Promise<void> {
  await db
    .update(polls)
    .set({ stale: true })
    .where(and(eq(polls.id, id), eq(polls.guildId, guildId)))
    .run();
}

/** The outcome of a post: its message id, or why Discord refused it. */
export async function recordPollPost(
  db: Db,
  guildId: string,
  id: number,
  messageId: string | null,
  error: string | null,
): Promise<void> {
  await db
    .update(polls)
    .set({ messageId, postError: messageId ? null : error })
    .where(and(eq(polls.id, id), eq(polls.guildId, guildId)))
    .run();
}

/**
 * Adds translations to a poll's question and options (a language a member asked for): merged into
 * what the row holds now, so two members' languages added at once are both kept.
 */
export async function addPollTexts(
  db: Db,
  guildId: string,
  id: number,
  question: Record<string, string>,
  options: { id: string; text: Record<string, string> }[],
): Promise<void> {
  await db.$transaction(async (tx) => {
    await lockFor(tx, `poll-texts:${id}`);
    const row = await tx
      .select({ question: polls.question, options: polls.options })
      .from(polls)
      .where(and(eq(polls.id, id), eq(polls.guildId, guildId)))
      .get();
    if (!row) return;
    const added = new Map(options.map((o) => [o.id, o.text]));
    await tx
      .update(polls)
      .set({
        question: { ...question, ...row.question },
        options: row.options.map((o) => ({ ...o, text: { ...added.get(o.id), ...o.text } })),
      })
      .where(eq(polls.id, id))
      .run();
  });
}
