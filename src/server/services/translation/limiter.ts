/**
 * Bounded concurrency: at most `global` provider calls at once, and at most `perGuild` for one guild,
 * so one busy server cannot take every slot. Waiters are served first come, first served.
 */
export interface Semaphore {
  run<T>(fn: () => Promise<T>): Promise<T>;
  readonly active: number;
  readonly waiting: number;
}

export function createSemaphore(limit: number): Semaphore {
  let active = 0;
  const queue: (() => void)[] = [];
  const release = () => {
    active -= 1;
    const next = queue.shift();
    if (next) {
      active += 1;
      next();
    }
  };
  return {
    async run(fn) {
      if (active < limit) active += 1;
      else await new Promise<void>((resolve) => queue.push(resolve));
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
      return queue.length;
    },
  };
}

export interface ConcurrencyLimiter {
  run<T>(guildId: string | undefined, fn: () => Promise<T>): Promise<T>;
}

export function createConcurrencyLimiter(global: number, perGuild: number): ConcurrencyLimiter {
  const all = createSemaphore(global);
  const guilds = new Map<string, Semaphore>();
  return {
    async run(guildId, fn) {
      if (!guildId) return all.run(fn);
      let g = guilds.get(guildId);
      if (!g) {
        g = createSemaphore(perGuild);
        guilds.set(guildId, g);
      }
      const sem = g;
      try {
        // The guild's slot first, then a global one: a guild waiting on itself holds no global slot.
        return await sem.run(() => all.run(fn));
      } finally {
        if (sem.active === 0 && sem.waiting === 0) guilds.delete(guildId);
      }
    },
  };
}
