import { TRPCError } from '@trpc/server';
import { and, asc, count, countDistinct, eq } from 'drizzle-orm';
import { type Db, lockFor } from '../../../../db/client';
import { translationHiddenAuthors, translationOptOuts } from '../../../../db/schema';
import { ensureGuild } from '../../core/guilds';

/**
 * /hide-translations-of (issue 28): a member hides the translations of certain people on a server.
 * It acts only where the bot answers that member alone (Translate Message); copies in linked
 * channels and single-channel replies or threads are public posts, which nobody can hide for one
 * viewer. Only ids are kept; the member lists and removes them with the same command.
 */

/** How many people one member may hide on one server (a bound on the rows one member writes). */
export const HIDDEN_AUTHORS_MAX = 100;

export async function hiddenAuthors(db: Db, guildId: string, userId: string): Promise<string[]> {
  const rows = await db
    .select({ authorId: translationHiddenAuthors.authorId })
    .from(translationHiddenAuthors)
    .where(and(eq(translationHiddenAuthors.guildId, guildId), eq(translationHiddenAuthors.userId, userId)))
    .orderBy(asc(translationHiddenAuthors.createdAt), asc(translationHiddenAuthors.authorId))
    .all();
  return rows.map((r) => r.authorId);
}

/** Hides `authorId`'s translations for `userId`; false when already hidden. 400 past the bound or for oneself. */
export async function hideAuthor(
  db: Db,
  guildId: string,
  userId: string,
  authorId: string,
): Promise<boolean> {
  if (authorId === userId) {
    throw new TRPCError({
      code: 'BAD_REQUEST',
      message: 'member: that is you; to keep your own messages out of translation use /translate-me off',
    });
  }
  return await db.$transaction(async (tx) => {
    // Two hides at once by one member count against the bound one after the other.
    await lockFor(tx, `hidden-authors:${guildId}:${userId}`);
    const have = await hiddenAuthors(tx, guildId, userId);
    if (have.includes(authorId)) return false;
    if (have.length >= HIDDEN_AUTHORS_MAX) {
      throw new TRPCError({
        code: 'BAD_REQUEST',
        message: `member: you already hide ${HIDDEN_AUTHORS_MAX} people on this server, the most there can be; show someone again first (/hide-translations-of action:show)`,
      });
    }
    await ensureGuild(tx, guildId);
    await tx
      .insert(translationHiddenAuthors)
      .values({ guildId, userId, authorId })
      .onConflictDoNothing()
      .run();
    return true;
  });
}

/** Shows `authorId`'s translations again; false when they were not hidden. */
export async function showAuthor(
  db: Db,
  guildId: string,
  userId: string,
  authorId: string,
): Promise<boolean> {
  const gone = await db
    .delete(translationHiddenAuthors)
    .where(
      and(
        eq(translationHiddenAuthors.guildId, guildId),
        eq(translationHiddenAuthors.userId, userId),
        eq(translationHiddenAuthors.authorId, authorId),
      ),
    )
    .returning({ authorId: translationHiddenAuthors.authorId })
    .all();
  return gone.length > 0;
}

/** Removes the member's whole list on this server; the number removed. */
export async function clearHidden(db: Db, guildId: string, userId: string): Promise<number> {
  const gone = await db
    .delete(translationHiddenAuthors)
    .where(and(eq(translationHiddenAuthors.guildId, guildId), eq(translationHiddenAuthors.userId, userId)))
    .returning({ authorId: translationHiddenAuthors.authorId })
    .all();
  return gone.length;
}

/** Whether `userId` hid `authorId`'s translations on this server. */
export async function isHidden(db: Db, guildId: string, userId: string, authorId: string): Promise<boolean> {
  const row = await db
    .select({ authorId: translationHiddenAuthors.authorId })
    .from(translationHiddenAuthors)
    .where(
      and(
        eq(translationHiddenAuthors.guildId, guildId),
        eq(translationHiddenAuthors.userId, userId),
        eq(translationHiddenAuthors.authorId, authorId),
      ),
    )
    .get();
  return row !== undefined;
}

/**
 * What the server's admins see: counts only. Who turned their own translation off, and whom a
 * member hides, are a member's personal choices; a list would invite pressure on them and tells an
 * admin nothing they need to run the server.
 */
export async function optOutCounts(
  db: Db,
  guildId: string,
): Promise<{ notTranslated: number; hidingSomeone: number }> {
  const [off, hiding] = await Promise.all([
    db.select({ n: count() }).from(translationOptOuts).where(eq(translationOptOuts.guildId, guildId)).get(),
    db
      .select({ n: countDistinct(translationHiddenAuthors.userId) })
      .from(translationHiddenAuthors)
      .where(eq(translationHiddenAuthors.guildId, guildId))
      .get(),
  ]);
  return { notTranslated: Number(off?.n ?? 0), hidingSomeone: Number(hiding?.n ?? 0) };
}
