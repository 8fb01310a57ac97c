import { randomBytes } from 'node:crypto';
import { and, desc, eq, isNull } from 'drizzle-orm';
import { TRPCError } from '@trpc/server';
import { type Db, lockFor } from '../../../../db/client';
import { apiKeys } from '../../../../db/schema';
import { hashKey } from '../../core/admin-token';
import { API_KEY_PREFIX } from '../../core/api-key-auth';

/** Keys a server may hold at once (revoked ones do not count). */
export const MAX_API_KEYS = 10;

/**
 * Creates a key, unless the server already holds MAX_API_KEYS live ones (409). The count and the
 * insert share one transaction under the server's lock: keys created at the same moment (two admins,
 * a double click) cannot both pass the count on PostgreSQL.
 */
export async function createApiKey(db: Db, guildId: string, name: string, createdBy: string, now: Date) {
  const key = `${API_KEY_PREFIX}${randomBytes(24).toString('base64url')}`;
  const row = await db.$transaction(async (tx) => {
    await lockFor(tx, `api-keys:${guildId}`);
    if ((await countApiKeys(tx, guildId)) >= MAX_API_KEYS) {
      throw new TRPCError({
        code: 'CONFLICT',
        message: `this server already has ${MAX_API_KEYS} API keys; revoke one first`,
      });
    }
    return await tx
      .insert(apiKeys)
      .values({ guildId, name, prefix: key.slice(0, 12), hash: hashKey(key), createdBy, createdAt: now })
      .returning()
      .get();
  });
  return { key, ...publicKey(row) };
}

type KeyRow = typeof apiKeys.$inferSelect;
const publicKey = (r: KeyRow) => ({
  id: r.id,
  name: r.name,
  prefix: r.prefix,
  createdAt: r.createdAt,
  lastUsedAt: r.lastUsedAt,
});

export async function listApiKeys(db: Db, guildId: string) {
  return (
    await db
      .select()
      .from(apiKeys)
      .where(and(eq(apiKeys.guildId, guildId), isNull(apiKeys.revokedAt)))
      .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id))
      .all()
  ).map(publicKey);
}

export async function countApiKeys(db: Db, guildId: string): Promise<number> {
  return (await listApiKeys(db, guildId)).length;
}

/** Revokes a key of this server; false when there is no such live key. */
export async function revokeApiKey(db: Db, guildId: string, id: number, now: Date): Promise<boolean> {
  const r = await db
    .update(apiKeys)
    .set({ revokedAt: now })
    .where(and(eq(apiKeys.id, id), eq(apiKeys.guildId, guildId), isNull(apiKeys.revokedAt)))
    .run();
  return r.changes > 0;
}
