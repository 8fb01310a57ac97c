import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { apiKeys } from '../../../db/schema';
import { hashKey } from './admin-token';

/**
 * An API key as a credential (authenticate.ts): how one looks and the live one a Bearer value names.
 * The keys themselves are made, listed and revoked by their capability (features/api-keys).
 */

/** API keys start with this, so a leaked one is recognisable (and told apart from the admin token). */
export const API_KEY_PREFIX = 'pgk_';
/** last used is written at most this often per key (not on every request). */
const LAST_USED_RESOLUTION_MS = 60_000;

/** The live key a Bearer value names, marking it used. */
export async function findApiKey(
  db: Db,
  given: string,
  now: Date,
): Promise<{ id: number; guildId: string } | null> {
  if (!given.startsWith(API_KEY_PREFIX)) return null;
  const row = await db
    .select()
    .from(apiKeys)
    .where(and(eq(apiKeys.hash, hashKey(given)), isNull(apiKeys.revokedAt)))
    .get();
  if (!row) return null;
  if (!row.lastUsedAt || now.getTime() - row.lastUsedAt.getTime() > LAST_USED_RESOLUTION_MS) {
    await db.update(apiKeys).set({ lastUsedAt: now }).where(eq(apiKeys.id, row.id)).run();
  }
  return { id: row.id, guildId: row.guildId };
}
