import { createHash } from 'node:crypto';
import { lt, sql } from 'drizzle-orm';
import { type Db, rawGet } from '../../../../db/client';
import { rateLimits } from '../../../../db/schema';
import type { RateLimiter } from '../../core/rate-limit';

/** Counter rows of windows that started longer ago than this are deleted (retention job). */
export const RATE_LIMIT_KEEP_MS = 86_400_000;

const hashed = (scope: string, key: string) => createHash('sha256').update(`${scope}\n${key}`).digest('hex');

/**
 * Fixed-window counters of the public forms (login, contact, checkout), kept in the database so
 * every web process behind a load balancer counts the same visitor together. One statement per
 * hit (an upsert that starts a new window when the old one ended), so two processes counting at
 * once never lose a hit. The visitor's address is stored only as a hash.
 */
export function createRateLimiter(
  db: Db,
  scope: string,
  limit: number,
  windowMs: number,
  clock: () => Date,
): RateLimiter {
  const retryAfter = (start: number, now: number) => Math.max(1, Math.ceil((start + windowMs - now) / 1000));
  return {
    async hit(key) {
      const now = clock().getTime();
      const ended = now - windowMs;
      const row = await rawGet<{ start: number; hits: number }>(
        db,
        sql`insert into rate_limits (scope, key, window_start, hits) values (${scope}, ${hashed(scope, key)}, ${now}, 1)
         on conflict (scope, key) do update set
           hits = case when rate_limits.window_start <= ${ended} then 1 else rate_limits.hits + 1 end,
           window_start = case when rate_limits.window_start <= ${ended} then excluded.window_start else rate_limits.window_start end
         returning window_start as start, hits`,
      );
      if (!row || row.hits <= limit) return { ok: true, retryAfterSeconds: 0 };
      return { ok: false, retryAfterSeconds: retryAfter(row.start, now) };
    },
    async peek(key) {
      const now = clock().getTime();
      const row = await rawGet<{ start: number; hits: number }>(
        db,
        sql`select window_start as start, hits from rate_limits where scope = ${scope} and key = ${hashed(scope, key)} and window_start > ${now - windowMs}`,
      );
      // Over the limit means the next attempt would be one too many.
      if (!row || row.hits < limit) return { ok: true, retryAfterSeconds: 0 };
      return { ok: false, retryAfterSeconds: retryAfter(row.start, now) };
    },
  };
}

/** Deletes counters of windows that started over a day ago; answers how many. */
export async function deleteOldRateLimits(db: Db, now: Date): Promise<number> {
  return (
    await db
      .delete(rateLimits)
      .where(lt(rateLimits.windowStart, now.getTime() - RATE_LIMIT_KEEP_MS))
      .run()
  ).changes;
}
