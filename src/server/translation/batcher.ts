/**
 * Micro-batching (issue 16): translations of messages that arrive in the same channel within a short
 * window go to the provider in one call. The batcher keeps, per channel, the average gap between
 * messages: a message that expects company within the window waits for it (never longer than the
 * window); a quiet channel, or a batch the next message would not reach in time, goes at once.
 * Each job keeps its own placeholders and gets its own answer.
 */

/** The longest a message waits for others of its channel. */
export const MICRO_BATCH_WINDOW_MS = 120;
/** Most messages in one provider call (the answer must fit the model's output). */
export const MICRO_BATCH_MAX_ITEMS = 8;
/** Most characters of text in one provider call. */
export const MICRO_BATCH_MAX_CHARS = 6_000;

interface Pending<J, R> {
  jobs: { job: J; resolve: (r: R) => void; reject: (e: unknown) => void }[];
  chars: number;
  openedAt: number;
  timer: ReturnType<typeof setTimeout> | null;
}

/** Per channel: when its last message arrived and the smoothed gap between its messages. */
interface Rhythm {
  last: number;
  gap: number;
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
  const rhythm = new Map<string, Rhythm>();

  /**
   * The expected gap before the channel's next message: the smaller of the smoothed gap and the
   * last one, so a burst after a quiet spell is seen at its second message (Infinity when the
   * channel is heard for the first time).
   */
  function arrive(key: string, t: number): number {
    const r = rhythm.get(key);
    rhythm.delete(key);
    const last = r ? t - r.last : Infinity;
    const smoothed = !r || r.gap === Infinity ? last : 0.5 * r.gap + 0.5 * last;
    rhythm.set(key, { last: t, gap: smoothed });
    if (rhythm.size > 10_000) rhythm.delete(rhythm.keys().next().value as string);
    return Math.min(smoothed, last);
  }

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
      const gap = arrive(key, t);
      return new Promise<R>((resolve, reject) => {
        let batch = open.get(key);
        if (batch && (batch.jobs.length >= maxItems || batch.chars + chars > maxChars)) {
          flush(key);
          batch = undefined;
        }
        if (!batch) {
          batch = { jobs: [], chars: 0, openedAt: t, timer: null };
          open.set(key, batch);
          // Wait only when the next message is expected within the window.
          if (windowMs > 0 && gap < windowMs) batch.timer = setTimeout(() => flush(key), windowMs);
        }
        batch.jobs.push({ job, resolve, reject });
        batch.chars += chars;
        const nextFits = t - batch.openedAt + gap < windowMs;
        if (!batch.timer || batch.jobs.length >= maxItems || !nextFits) flush(key);
      });
    },
  };
}
