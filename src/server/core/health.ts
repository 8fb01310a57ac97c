import { sql } from 'drizzle-orm';
import { rawGet } from '../../../db/client';
import type { Services } from './services';

/** A gateway shard of the bot, run in this process or in a bot process this process started. */
export interface ShardHealth {
  id: number;
  /** discord.js's state: Ready, Connecting, Reconnecting, Resuming, Disconnected, ...; Unreported: no report of it. */
  status: string;
  /** Heartbeat round trip in ms (-1 before the first). */
  ping: number;
  guilds: number;
  /** When the newest heartbeat was acknowledged (ISO date-time), null before the first. */
  lastHeartbeat: string | null;
}

/** A bot process `npm start -- --bot-processes N` started (core/bot-processes.ts). */
export interface ChildBot {
  name: string;
  pid: number;
  /** The shards it was given. */
  shards: number[];
  /** Null while it runs; its exit code (or signal) once it exited. */
  exited: null | { code: number | null; signal: string | null };
}

/** What /healthz can say besides the database: filled in once the bot runs in this process. */
export interface HealthSources {
  shards?: () => ShardHealth[];
  /** With --bot-processes: the bot processes this process started; their shards come from their reports. */
  childBots?: () => ChildBot[];
  /** This process's role: all (npm start), web (start:web) or bot (start:bot). */
  role?: 'all' | 'web' | 'bot';
}

interface ChildHealth {
  name: string;
  pid: number;
  ok: boolean;
  /** Why it is not ok (exited, no fresh report, the bot offline), null when it is. */
  problem: string | null;
  /** When its newest status report was written (ISO date-time), null before the first. */
  reportedAt: string | null;
  shards: ShardHealth[];
}

const unreported = (id: number): ShardHealth => ({
  id,
  status: 'Unreported',
  ping: -1,
  guilds: 0,
  lastHeartbeat: null,
});

/**
 * Each child bot process and its shards, from the status reports it writes to bot_status (on ready,
 * disconnect, reconnect, resume and every 30 s: bot/features/guilds/status.ts). Down when it exited,
 * has not reported in BOT_STATUS_FRESH_MS (hung, or not yet reported), or says it is not online.
 */
export async function childBotsHealth(services: Services, children: ChildBot[]): Promise<ChildHealth[]> {
  const reports = await services.botStatus.reportsOf(children.map((c) => c.pid));
  const now = services.clock().getTime();
  return children.map((child) => {
    const report = reports.get(child.pid);
    const reported = new Map((report?.status.shards ?? []).map((s) => [s.id, s]));
    const shards = child.shards.map((id): ShardHealth => {
      const s = reported.get(id);
      if (!s?.status) return unreported(id);
      return {
        id,
        status: s.status,
        ping: s.ping ?? -1,
        guilds: s.guilds ?? 0,
        lastHeartbeat: s.lastHeartbeat ?? null,
      };
    });
    let problem: string | null = null;
    if (child.exited)
      problem = `exited (${child.exited.signal ? `signal ${child.exited.signal}` : `code ${child.exited.code}`})`;
    else if (!report) problem = 'no status report yet';
    else if (!report.fresh)
      problem = `no status report for ${Math.round((now - report.at.getTime()) / 1000)} s`;
    else if (report.status.state !== 'online')
      problem = `the bot is ${report.status.state}${report.status.reason ? `: ${report.status.reason}` : ''}`;
    return {
      name: child.name,
      pid: child.pid,
      ok: problem === null && shards.every((s) => s.status === 'Ready'),
      problem,
      reportedAt: report ? report.at.toISOString() : null,
      shards,
    };
  });
}

/**
 * GET /healthz: the database answers a trivial query, the queue's backlog, and the bot's shards:
 * those this process runs, or with --bot-processes each bot process it started and its shards.
 * 503 when the database does not answer, a shard is not Ready, or a bot process is down.
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
  let bot: { ok: boolean; shards: ShardHealth[]; processes?: ChildHealth[] } | undefined;
  const children = sources.childBots?.();
  if (children) {
    const processes = database.ok
      ? await childBotsHealth(services, children)
      : children.map((c) => ({
          name: c.name,
          pid: c.pid,
          ok: false,
          problem: 'its status reports are in the database, which does not answer',
          reportedAt: null,
          shards: c.shards.map(unreported),
        }));
    bot = {
      ok: database.ok && processes.every((p) => p.ok),
      shards: processes.flatMap((p) => p.shards),
      processes,
    };
  } else {
    const shards = sources.shards?.();
    if (shards) bot = { ok: shards.every((s) => s.status === 'Ready'), shards };
  }
  const ok = database.ok && (bot?.ok ?? true);
  const body = {
    ok,
    role: sources.role ?? 'all',
    database,
    ...(queue ? { queue } : {}),
    ...(bot ? { bot } : {}),
  };
  return { status: ok ? 200 : 503, body };
}
