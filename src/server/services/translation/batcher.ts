/**
 * Micro-batching (issue 16): translations of messages that arrive in the same channel within a short
 * window go to the provider in one call. A quiet channel waits for nothing: only when the previous
 * message of the channel arrived less than BUSY_GAP ago does a message wait (at most the window)
 * for company. Each job keeps its own placeholders and gets its own answer.
 */

/** The longest a message waits for others of its channel. */
export const MICRO_BATCH_WINDOW_MS = 110;
/** A channel counts as busy when its previous message arrived within this many windows. */
export const BUSY_GAP_WINDOWS = 2;
/** Most messages in one provider call (the answer must fit the model's output). */
export const MICRO_BATCH_MAX_ITEMS = 8;
/** Most characters of text in one provider call. */
export const MICRO_BATCH_MAX_CHARS = 6_000;

interface Pending<J, R> {
  jobs: { job: J; resolve: (r: R) => void; reject: (e: unknown) => void }[];
  chars: number;
  timer: ReturnType<typeof setTimeout> | null;
}

export interface Batcher<J, R> {
  /** Runs the job alone at once, or with the others of its key within the window. */
  submit(key: string, job: J, chars: number): Promise<R>;
}

export function createBatcher<J, R>(
  windowMs: number,
  run: (jobs: J[]) => Promise<R[]>,
  opts: { maxItems?: number; maxChars?: number; now?: () => number } = {},
): Batcher<J, R> {
  const maxItems = opts.maxItems ?? MICRO_BATCH_MAX_ITEMS;
  const maxChars = opts.maxChars ?? MICRO_BATCH_MAX_CHARS;
  const now = opts.now ?? (() => performance.now());
  const open = new Map<string, Pending<J, R>>();
  const lastArrival = new Map<string, number>();

  function flush(key: string) {
    const batch = open.get(key);
    if (!batch) return;
    open.delete(key);
    if (batch.timer) clearTimeout(batch.timer);
    run(batch.jobs.map((j) => j.job)).then(
      (results) => {
        for (const [i, j] of batch.jobs.entries()) j.resolve(results[i]);
      },
      (err) => {
        for (const j of batch.jobs) j.reject(err);
      },
    );
  }

  return {
    submit(key, job, chars) {
      const t = now();
      const previous = lastArrival.get(key);
      lastArrival.delete(key);
      lastArrival.set(key, t);
      if (lastArrival.size > 10_000) lastArrival.delete(lastArrival.keys().next().value as string);
      return new Promise<R>((resolve, reject) => {
        let batch = open.get(key);
        if (batch && (batch.jobs.length >= maxItems || batch.chars + chars > maxChars)) {
          flush(key);
          batch = undefined;
        }
        if (!batch) {
          batch = { jobs: [], chars: 0, timer: null };
          open.set(key, batch);
          const busy = previous !== undefined && t - previous < windowMs * BUSY_GAP_WINDOWS;
          if (windowMs > 0 && busy) batch.timer = setTimeout(() => flush(key), windowMs);
        }
        batch.jobs.push({ job, resolve, reject });
        batch.chars += chars;
        if (!batch.timer) flush(key);
        else if (batch.jobs.length >= maxItems) flush(key);
      });
    },
  };
}
