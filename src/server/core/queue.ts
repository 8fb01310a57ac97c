import { sql } from 'drizzle-orm';
import { EventEmitter } from 'node:events';
import { type Db, lockFor, rawAll, rawGet, rawRun } from '../../../db/client';
import type { ServerEvents } from './server-events';

/**
 * The durable work queue between processes (table queue_jobs). Every bot-bound server event
 * (services.events.publish('announcement:post', ...)) is written as a job row first; the bot process
 * holding the server's shard claims it with a lease, runs the bot's handler, and marks it done or
 * schedules a retry with exponential backoff (bot/queue-worker.ts). A process that dies mid-job
 * leaves a lease that expires; another (or the restarted) process takes the job then.
 *
 * A claim is one UPDATE that re-checks the lease on each row it takes: on SQLite one writer goes
 * at a time across every process on the file, on PostgreSQL concurrent claims skip locked rows,
 * so two processes never take the same job. The payload holds ids and numbers only,
 * never message text (privacy list); done jobs are deleted after QUEUE_DONE_RETENTION_MS.
 */

/** Jobs written by any process are announced on this PostgreSQL channel (LISTEN/NOTIFY). */
export const QUEUE_CHANNEL = 'polyglot_queue';
/**
 * How often a worker looks for jobs written by another process (an enqueue in its own process, or
 * on PostgreSQL a NOTIFY from any process, wakes it at once; the poll also finds retries that
 * came due).
 */
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
  enqueue(kind: QueueKind, guildId: string, payload: object): Promise<number>;
  /** Takes up to `limit` due jobs of the given shards, oldest first, leased to `owner`. */
  claim(opts: ClaimOptions): Promise<QueueJob[]>;
  /** The job succeeded: done (false when the lease had passed to another process). */
  complete(id: number, owner: string): Promise<boolean>;
  /**
   * The job failed: retried after its backoff, or given up after the last attempt (or at once when
   * `final`: the failure would only repeat, e.g. a refusal).
   */
  fail(
    id: number,
    owner: string,
    error: string,
    opts?: { final?: boolean },
  ): Promise<{ outcome: 'retry'; runAt: number } | { outcome: 'failed' }>;
  /** Extends the lease of jobs still running. */
  renew(ids: number[], owner: string): Promise<void>;
  /**
   * Hands claimed jobs back untried (a worker that stopped while its claim was in flight): free for
   * the next process at once, the claim's attempt not counted.
   */
  release(ids: number[], owner: string): Promise<void>;
  /** Deletes done jobs past their retention, and failed or never-taken ones after a week. */
  purge(): Promise<number>;
  /** Called after each enqueue in this process (the local wake-up). Returns the unsubscribe. */
  onEnqueue(listener: () => void): () => void;
  /** Counts by status, for /healthz and tests. */
  counts(): Promise<{ pending: number; done: number; failed: number }>;
  /** How long the oldest due pending job has waited past its run time, in ms (0 when none). */
  oldestDueAgeMs(): Promise<number>;
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
  const local = new EventEmitter();
  let listening: Promise<() => Promise<void>> | null = null;
  local.setMaxListeners(0);
  const now = () => clock().getTime();
  // PostgreSQL runs claims of several processes at once: each skips rows another is taking.
  const skipLocked = db.$exec.dialect === 'postgres' ? sql` for update skip locked` : sql``;

  const dueWhere = (o: ClaimOptions, at: number) => {
    const shardFilter = o.shards
      ? sql` and ((cast(guild_id as bigint) >> 22) % ${Math.max(1, Math.trunc(o.total))}) in (${sql.join(
          o.shards.length ? o.shards.map((s) => sql`${Math.trunc(s)}`) : [sql`-1`],
          sql`, `,
        )})`
      : sql``;
    return sql`status = 'pending' and run_at <= ${at} and (lease_until is null or lease_until <= ${at})${shardFilter}`;
  };

  return {
    async enqueue(kind, guildId, payload) {
      const json = JSON.stringify(payload);
      // The same job still waiting, never tried (a burst of poll votes, Post Now pressed twice) is
      // written once. On SQLite the one statement is enough (one connection runs one statement at
      // a time). On PostgreSQL two pool connections can both find no such row and both insert, so
      // the check and the insert hold a lock named for the server's jobs of this kind.
      const same = sql`kind = ${kind} and guild_id = ${guildId} and payload = ${json} and status = 'pending' and attempts = 0 and lease_owner is null`;
      const write = async (tx: Db) =>
        (await rawGet<{ id: number }>(
          tx,
          sql`insert into queue_jobs (kind, guild_id, payload, run_at)
           select ${kind}, ${guildId}, ${json}, ${now()} where not exists (select 1 from queue_jobs where ${same})
           returning id`,
        )) ??
        (await rawGet<{ id: number }>(tx, sql`select id from queue_jobs where ${same} order by id limit 1`));
      const row =
        db.$exec.dialect === 'postgres'
          ? await db.$transaction(async (tx) => {
              await lockFor(tx, `queue:${kind}:${guildId}`);
              return await write(tx);
            })
          : await write(db);
      local.emit('enqueue');
      // Other processes' workers (PostgreSQL); on SQLite they find it at their next poll.
      await db.$exec
        .notify?.(QUEUE_CHANNEL)
        .catch((err: Error) => console.error(`Queue: notify failed: ${err.message}`));
      return (row as { id: number }).id;
    },
    async claim(o) {
      const at = now();
      // A read first: an idle poll never takes the write lock other processes need.
      if (!(await rawGet(db, sql`select 1 from queue_jobs where ${dueWhere(o, at)} limit 1`))) return [];
      // One statement: the due check is repeated on the row being updated, so a job another
      // process took meanwhile is not taken twice. The picked ids are a materialized CTE: as a
      // subquery in `where id in (...)`, PostgreSQL may run the pick once per row it updates, and
      // the limit then no longer bounds how many jobs one claim takes.
      const rows = await rawAll<Row>(
        db,
        sql`with picked as materialized (
           select id from queue_jobs where ${dueWhere(o, at)} order by id limit ${o.limit ?? 20}${skipLocked})
         update queue_jobs set lease_owner = ${o.owner}, lease_until = ${at + leaseMs}, attempts = attempts + 1
         where id in (select id from picked)
           and status = 'pending' and (lease_until is null or lease_until <= ${at})
         returning id, kind, guild_id, payload, attempts`,
      );
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
    async complete(id, owner) {
      const changed = await rawRun(
        db,
        sql`update queue_jobs set status = 'done', finished_at = ${now()}, lease_until = null, last_error = null
         where id = ${id} and lease_owner = ${owner} and status = 'pending'`,
      );
      return changed === 1;
    },
    async fail(id, owner, error, opts = {}) {
      const reason = error.slice(0, 500);
      const row = await rawGet<{ attempts: number }>(
        db,
        sql`select attempts from queue_jobs where id = ${id}`,
      );
      const at = now();
      if (!row || row.attempts >= maxAttempts || opts.final) {
        await rawRun(
          db,
          sql`update queue_jobs set status = 'failed', finished_at = ${at}, lease_until = null, last_error = ${reason}
           where id = ${id} and lease_owner = ${owner} and status = 'pending'`,
        );
        return { outcome: 'failed' };
      }
      const runAt = at + Math.min(backoffMs * 2 ** (row.attempts - 1), maxBackoffMs);
      await rawRun(
        db,
        sql`update queue_jobs set run_at = ${runAt}, lease_owner = null, lease_until = null, last_error = ${reason}
         where id = ${id} and lease_owner = ${owner} and status = 'pending'`,
      );
      return { outcome: 'retry', runAt };
    },
    async renew(ids, owner) {
      const until = now() + leaseMs;
      for (const id of ids) {
        await rawRun(
          db,
          sql`update queue_jobs set lease_until = ${until} where id = ${id} and lease_owner = ${owner} and status = 'pending'`,
        );
      }
    },
    async release(ids, owner) {
      for (const id of ids) {
        await rawRun(
          db,
          sql`update queue_jobs set lease_owner = null, lease_until = null, attempts = attempts - 1
           where id = ${id} and lease_owner = ${owner} and status = 'pending'`,
        );
      }
    },
    async purge() {
      const at = now();
      return await rawRun(
        db,
        sql`delete from queue_jobs
         where (status = 'done' and finished_at < ${at - QUEUE_DONE_RETENTION_MS}) or (status = 'failed' and finished_at < ${at - QUEUE_KEEP_FAILED_MS})
            or (status = 'pending' and created_at < ${at - QUEUE_KEEP_FAILED_MS})`,
      );
    },
    onEnqueue(listener) {
      local.on('enqueue', listener);
      if (db.$exec.listen && !listening) {
        listening = db.$exec
          .listen(QUEUE_CHANNEL, () => local.emit('enqueue'))
          .catch((err: Error) => {
            console.error(`Queue: cannot listen for other processes' jobs (${err.message}); polling only`);
            return async () => {};
          });
      }
      return () => {
        local.off('enqueue', listener);
        if (local.listenerCount('enqueue') === 0 && listening) {
          const stop = listening;
          listening = null;
          void stop.then((unlisten) => unlisten());
        }
      };
    },
    async counts() {
      const rows = await rawAll<{ status: 'pending' | 'done' | 'failed'; n: number }>(
        db,
        sql`select status, count(*) as n from queue_jobs group by status`,
      );
      const out = { pending: 0, done: 0, failed: 0 };
      for (const r of rows) out[r.status] = r.n;
      return out;
    },
    async oldestDueAgeMs() {
      const now = clock().getTime();
      const row = await rawGet<{ t: number | null }>(
        db,
        sql`select min(run_at) as t from queue_jobs where status = 'pending' and run_at <= ${now}`,
      );
      return row?.t == null ? 0 : Math.max(0, now - Number(row.t));
    },
  };
}

/**
 * services.events: every event is bot-bound work, so `publish` writes it as a queue job (the
 * durable record the bot process holding the server's shard takes) and then tells this process's
 * own listeners (tests and anything else observing). It resolves once the job is stored.
 * On PostgreSQL every enqueue also NOTIFYs, so the other processes' workers wake at once.
 */
export class DurableEvents extends EventEmitter<ServerEvents> {
  constructor(private readonly queue: Queue) {
    super();
  }

  async publish<K extends QueueKind>(name: K, ...args: ServerEvents[K]): Promise<void> {
    const payload = args[0] as { guildId: string };
    await this.queue.enqueue(name, payload.guildId, payload);
    super.emit(name, ...(args as never));
  }
}
