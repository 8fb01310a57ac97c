import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../../../db/client';
import { voiceSessions } from '../../../../db/schema';

type Session = typeof voiceSessions.$inferSelect;

const newest = [desc(voiceSessions.startedAt), desc(voiceSessions.id)];

/** The server's sessions (only the active ones when asked), newest first. */
export async function listVoiceSessions(db: Db, guildId: string, activeOnly = false): Promise<Session[]> {
  return await db
    .select()
    .from(voiceSessions)
    .where(
      activeOnly
        ? and(eq(voiceSessions.guildId, guildId), eq(voiceSessions.status, 'active'))
        : eq(voiceSessions.guildId, guildId),
    )
    .orderBy(...newest)
    .all();
}

/** One session of the server. */
export async function findVoiceSession(db: Db, guildId: string, id: number): Promise<Session | undefined> {
  return await db
    .select()
    .from(voiceSessions)
    .where(and(eq(voiceSessions.id, id), eq(voiceSessions.guildId, guildId)))
    .get();
}

/** The server's active session in a voice channel, for /voice stop. */
export async function activeVoiceSessionIn(db: Db, guildId: string, channelId: string) {
  return await db
    .select()
    .from(voiceSessions)
    .where(
      and(
        eq(voiceSessions.guildId, guildId),
        eq(voiceSessions.channelId, channelId),
        eq(voiceSessions.status, 'active'),
      ),
    )
    .get();
}

/** End Session from the dashboard: the session ends at `endedAt`, `ms` after it started. */
export async function endFromDashboard(db: Db, id: number, endedAt: Date, ms: number): Promise<Session> {
  return await db
    .update(voiceSessions)
    .set({
      status: 'ended',
      endedAt,
      durationSeconds: Math.round(ms / 1000),
      endReason: 'ended from the dashboard',
    })
    .where(eq(voiceSessions.id, id))
    .returning()
    .get();
}
