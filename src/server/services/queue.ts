import { EventEmitter } from 'node:events';
import type { Db } from '../../../db/client';
import type { ServerEvents } from './index';

/**
 * The durable work queue between processes (table queue_jobs). Every bot-bound server event
 * (services.events.emit('announcement:post', ...)) is written as a job row first; the bot process
 * holding the server's shard claims it with a lease, runs the bot's handler, and marks it done or
 * schedules a retry with exponential backoff (bot/queue-worker.ts). A process that dies mid-job
 * leaves a lease that expires; another (or the restarted) process takes the job then.
 *
 * Claims run in an IMMEDIATE transaction: SQLite lets one writer in at a time across every process
 * on the file, so two processes never take the same job. The payload holds ids and numbers only,
 * never message text (privacy list); done jobs are deleted after QUEUE_DONE_RETENTION_MS.
 */

/** How often a worker looks for jobs written by another process (an emit in its own process wakes it at once). */
export const QUEUE_POLL_MS = 500;
/** How long a claimed job is held before another process may take it; a running worker renews it. */
export const QUEUE_LEASE_MS = 60_000;
/** Tries before a job is given up (its reason logged and kept on the row). */
export const QUEUE_MAX_ATTEMPTS = 6;
/** First retry waits this long, then twice as long each time, at most QUEUE_MAX_BACKOFF_MS. */
export const QUEUE_BACKOFF_MS = 2_000;
export const QUEUE_MAX_BACKOFF_MS = 5 * 60_000;
/** Done jobs are deleted after this; failed and never-taken ones after QUEUE_KEEP_FAILED_MS. */
export const QUEUE_DONE_RETENTION_MS = 10 * 60_000;
export const QUEUE_KEEP_FAILED_MS = 7 * 86_400_000;

export type QueueKind = keyof ServerEvents;

export interface QueueJob {
  id: number;
  kind: QueueKind;
  guildId: string;
  payload: Record<string, unknown>;
  /** Tries so far, this one included. */
  attempts: number;
}

export interface QueueOptions {
  leaseMs?: number;
  maxAttempts?: number;
  backoffMs?: number;
  maxBackoffMs?: number;
}

export interface ClaimOptions {
  /** Who takes the jobs (process and client); only the owner may finish them. */
  owner: string;
  /** The shard ids this process holds, of `total`; null takes every shard. */
  shards: number[] | null;
  total: number;
  limit?: number;
}

/** The shard that carries a server's events: (guild_id >> 22) % total (Discord's formula). */
export function shardOf(guildId: string, total: number): number {
  if (!/^\d{1,20}$/.test(guildId) || total <= 1) return 0;
  return Number((BigInt(guildId) >> 22n) % BigInt(total));
}

export interface Queue {
  /**
   * Writes a job and wakes the workers of this process; returns its id. The same job (kind, server,
   * payload) still waiting untried is not written twice: it is that job's id.
   */
  enqueue(kind: QueueKind, guildId: string, payload: object): number;
  /** Takes up to `limit` due jobs of the given shards, oldest first, leased to `owner`. */
  claim(opts: ClaimOptions): QueueJob[];
  /** The job succeeded: done (false when the lease had passed to another process). */
  complete(id: number, owner: string): boolean;
  /** The job failed: retried after its backoff, or given up after the last attempt. */
  fail(id: number, owner: string, error: string): { outcome: 'retry'; runAt: number } | { outcome: 'failed' };
  /** Extends the lease of jobs still running. */
  renew(ids: number[], owner: string): void;
  /** Deletes done jobs past their retention, and failed or never-taken ones after a week. */
  purge(): number;
  /** Called after each enqueue in this process (the local wake-up). Returns the unsubscribe. */
  onEnqueue(listener: () => void): () => void;
  /** Counts by status, for /healthz and tests. */
  counts(): { pending: number; done: number; failed: number };
}

interface Row {
  id: number;
  kind: string;
  guild_id: string;
  payload: string;
  attempts: number;
}

export function createQueue(db: Db, clock: () => Date, options: QueueOptions = {}): Queue {
  const leaseMs = options.leaseMs ?? QUEUE_LEASE_MS;
  const maxAttempts = options.maxAttempts ?? QUEUE_MAX_ATTEMPTS;
  const backoffMs = options.backoffMs ?? QUEUE_BACKOFF_MS;
  const maxBackoffMs = options.maxBackoffMs ?? QUEUE_MAX_BACKOFF_MS;
  const sqlite = db.$client;
  const local = new EventEmitter();
  local.setMaxListeners(0);
  const now = () => clock().getTime();

  const insert = sqlite.prepare(
    'insert into queue_jobs (kind, guild_id, payload, run_at) values (?, ?, ?, ?) returning id',
  );
  // The same job still waiting, never tried (a burst of poll votes, Post Now pressed twice).
  const waiting = sqlite.prepare(
    `select id from queue_jobs
     where kind = ? and guild_id = ? and payload = ? and status = 'pending' and attempts = 0 and lease_owner is null
     limit 1`,
  );
  const dueWhere = (o: ClaimOptions) => {
    const shardFilter = o.shards
      ? `and ((cast(guild_id as integer) >> 22) % ${Math.max(1, Math.trunc(o.total))}) in (${o.shards.map((s) => Math.trunc(s)).join(',') || '-1'})`
      : '';
    return `status = 'pending' and run_at <= @at and (lease_until is null or lease_until <= @at) ${shardFilter}`;
  };
  const claimTx = sqlite.transaction(
    (o: ClaimOptions, at: number): Row[] =>
      sqlite
        .prepare(
          `update queue_jobs set lease_owner = @owner, lease_until = @until, attempts = attempts + 1
         where id in (select id from queue_jobs where ${dueWhere(o)} order by id limit @limit)
         returning id, kind, guild_id, payload, attempts`,
        )
        .all({ owner: o.owner, until: at + leaseMs, at, limit: o.limit ?? 20 }) as Row[],
  );
  const completeStmt = sqlite.prepare(
    `update queue_jobs set status = 'done', finished_at = ?, lease_until = null, last_error = null
     where id = ? and lease_owner = ? and status = 'pending'`,
  );
  const attemptsOf = sqlite.prepare('select attempts, lease_owner as owner from queue_jobs where id = ?');
  const retryStmt = sqlite.prepare(
    `update queue_jobs set run_at = ?, lease_owner = null, lease_until = null, last_error = ?
     where id = ? and lease_owner = ? and status = 'pending'`,
  );
  const giveUpStmt = sqlite.prepare(
    `update queue_jobs set status = 'failed', finished_at = ?, lease_until = null, last_error = ?
     where id = ? and lease_owner = ? and status = 'pending'`,
  );
  const renewStmt = sqlite.prepare(
    `update queue_jobs set lease_until = ? where id = ? and lease_owner = ? and status = 'pending'`,
  );
  const purgeStmt = sqlite.prepare(
    `delete from queue_jobs
     where (status = 'done' and finished_at < ?) or (status = 'failed' and finished_at < ?)
        or (status = 'pending' and created_at < ?)`,
  );

  return {
    enqueue(kind, guildId, payload) {
      const json = JSON.stringify(payload);
      const row = (waiting.get(kind, guildId, json) ?? insert.get(kind, guildId, json, now())) as {
        id: number;
      };
      local.emit('enqueue');
      return row.id;
    },
    claim(o) {
      const at = now();
      // A read first: an idle poll never takes the write lock other processes need.
      if (!sqlite.prepare(`select 1 from queue_jobs where ${dueWhere(o)} limit 1`).get({ at })) return [];
      const rows = claimTx.immediate(o, at);
      return rows
        .map((r) => ({
          id: r.id,
          kind: r.kind as QueueKind,
          guildId: r.guild_id,
          payload: JSON.parse(r.payload) as Record<string, unknown>,
          attempts: r.attempts,
        }))
        .sort((a, b) => a.id - b.id);
    },
    complete(id, owner) {
      return completeStmt.run(now(), id, owner).changes === 1;
    },
    fail(id, owner, error) {
      const reason = error.slice(0, 500);
      const row = attemptsOf.get(id) as { attempts: number; owner: string | null } | undefined;
      const at = now();
      if (!row || row.attempts >= maxAttempts) {
        giveUpStmt.run(at, reason, id, owner);
        return { outcome: 'failed' };
      }
      const runAt = at + Math.min(backoffMs * 2 ** (row.attempts - 1), maxBackoffMs);
      retryStmt.run(runAt, reason, id, owner);
      return { outcome: 'retry', runAt };
    },
    renew(ids, owner) {
      const until = now() + leaseMs;
      for (const id of ids) renewStmt.run(until, id, owner);
    },
    purge() {
      const at = now();
      return purgeStmt.run(at - QUEUE_DONE_RETENTION_MS, at - QUEUE_KEEP_FAILED_MS, at - QUEUE_KEEP_FAILED_MS)
        .changes;
    },
    onEnqueue(listener) {
      local.on('enqueue', listener);
      return () => local.off('enqueue', listener);
    },
    counts() {
      const rows = sqlite.prepare('select status, count(*) as n from queue_jobs group by status').all() as {
        status: 'pending' | 'done' | 'failed';
        n: number;
      }[];
      const out = { pending: 0, done: 0, failed: 0 };
      for (const r of rows) out[r.status] = r.n;
      return out;
    },
  };
}

/**
 * services.events: every event is bot-bound work, so emit writes it as a queue job (the durable
 * record the bot process holding the server's shard takes) and then tells this process's own
 * listeners (tests and anything else observing). Call sites stay `events.emit(name, payload)`.
 * Seam for PostgreSQL: enqueue would NOTIFY, and workers would LISTEN instead of polling.
 */
export class DurableEvents extends EventEmitter<ServerEvents> {
  constructor(private readonly queue: Queue) {
    super();
  }

  override emit<K extends QueueKind>(name: K, ...args: ServerEvents[K]): boolean {
    const payload = args[0] as { guildId: string };
    this.queue.enqueue(name, payload.guildId, payload);
    return super.emit(name, ...(args as never));
  }
}
