import { sql } from 'drizzle-orm';
import { rawGet } from '../../../db/client';
import type { Services } from './services';

/** A gateway shard of the bot running in this process. */
export interface ShardHealth {
  id: number;
  /** discord.js's state: Ready, Connecting, Reconnecting, Resuming, Disconnected, ... */
  status: string;
  ping: number;
  guilds: number;
}

/** What /healthz can say besides the database: filled in once the bot runs in this process. */
export interface HealthSources {
  shards?: () => ShardHealth[];
  /** This process's role: all (npm start), web (start:web) or bot (start:bot). */
  role?: 'all' | 'web' | 'bot';
}

/**
 * GET /healthz: the database answers a trivial query (503 when it does not), the queue's backlog,
 * and, when this process runs the bot, each shard's gateway state.
 */
export async function healthReport(
  services: Services,
  sources: HealthSources = {},
): Promise<{ status: 200 | 503; body: object }> {
  let database: { ok: true } | { ok: false; error: string };
  let queue: { pending: number; failed: number } | undefined;
  try {
    await rawGet(services.db, sql`select 1`);
    database = { ok: true };
    const counts = await services.queue.counts();
    queue = { pending: counts.pending, failed: counts.failed };
  } catch (err) {
    database = { ok: false, error: err instanceof Error ? err.message : String(err) };
  }
  const shards = sources.shards?.();
  const body = {
    ok: database.ok,
    role: sources.role ?? 'all',
    database,
    ...(queue ? { queue } : {}),
    ...(shards ? { bot: { shards } } : {}),
  };
  return { status: database.ok ? 200 : 503, body };
}
