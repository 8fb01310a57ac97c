import { OverloadedError } from './errors';

/**
 * How many provider calls run at once, sized by the provider rather than by a constant (issue 24).
 *
 * - **Adaptive (AIMD)**: the limit starts at `initial` and grows while calls succeed and the limit is
 *   in use (by one per success until the first sign of congestion, then by about one per round
 *   trip); a 429, a 5xx or a timeout cuts it by 30 %, a smoothed latency more than
 *   `latencyTolerance` × its best cuts it by 10 % (at most once per round trip), never below `min`
 *   nor above `max`.
 * - **Fair between servers**: each server waits in its own queue and a freed slot goes to the next
 *   server in turn (round robin), so a busy server cannot starve a quiet one, whose message is served
 *   at the next free slot. An optional `perGuild` cap bounds one server's calls in flight.
 * - **Priority**: a member waiting on a command (Translate Message, a reaction, a ticket, an
 *   announcement) goes before channel traffic (mirror and single-channel copies) of any server.
 * - **Shedding by age, not by a small count**: channel traffic that waited `maxWaitMs` for a slot is
 *   shed with OverloadedError (the bot marks the message and tries again while it is fresh); past
 *   `maxWaitingPerGuild` waiting in one server (a memory bound, not a throughput one) a new one is
 *   shed at once. Commands are never shed.
 */

export type Priority = 'high' | 'low';

export interface LimiterOptions {
  /** The adaptive limit never goes below this. */
  min: number;
  /** Nor above this (the provider quota's concurrency). */
  max: number;
  /** Where it starts. */
  initial: number;
  /** Calls of one server in flight at most (0: no cap beyond the fair turn). */
  perGuild: number;
  /** Channel messages of one server that may wait at once; past it new ones are shed. */
  maxWaitingPerGuild: number;
  /** Channel traffic waiting longer than this for a slot is shed. */
  maxWaitMs: number;
  /** Smoothed latency above this many times its best counts as congestion. */
  latencyTolerance: number;
  now?: () => number;
}

export const DEFAULT_LIMITER_OPTIONS: LimiterOptions = {
  min: 4,
  max: 256,
  initial: 32,
  perGuild: 0,
  maxWaitingPerGuild: 2_000,
  maxWaitMs: 20_000,
  latencyTolerance: 2.5,
};

/** What one provider attempt said about the provider's capacity. */
export type Observation = { outcome: 'ok'; latencyMs: number } | { outcome: 'congested' | 'other' };

/** Provider calls running and waiting for a slot, of one server or (no guild) of all. */
export interface LimiterState {
  active: number;
  waiting: number;
}

export interface ConcurrencyLimiter {
  run<T>(guildId: string | undefined, fn: () => Promise<T>, priority?: Priority): Promise<T>;
  /** What runs and waits now (tests wait on it; a server with nothing running reads zeros). */
  state(guildId?: string): LimiterState;
  /** Feedback of each provider attempt (the engine calls it). */
  observe(o: Observation): void;
  /** The current limit (rounded down when slots are handed out). */
  readonly limit: number;
  readonly active: number;
  readonly waiting: number;
}

interface Waiter {
  priority: Priority;
  start: () => void;
  shed: (err: OverloadedError) => void;
  timer: ReturnType<typeof setTimeout> | null;
}

interface GuildQueue {
  active: number;
  high: Waiter[];
  low: Waiter[];
}

export function createConcurrencyLimiter(options: Partial<LimiterOptions> = {}): ConcurrencyLimiter {
  const o = { ...DEFAULT_LIMITER_OPTIONS, ...options };
  const max = Math.max(1, o.max);
  const min = Math.max(1, Math.min(o.min, max));
  const now = o.now ?? (() => performance.now());
  let limit = Math.max(min, Math.min(o.initial, max));
  let active = 0;
  let waiting = 0;
  let highWaiting = 0;
  let slowStart = true;
  let smoothed = 0;
  let best = Number.POSITIVE_INFINITY;
  let lastCut = -Infinity;
  const guilds = new Map<string, GuildQueue>();
  /** Servers with someone waiting, in turn order (the first is served next). */
  const turn = new Set<string>();
  /** When each server's shedding was last logged (one line per server per 10 s). */
  const logged = new Map<string, number>();

  const logShed = (key: string, err: OverloadedError) => {
    const t = Date.now();
    if ((logged.get(key) ?? 0) + 10_000 >= t) return;
    if (logged.size >= 10_000) logged.clear();
    logged.set(key, t);
    console.warn(`translation overloaded (server ${key}): ${err.message}`);
  };

  const queueOf = (key: string) => {
    let q = guilds.get(key);
    if (!q) {
      q = { active: 0, high: [], low: [] };
      guilds.set(key, q);
    }
    return q;
  };
  const forgetIfIdle = (key: string, q: GuildQueue) => {
    if (q.active === 0 && q.high.length === 0 && q.low.length === 0) guilds.delete(key);
  };
  const hasRoom = (q: GuildQueue) => o.perGuild <= 0 || q.active < o.perGuild;

  /** The next waiter: commands of any server first, then each server's channel traffic in turn. */
  function next(): { key: string; q: GuildQueue; w: Waiter } | null {
    for (const band of highWaiting > 0 ? (['high', 'low'] as const) : (['low'] as const)) {
      for (const key of turn) {
        const q = guilds.get(key) as GuildQueue;
        if (!q[band].length || !hasRoom(q)) continue;
        const w = q[band].shift() as Waiter;
        turn.delete(key);
        if (q.high.length || q.low.length) turn.add(key); // to the back of the line
        return { key, q, w };
      }
    }
    return null;
  }

  function dispatch() {
    while (active < Math.floor(limit)) {
      const picked = next();
      if (!picked) return;
      waiting -= 1;
      if (picked.w.priority === 'high') highWaiting -= 1;
      if (picked.w.timer) clearTimeout(picked.w.timer);
      active += 1;
      picked.q.active += 1;
      picked.w.start();
    }
  }

  function remove(key: string, q: GuildQueue, w: Waiter) {
    const list = q[w.priority];
    const i = list.indexOf(w);
    if (i < 0) return false;
    list.splice(i, 1);
    waiting -= 1;
    if (w.priority === 'high') highWaiting -= 1;
    if (!q.high.length && !q.low.length) turn.delete(key);
    forgetIfIdle(key, q);
    return true;
  }

  async function run<T>(guildId: string | undefined, fn: () => Promise<T>, priority: Priority = 'high') {
    const key = guildId ?? '-';
    const q = queueOf(key);
    const free = active < Math.floor(limit) && hasRoom(q) && waiting === 0;
    if (free) {
      active += 1;
      q.active += 1;
    } else {
      if (priority === 'low' && q.low.length >= o.maxWaitingPerGuild) {
        const err = new OverloadedError(q.low.length);
        logShed(key, err);
        forgetIfIdle(key, q);
        throw err;
      }
      await new Promise<void>((resolve, reject) => {
        const w: Waiter = { priority, start: resolve, shed: reject, timer: null };
        if (priority === 'low' && Number.isFinite(o.maxWaitMs)) {
          const queuedAt = now();
          w.timer = setTimeout(() => {
            if (!remove(key, q, w)) return;
            const err = new OverloadedError(q.low.length, now() - queuedAt);
            logShed(key, err);
            reject(err);
          }, o.maxWaitMs);
          w.timer.unref?.();
        }
        q[priority].push(w);
        waiting += 1;
        if (priority === 'high') highWaiting += 1;
        turn.add(key);
        dispatch();
      });
    }
    try {
      return await fn();
    } finally {
      active -= 1;
      q.active -= 1;
      forgetIfIdle(key, q);
      dispatch();
    }
  }

  function observe(obs: Observation) {
    const t = now();
    if (obs.outcome === 'congested') {
      slowStart = false;
      if (t - lastCut > Math.max(1_000, smoothed)) {
        limit = Math.max(min, limit * 0.7);
        lastCut = t;
      }
      return;
    }
    if (obs.outcome !== 'ok') return;
    smoothed = smoothed ? 0.9 * smoothed + 0.1 * obs.latencyMs : obs.latencyMs;
    // The best smoothed latency, drifting up slowly so one lucky spell is not the norm forever.
    best = Math.min(best * 1.001, smoothed);
    if (smoothed > best * o.latencyTolerance) {
      slowStart = false;
      if (t - lastCut > smoothed) {
        limit = Math.max(min, limit * 0.9);
        lastCut = t;
      }
      return;
    }
    // Grow only while the limit is what holds calls back.
    if (active + waiting >= Math.floor(limit)) {
      limit = Math.min(max, limit + (slowStart ? 1 : 1 / limit));
      dispatch();
    }
  }

  return {
    run,
    observe,
    get limit() {
      return limit;
    },
    get active() {
      return active;
    },
    get waiting() {
      return waiting;
    },
    state(guildId) {
      if (!guildId) return { active, waiting };
      const q = guilds.get(guildId);
      return { active: q?.active ?? 0, waiting: q ? q.high.length + q.low.length : 0 };
    },
  };
}
