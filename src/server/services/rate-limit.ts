/** A fixed-window counter per key, in memory: enough for one process guarding public forms. */
export interface RateLimiter {
  /** Counts one hit for key; ok false once more than `limit` hits fall in the current window. */
  hit(key: string): { ok: boolean; retryAfterSeconds: number };
  /** Whether the key is over the limit now, without counting (a limiter of failures asks first). */
  peek(key: string): { ok: boolean; retryAfterSeconds: number };
}

export function createRateLimiter(limit: number, windowMs: number, clock: () => Date): RateLimiter {
  const windows = new Map<string, { start: number; count: number }>();
  const current = (key: string, now: number) => {
    const w = windows.get(key);
    return w && now - w.start < windowMs ? w : null;
  };
  const status = (w: { start: number; count: number } | null, now: number) => ({
    ok: !w || w.count <= limit,
    retryAfterSeconds: w ? Math.ceil((w.start + windowMs - now) / 1000) : 0,
  });
  return {
    hit(key) {
      const now = clock().getTime();
      let w = current(key, now);
      if (!w) {
        if (windows.size > 10_000) {
          for (const [k, v] of windows) if (now - v.start >= windowMs) windows.delete(k);
        }
        w = { start: now, count: 0 };
        windows.set(key, w);
      }
      w.count += 1;
      return status(w, now);
    },
    peek(key) {
      const now = clock().getTime();
      const w = current(key, now);
      // Over the limit means the next attempt would be one too many.
      return w && w.count >= limit ? { ok: false, retryAfterSeconds: status(w, now).retryAfterSeconds } : { ok: true, retryAfterSeconds: 0 };
    },
  };
}
