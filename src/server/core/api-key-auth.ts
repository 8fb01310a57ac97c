import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { preparedPerDb } from '../../../db/prepared';
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

/** The live key of a hash: read on every request an API key sends, so prepared once per database (db/prepared.ts). */
const liveKey = preparedPerDb((db) =>
  db
    .select({ id: apiKeys.id, guildId: apiKeys.guildId, lastUsedAt: apiKeys.lastUsedAt })
    .from(apiKeys)
    .where(and(eq(apiKeys.hash, sql.placeholder('hash')), isNull(apiKeys.revokedAt)))
    .prepare(),
);

/** The live key a Bearer value names, marking it used. */
export async function findApiKey(
  db: Db,
  given: string,
  now: Date,
): Promise<{ id: number; guildId: string } | null> {
  if (!given.startsWith(API_KEY_PREFIX)) return null;
  const row = await liveKey(db).get({ hash: hashKey(given) });
  if (!row) return null;
  if (!row.lastUsedAt || now.getTime() - row.lastUsedAt.getTime() > LAST_USED_RESOLUTION_MS) {
    await db.update(apiKeys).set({ lastUsedAt: now }).where(eq(apiKeys.id, row.id)).run();
  }
  return { id: row.id, guildId: row.guildId };
}
