import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../../../db/client';
import { announcements } from '../../../../db/schema';
import { ensureGuild } from '../../core/guilds';

export type Announcement = typeof announcements.$inferSelect;

/** One announcement of the server. */
export async function findAnnouncement(
  db: Db,
  guildId: string,
  id: number,
): Promise<Announcement | undefined> {
  return await db
    .select()
    .from(announcements)
    .where(and(eq(announcements.id, id), eq(announcements.guildId, guildId)))
    .get();
}

/** The server's announcements, newest first. */
export async function listAnnouncements(db: Db, guildId: string): Promise<Announcement[]> {
  return await db
    .select()
    .from(announcements)
    .where(eq(announcements.guildId, guildId))
    .orderBy(desc(announcements.createdAt), desc(announcements.id))
    .all();
}

/** Stores a draft with the translations it already has. */
export async function storeDraft(
  db: Db,
  guildId: string,
  draft: Pick<
    Announcement,
    'createdBy' | 'originalText' | 'originalLanguage' | 'translations' | 'targetChannels' | 'createdAt'
  >,
): Promise<Announcement> {
  await ensureGuild(db, guildId);
  return await db
    .insert(announcements)
    .values({ guildId, status: 'draft', ...draft })
    .returning()
    .get();
}

/** Post Now: marks the request (the bot clears it once Discord answered). */
export async function markPostRequested(db: Db, id: number, at: Date): Promise<Announcement> {
  return await db
    .update(announcements)
    .set({ postRequestedAt: at })
    .where(eq(announcements.id, id))
    .returning()
    .get();
}

export async function deleteAnnouncement(db: Db, id: number): Promise<void> {
  await db.delete(announcements).where(eq(announcements.id, id)).run();
}
