import { and, eq, gte, sql } from 'drizzle-orm';
import type { Db } from '../../../../db/client';
import { skippedTrivialDaily } from '../../../../db/schema';
import { ensureGuild } from '../../core/guilds';

const DAY = 86_400_000;

/**
 * A channel message skipped as trivial chatter (issue 28): one more for the server's UTC day (a
 * counter, never the message), the provider calls the "Skip short chatter" switch saved.
 */
export async function countSkippedTrivial(db: Db, guildId: string, at: Date): Promise<void> {
  await ensureGuild(db, guildId);
  const day = Math.floor(at.getTime() / DAY) * DAY;
  await db
    .insert(skippedTrivialDaily)
    .values({ guildId, day, count: 1 })
    .onConflictDoUpdate({
      target: [skippedTrivialDaily.guildId, skippedTrivialDaily.day],
      set: { count: sql`${skippedTrivialDaily.count} + 1` },
    })
    .run();
}

/** Messages skipped as short chatter in the last 30 days (today included): the Analytics screen. */
export async function skippedTrivialCount(db: Db, guildId: string, now: Date): Promise<number> {
  const since = Math.floor(now.getTime() / DAY) * DAY - 29 * DAY;
  const row = await db
    .select({ n: sql<number | null>`sum(${skippedTrivialDaily.count})` })
    .from(skippedTrivialDaily)
    .where(and(eq(skippedTrivialDaily.guildId, guildId), gte(skippedTrivialDaily.day, since)))
    .get();
  return Number(row?.n ?? 0);
}
