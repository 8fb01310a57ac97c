import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../../db/client';
import { preparedPerDb } from '../../../../db/prepared';
import { readOnce } from '../../../../db/read-scope';
import { translationOptOuts } from '../../../../db/schema';
import { ensureGuild } from '../../core/guilds';

/**
 * Members who said "don't translate my messages" on a server (/translate-me off, issue 28): their
 * messages are never sent to the provider (nor kept as context for others' translations); in a
 * mirror link they are copied as written with a mark in each channel's language (channels/labels.ts),
 * in a translation room they get no reply (the words are already there). Only the ids are kept.
 */

export async function setTranslated(
  db: Db,
  guildId: string,
  userId: string,
  translated: boolean,
): Promise<void> {
  if (translated) {
    await db
      .delete(translationOptOuts)
      .where(and(eq(translationOptOuts.guildId, guildId), eq(translationOptOuts.userId, userId)))
      .run();
    return;
  }
  await ensureGuild(db, guildId);
  await db.insert(translationOptOuts).values({ guildId, userId }).onConflictDoNothing().run();
}

/** True when the member opted out on this server (read once per message: db/read-scope.ts). */
/** A member's opt-out row (read on every message): built once per database handle. */
const optOutRow = preparedPerDb((db) =>
  db
    .select({ userId: translationOptOuts.userId })
    .from(translationOptOuts)
    .where(
      and(
        eq(translationOptOuts.guildId, sql.placeholder('guildId')),
        eq(translationOptOuts.userId, sql.placeholder('userId')),
      ),
    )
    .prepare(),
);

export async function optedOut(db: Db, guildId: string, userId: string): Promise<boolean> {
  return await readOnce(`opted-out:${guildId}:${userId}`, async () => {
    const row = await optOutRow(db).get({ guildId, userId });
    return row !== undefined;
  });
}
