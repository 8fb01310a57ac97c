/** A fixed-window counter per key, in memory: enough for one process guarding public forms. */
export interface RateLimiter {
  /** Counts one hit for key; ok false once more than `limit` hits fall in the current window. */
  hit(key: string): { ok: boolean; retryAfterSeconds: number };
}

export function createRateLimiter(limit: number, windowMs: number, clock: () => Date): RateLimiter {
  const windows = new Map<string, { start: number; count: number }>();
  return {
    hit(key) {
      const now = clock().getTime();
      let w = windows.get(key);
      if (!w || now - w.start >= windowMs) {
        if (windows.size > 10_000) {
          for (const [k, v] of windows) if (now - v.start >= windowMs) windows.delete(k);
        }
        w = { start: now, count: 0 };
        windows.set(key, w);
      }
      w.count += 1;
      const retryAfterSeconds = Math.ceil((w.start + windowMs - now) / 1000);
      return { ok: w.count <= limit, retryAfterSeconds };
    },
  };
}
