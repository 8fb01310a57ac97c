import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { DiscordAPIError } from 'discord.js';
import { QUEUE_LEASE_MS, QUEUE_POLL_MS, type QueueJob } from '../src/server/core/queue';
import type { BotContext } from './context';
import { ForeignChannelError } from './server-channel';
import { JOB_HANDLERS } from './server-events';

/**
 * Takes the queue's jobs (services/queue.ts) for the servers of this process's shards and runs each
 * kind's handler (bot/server-events.ts JOB_HANDLERS): done when it resolves, retried with backoff
 * when it throws, given up after the last attempt with the reason logged. An emit in this process
 * wakes the worker at once; jobs written by other processes are seen within QUEUE_POLL_MS.
 */

/** Jobs run at once by one process (each handler keeps its own per-item order and in-flight guards). */
export const QUEUE_MAX_IN_FLIGHT = 16;
/** How often done jobs past their retention are deleted. */
const PURGE_EVERY_MS = 60_000;

export interface QueueWorker {
  /** Who this worker claims jobs as (kept on the row while it holds one). */
  readonly owner: string;
  /** Begins claiming (call once the client is ready: its guild cache says which servers it holds). */
  start(): void;
  /** Stops claiming and waits (at most timeoutMs) for the jobs in flight; unfinished leases expire. */
  stop(timeoutMs?: number): Promise<void>;
  inFlight(): number;
  /** Started and not stopped. */
  claiming(): boolean;
}

function reasonOf(err: unknown): string {
  if (err instanceof DiscordAPIError) return `${err.message} (Discord ${err.status})`;
  return err instanceof Error ? err.message : String(err);
}

/** The shards this client runs, of how many (discord.js sets both once logged in). */
function shardsOf(ctx: BotContext): { shards: number[] | null; total: number } {
  const total = ctx.client.options.shardCount ?? 1;
  const ids = Array.isArray(ctx.client.options.shards) ? ctx.client.options.shards : [0];
  // Every shard in this process: no filter (also takes jobs of a non-numeric default server id).
  if (ids.length >= total) return { shards: null, total };
  return { shards: ids, total };
}

export function createQueueWorker(ctx: BotContext, opts: { pollMs?: number } = {}): QueueWorker {
  const queue = ctx.services.queue;
  const owner = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  const running = new Map<number, Promise<void>>();
  let started = false;
  let stopped = false;
  const timers: NodeJS.Timeout[] = [];
  let offEnqueue: (() => void) | null = null;
  let wakeScheduled = false;

  const run = async (job: QueueJob): Promise<void> => {
    const label = `Queue job ${job.id} (${job.kind}, server ${job.guildId}, attempt ${job.attempts})`;
    try {
      if (!ctx.client.guilds.cache.has(job.guildId))
        throw new Error('the bot is not in this server, or the server is unavailable');
      const handler = JOB_HANDLERS[job.kind] as ((c: BotContext, p: unknown) => Promise<void>) | undefined;
      if (!handler) throw new Error(`no handler for ${job.kind} in this version of the bot`);
      await handler(ctx, job.payload);
      if (!(await queue.complete(job.id, owner)))
        console.warn(`${label}: done, but its lease had passed to another process`);
    } catch (err) {
      const reason = reasonOf(err);
      // A refusal (a channel outside the job's server, bot/server-channel.ts) is given up at once.
      const final = err instanceof ForeignChannelError;
      const r = await queue.fail(job.id, owner, reason, { final });
      if (r.outcome === 'failed') console.error(`${label}: given up: ${reason}`);
      else console.warn(`${label}: failed (${reason}); retried at ${new Date(r.runAt).toISOString()}`);
    }
  };

  /** Claims as many jobs as there is room for (none when full; a failed claim is logged). */
  const claimOnce = async (): Promise<void> => {
    const room = QUEUE_MAX_IN_FLIGHT - running.size;
    if (room <= 0) return;
    let jobs: QueueJob[];
    try {
      jobs = await queue.claim({ owner, ...shardsOf(ctx), limit: room });
    } catch (err) {
      console.error('Queue: claiming jobs failed:', err);
      return;
    }
    // Stopped while the claim was in flight: what it took goes back untried, for the next process.
    if (stopped) {
      await queue
        .release(
          jobs.map((j) => j.id),
          owner,
        )
        .catch((err: Error) => console.error(`Queue: handing back claimed jobs failed: ${err.message}`));
      return;
    }
    for (const job of jobs) {
      const p = run(job).finally(() => {
        running.delete(job.id);
        void pump();
      });
      running.set(job.id, p);
    }
  };

  // One claim at a time: a wake-up during a claim (a job finishing, a timer, an enqueue) asks for
  // one more round after it, instead of a second claim counting the same free room.
  let pumping: Promise<void> | null = null;
  let again = false;
  const pump = (): Promise<void> => {
    if (!started || stopped) return Promise.resolve();
    if (pumping) {
      again = true;
      return pumping;
    }
    pumping = (async () => {
      do {
        again = false;
        await claimOnce();
      } while (again && !stopped);
    })().finally(() => {
      pumping = null;
    });
    return pumping;
  };

  // After the emitting call returns (it may be inside a transaction), not inside it.
  const wake = () => {
    if (wakeScheduled) return;
    wakeScheduled = true;
    setImmediate(async () => {
      wakeScheduled = false;
      await pump();
    });
  };

  const purge = async () => {
    try {
      await queue.purge();
    } catch (err) {
      console.error('Queue: purge failed:', err);
    }
  };

  return {
    owner,
    async start() {
      if (started || stopped) return;
      started = true;
      offEnqueue = queue.onEnqueue(wake);
      timers.push(setInterval(pump, opts.pollMs ?? QUEUE_POLL_MS));
      timers.push(
        setInterval(
          () =>
            void queue
              .renew([...running.keys()], owner)
              .catch((err: Error) => console.error(`Queue: renewing leases failed: ${err.message}`)),
          QUEUE_LEASE_MS / 3,
        ),
      );
      timers.push(setInterval(purge, PURGE_EVERY_MS));
      await purge();
      await pump();
    },
    async stop(timeoutMs = 10_000) {
      stopped = true;
      offEnqueue?.();
      for (const t of timers) clearInterval(t);
      // A claim in flight finishes (and hands back what it took) before stop resolves.
      await pumping?.catch(() => {});
      if (running.size === 0) return;
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        Promise.allSettled([...running.values()]),
        new Promise<void>((resolve) => {
          timer = setTimeout(resolve, timeoutMs);
        }),
      ]);
      clearTimeout(timer);
    },
    inFlight: () => running.size,
    claiming: () => started && !stopped,
  };
}
