import type { Db } from '../../../db/client';
import { guilds } from '../../../db/schema';

/**
 * Makes sure the guild row exists (every row of a guild references it). Mutations call it after
 * their input is validated, right before their first insert: bad input writes nothing.
 */
export async function ensureGuild(db: Db, guildId: string, name = ''): Promise<void> {
  await db.insert(guilds).values({ id: guildId, name }).onConflictDoNothing().run();
}
