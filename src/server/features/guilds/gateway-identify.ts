import { sql } from 'drizzle-orm';
import { type Db, rawGet } from '../../../../db/client';

/**
 * Discord lets a bot identify one shard per 5 s in each bucket (`shard_id % max_concurrency`,
 * Gateway docs, "Session start limit"). discord.js keeps that wait per process; bot processes
 * started together would each identify at once. The buckets are kept in the database instead,
 * so every bot process of the installation waits its turn. The interval is
 * DISCORD_IDENTIFY_INTERVAL_MS (env), this by default.
 */
export const IDENTIFY_INTERVAL_MS = 5_000;

/**
 * Takes the bucket's next identify slot if it is free now (one statement: two processes asking
 * at once never both get it). Answers 0 when taken, else how many ms until it is free.
 */
export async function takeIdentifySlot(
  db: Db,
  rateLimitKey: number,
  now: number,
  intervalMs = IDENTIFY_INTERVAL_MS,
): Promise<number> {
  const taken = await rawGet<{ nextAt: number }>(
    db,
    sql`insert into gateway_identify (rate_limit_key, next_at) values (${rateLimitKey}, ${now + intervalMs})
     on conflict (rate_limit_key) do update set next_at = excluded.next_at
       where gateway_identify.next_at <= ${now}
     returning next_at as "nextAt"`,
  );
  if (taken) return 0;
  const row = await rawGet<{ nextAt: number }>(
    db,
    sql`select next_at as "nextAt" from gateway_identify where rate_limit_key = ${rateLimitKey}`,
  );
  return Math.max(1, (row?.nextAt ?? now) - now);
}
