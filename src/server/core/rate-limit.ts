/**
 * The sliding hour of the per-member translation limit, in the memory of the bot process that
 * holds the server's shard (the only process that sees that server's messages). Each call does a
 * bounded amount of work whatever the number of keys: idle keys are forgotten by an expiry queue
 * in time order, a few entries per call, never by scanning the whole table. (The public forms'
 * limits are shared by every web process: RateLimiter below.)
 */

/** How many expiry-queue entries one call looks at: more than the one it adds, so the queue drains. */
const SWEEP_PER_CALL = 4;

/**
 * Keys in the order their newest use happened, each with that time; `forget(key, at)` decides
 * whether the key is idle (its newest use is still `at` and has expired) and removes it.
 */
function createExpiryQueue() {
  let keys: string[] = [];
  let times: number[] = [];
  let head = 0;
  return {
    push(key: string, at: number) {
      keys.push(key);
      times.push(at);
    },
    /** Pops up to SWEEP_PER_CALL entries older than `before`, handing each to `expire`. */
    sweep(before: number, expire: (key: string, at: number) => void) {
      for (let n = 0; n < SWEEP_PER_CALL && head < keys.length && times[head] <= before; n++, head++)
        expire(keys[head], times[head]);
      if (head > 1024 && head * 2 > keys.length) {
        keys = keys.slice(head);
        times = times.slice(head);
        head = 0;
      }
    },
    get length() {
      return keys.length - head;
    },
  };
}

/**
 * The per-member hourly limit (messages, not languages: a message to 10 languages counts once),
 * in memory over a sliding window.
 */
export interface UserLimiter {
  /** Counts one message unless the limit is reached; returns seconds to wait when refused. */
  take(key: string, limit: number, now: Date): { ok: true } | { ok: false; retryAfterSeconds: number };
  /** Keys held (members with a message in the window, plus idle ones not swept yet). */
  readonly size: number;
}

/**
 * A sliding window per key: the times of its accepted messages in order (a queue read from
 * `head`), so a message costs O(1) amortized: expired times leave from the front, and idle
 * members leave through the expiry queue, a few per call. Before, every message filtered the
 * member's list and, above 50,000 members, scanned them all (3.7 ms a message at 120,000).
 */
export function createUserLimiter(windowMs = 60 * 60_000): UserLimiter {
  const hits = new Map<string, { times: number[]; head: number }>();
  const expiry = createExpiryQueue();
  return {
    take(key, limit, now) {
      const t = now.getTime();
      expiry.sweep(t - windowMs, (k, at) => {
        const h = hits.get(k);
        if (h && h.times[h.times.length - 1] === at) hits.delete(k);
      });
      const h = hits.get(key) ?? { times: [], head: 0 };
      while (h.head < h.times.length && t - h.times[h.head] >= windowMs) h.head++;
      if (h.head > 32 && h.head * 2 > h.times.length) {
        h.times = h.times.slice(h.head);
        h.head = 0;
      }
      if (h.times.length - h.head >= limit) {
        return {
          ok: false,
          retryAfterSeconds: Math.max(1, Math.ceil(((h.times[h.head] ?? t) + windowMs - t) / 1000)),
        };
      }
      // Kept in time order even if the clock stepped back, so the front is always the oldest.
      let i = h.times.length;
      while (i > h.head && h.times[i - 1] > t) i--;
      h.times.splice(i, 0, t);
      hits.set(key, h);
      expiry.push(key, h.times[h.times.length - 1]);
      return { ok: true };
    },
    get size() {
      return hits.size;
    },
  };
}

/**
 * A fixed-window limit of the public forms (login, contact, checkout), as the services carry it
 * (Services.limits): shared by every web process, kept in the database by the contact
 * capability's createRateLimiter (features/contact/form-limits.ts).
 */
export interface RateLimiter {
  /** Counts one hit for key; ok false once more than `limit` hits fall in the current window. */
  hit(key: string): Promise<{ ok: boolean; retryAfterSeconds: number }>;
  /** Whether the key is over the limit now, without counting (a limiter of failures asks first). */
  peek(key: string): Promise<{ ok: boolean; retryAfterSeconds: number }>;
}
