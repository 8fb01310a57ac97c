import { OverloadedError } from './errors';

/**
 * Bounded concurrency: at most `global` provider calls at once, and at most `perGuild` for one guild,
 * so one busy server cannot take every slot. Waiters are served by priority, then first come, first
 * served: a member waiting on a command (Translate Message, a reaction, a ticket, an announcement)
 * goes before channel traffic (mirror and single-channel copies). The queue of channel traffic is
 * bounded: past `maxWaiting` for one server (or `maxWaiting * 10` in all) a new one is shed with
 * OverloadedError instead of making every later message wait longer.
 */

export type Priority = 'high' | 'low';

/** Channel messages of one server that may wait for a provider slot; past it they are shed. */
export const MAX_WAITING_PER_GUILD = 50;

export interface Semaphore {
  run<T>(fn: () => Promise<T>, priority?: Priority): Promise<T>;
  readonly active: number;
  readonly waiting: number;
}

export function createSemaphore(limit: number, maxLowWaiting = Number.POSITIVE_INFINITY): Semaphore {
  let active = 0;
  const high: (() => void)[] = [];
  const low: (() => void)[] = [];
  const release = () => {
    active -= 1;
    const next = high.shift() ?? low.shift();
    if (next) {
      active += 1;
      next();
    }
  };
  return {
    async run(fn, priority = 'high') {
      if (active < limit) active += 1;
      else {
        if (priority === 'low' && low.length >= maxLowWaiting) throw new OverloadedError(low.length);
        await new Promise<void>((resolve) => (priority === 'low' ? low : high).push(resolve));
      }
      try {
        return await fn();
      } finally {
        release();
      }
    },
    get active() {
      return active;
    },
    get waiting() {
      return high.length + low.length;
    },
  };
}

/** Provider calls running and waiting for a slot, of one server or (no guild) of all. */
export interface LimiterState {
  active: number;
  waiting: number;
}

export interface ConcurrencyLimiter {
  run<T>(guildId: string | undefined, fn: () => Promise<T>, priority?: Priority): Promise<T>;
  /** What runs and waits now (tests wait on it; a server with nothing running reads zeros). */
  state(guildId?: string): LimiterState;
}

export function createConcurrencyLimiter(
  global: number,
  perGuild: number,
  maxWaiting = MAX_WAITING_PER_GUILD,
): ConcurrencyLimiter {
  const all = createSemaphore(global, maxWaiting * 10);
  const guilds = new Map<string, Semaphore>();
  /** When each server's shedding was last logged (one line per server per 10 s). */
  const logged = new Map<string, number>();
  const logShed = (guildId: string | undefined, err: OverloadedError) => {
    const key = guildId ?? '-';
    const now = Date.now();
    if ((logged.get(key) ?? 0) + 10_000 >= now) return;
    if (logged.size >= 10_000) logged.clear(); // bounded: servers that shed once are not kept forever
    logged.set(key, now);
    console.warn(
      `translation overloaded: ${err.waiting} channel messages of server ${key} already wait for the provider; new ones are skipped until the queue drains (commands still go first)`,
    );
  };
  /** The guild's slot first, then a global one: a guild waiting on itself holds no global slot. */
  async function inGuild<T>(guildId: string, fn: () => Promise<T>, priority: Priority): Promise<T> {
    let g = guilds.get(guildId);
    if (!g) {
      g = createSemaphore(perGuild, maxWaiting);
      guilds.set(guildId, g);
    }
    const sem = g;
    try {
      return await sem.run(() => all.run(fn, priority), priority);
    } finally {
      if (sem.active === 0 && sem.waiting === 0) guilds.delete(guildId);
    }
  }
  return {
    async run(guildId, fn, priority = 'high') {
      try {
        return await (guildId ? inGuild(guildId, fn, priority) : all.run(fn, priority));
      } catch (err) {
        if (err instanceof OverloadedError) logShed(guildId, err);
        throw err;
      }
    },
    state(guildId) {
      const sem = guildId ? guilds.get(guildId) : all;
      return { active: sem?.active ?? 0, waiting: sem?.waiting ?? 0 };
    },
  };
}
