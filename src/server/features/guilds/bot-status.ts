import { sql } from 'drizzle-orm';
import { type Db, rawAll, rawRun } from '../../../../db/client';
import type { BotStatus, BotStatusBox, ProcessReport } from '../../core/bot-status';

/**
 * What the bot last said about its own connection, kept in memory beside the services (the bot
 * reports through the bot.reportStatus procedure on ready, disconnect, reconnect and every
 * heartbeat); after a restart the state starts again from "connecting" (or "not configured"
 * without a token). Each report is also written to bot_status (one row per process), so a web
 * process without the bot (npm run start:web) reads the bot processes' reports: online when every
 * bot process that reported in the last BOT_STATUS_FRESH_MS is.
 */

/** Reports older than this (the bot reports every 30 s while online) are of a process gone. */
export const BOT_STATUS_FRESH_MS = 90_000;

/** Several bot processes' reports as one: the first not online, else online with their servers summed. */
function combine(reports: BotStatus[]): BotStatus {
  const down = reports.find((r) => r.state !== 'online');
  if (down) return down;
  const first = reports[0] as BotStatus;
  const commands = reports.find((r) => r.commands)?.commands ?? null;
  const latencies = reports.map((r) => r.latencyMs).filter((n): n is number => n !== null);
  return {
    ...first,
    since: reports.map((r) => r.since).sort()[reports.length - 1] ?? first.since,
    latencyMs: latencies.length ? Math.max(...latencies) : null,
    guilds: reports.reduce((n, r) => n + (r.guilds ?? 0), 0),
    commands,
  };
}

/**
 * The holder the services carry; `configured` is whether DISCORD_TOKEN is set. With `shared`,
 * reports are written to the database and, in a process whose bot never reported, read from it.
 */
export function createBotStatus(
  configured: boolean,
  at: Date,
  shared?: { db: Db; owner: string; clock: () => Date },
): BotStatusBox {
  let reportedHere = false;
  let status: BotStatus = {
    state: configured ? 'connecting' : 'not_configured',
    since: at.toISOString(),
    latencyMs: null,
    shard: null,
    tag: null,
    guilds: null,
    reason: null,
    commands: null,
  };
  const write = async (when: Date) => {
    if (!shared) return;
    try {
      await rawRun(
        shared.db,
        sql`insert into bot_status (owner, status, updated_at) values (${shared.owner}, ${JSON.stringify(status)}, ${when.getTime()})
         on conflict(owner) do update set status = excluded.status, updated_at = excluded.updated_at`,
      );
      // Rows of processes gone for a day (every restart reports under a new pid).
      await rawRun(shared.db, sql`delete from bot_status where updated_at < ${when.getTime() - 86_400_000}`);
    } catch (err) {
      console.error('bot status: not written to the database:', err);
    }
  };
  const fromOthers = async (): Promise<BotStatus | null> => {
    if (!shared) return null;
    try {
      const rows = await rawAll<{ status: string }>(
        shared.db,
        sql`select status from bot_status where updated_at >= ${shared.clock().getTime() - BOT_STATUS_FRESH_MS} order by owner`,
      );
      return rows.length ? combine(rows.map((r) => JSON.parse(r.status) as BotStatus)) : null;
    } catch {
      return null;
    }
  };
  // owner is host:pid (schema.ts bot_status): a child process on this machine reports under its pid.
  const host = shared ? shared.owner.slice(0, shared.owner.lastIndexOf(':')) : '';
  const reportsOf = async (pids: number[]) => {
    const found = new Map<number, ProcessReport>();
    if (!shared || pids.length === 0) return found;
    const owners = pids.map((pid) => `${host}:${pid}`);
    const rows = await rawAll<{ owner: string; status: string; updated_at: number | string }>(
      shared.db,
      sql`select owner, status, updated_at from bot_status where owner in (${sql.join(
        owners.map((o) => sql`${o}`),
        sql`, `,
      )})`,
    );
    const now = shared.clock().getTime();
    for (const row of rows) {
      const pid = Number(row.owner.slice(host.length + 1));
      const at = Number(row.updated_at);
      found.set(pid, {
        status: JSON.parse(row.status) as BotStatus,
        at: new Date(at),
        fresh: at >= now - BOT_STATUS_FRESH_MS,
      });
    }
    return found;
  };
  return {
    reportsOf,
    get: async () => (reportedHere ? status : ((await fromOthers()) ?? status)),
    async report(update, when) {
      if (status.state === 'not_configured') return status;
      reportedHere = true;
      const changed = update.state !== status.state;
      status = {
        state: update.state,
        since: changed ? when.toISOString() : status.since,
        latencyMs: update.state === 'online' ? (update.latencyMs ?? status.latencyMs) : null,
        shard: update.shard !== undefined ? update.shard : status.shard,
        shards: update.shards !== undefined ? update.shards : status.shards,
        tag: update.tag !== undefined ? update.tag : status.tag,
        guilds: update.state === 'online' ? (update.guilds ?? status.guilds) : status.guilds,
        reason: update.state === 'offline' ? (update.reason ?? status.reason) : null,
        commands: update.commands !== undefined ? update.commands : (status.commands ?? null),
      };
      const reported = status;
      await write(when);
      return reported;
    },
  };
}
