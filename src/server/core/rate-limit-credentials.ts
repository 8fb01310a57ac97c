/**
 * Failed Bearer credentials, counted against the presented value itself (a hash of it), never
 * against the caller's address: a wrong admin token or API key sent over and over gets 429, while
 * the right token and every other key keep working from the same address (docs/security.md).
 *
 * In the memory of each web process (a wrong value can be tried `limit` times per process and
 * window). The table is bounded: past `maxKeys` values the oldest window is dropped first, so a
 * flood of distinct junk values costs a fixed amount of memory and never a database write.
 */
export interface FailureCounter {
  /** Counts one failure of `key`; ok false once more than `limit` failures fall in its window. */
  fail(key: string): { ok: boolean; retryAfterSeconds: number };
  /** Values held (for tests and the bound). */
  readonly size: number;
}

export function createFailureCounter(opts: {
  limit: number;
  windowMs: number;
  clock: () => Date;
  maxKeys?: number;
}): FailureCounter {
  const maxKeys = opts.maxKeys ?? 10_000;
  // Insertion order is window-start order: a key that starts a new window is re-inserted.
  const windows = new Map<string, { start: number; failures: number }>();
  return {
    fail(key) {
      const now = opts.clock().getTime();
      // Expired windows sit at the front and leave from there (each is dropped once: amortized
      // constant work per call, never a scan of the live ones).
      for (const [k, w] of windows) {
        if (now - w.start < opts.windowMs) break;
        windows.delete(k);
      }
      let w = windows.get(key);
      if (!w || now - w.start >= opts.windowMs || now < w.start) {
        windows.delete(key);
        w = { start: now, failures: 0 };
        windows.set(key, w);
        if (windows.size > maxKeys) windows.delete(windows.keys().next().value as string);
      }
      w.failures++;
      if (w.failures <= opts.limit) return { ok: true, retryAfterSeconds: 0 };
      return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil((w.start + opts.windowMs - now) / 1000)) };
    },
    get size() {
      return windows.size;
    },
  };
}
