/**
 * Micro-batching (issue 16, issue 24): translations of messages of one channel go to the provider
 * together.
 * - **While a call of the channel is in flight**, the channel's next messages gather and leave
 *   together as soon as that call ends (or when the batch is full, or after MAX_GATHER_MS): the
 *   batch size follows the load (at 8 messages/s and a 1 s provider, about 8 a call) with no dead
 *   zone between the window and the provider's latency.
 * - **Otherwise**, the batcher keeps the channel's average gap between messages: a message that
 *   expects company within the window waits for it (never longer than the window); a quiet channel,
 *   or a batch the next message would not reach in time, goes at once.
 * Each job keeps its own placeholders and gets its own answer.
 */

/** The longest a message waits for others of its channel. */
export const MICRO_BATCH_WINDOW_MS = 120;
/** Most messages in one provider call (the answer must fit the model's output). */
export const MICRO_BATCH_MAX_ITEMS = 16;
/** Most characters of text in one provider call (about 1,500 input tokens: the cap on tokens). */
export const MICRO_BATCH_MAX_CHARS = 6_000;
/** The longest messages gather behind a call in flight (a hung call does not hold them longer). */
export const MAX_GATHER_MS = 2_000;

interface Pending<J, R> {
  jobs: { job: J; resolve: (r: R) => void; reject: (e: unknown) => void }[];
  chars: number;
  openedAt: number;
  timer: ReturnType<typeof setTimeout> | null;
  /** Opened while a call of the channel was in flight: leaves when one ends. */
  gathering: boolean;
}

/** Per channel: when its last message arrived and the smoothed gap between its messages. */
interface Rhythm {
  last: number;
  gap: number;
}

export interface Batcher<J, R> {
  /** Runs the job alone at once, or with the others of its key within the window. */
  submit(key: string, job: J, chars: number): Promise<R>;
  /** Jobs waiting in a batch for their call now (all channels). */
  gathering(): number;
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
  /** Calls of each channel in flight. */
  const inFlight = new Map<string, number>();
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
    inFlight.set(key, (inFlight.get(key) ?? 0) + 1);
    run(batch.jobs.map((j) => j.job))
      .then(
        (results) => {
          for (const [i, j] of batch.jobs.entries()) j.resolve(results[i]);
        },
        (err) => {
          for (const j of batch.jobs) j.reject(err);
        },
      )
      .finally(() => {
        const left = (inFlight.get(key) ?? 1) - 1;
        if (left > 0) inFlight.set(key, left);
        else inFlight.delete(key);
        // What gathered behind this call goes now.
        if (open.get(key)?.gathering) flush(key);
      });
  }

  return {
    gathering() {
      let n = 0;
      for (const batch of open.values()) n += batch.jobs.length;
      return n;
    },
    submit(key, job, chars) {
      const t = now();
      const gap = arrive(key, t);
      return new Promise<R>((resolve, reject) => {
        let batch = open.get(key);
        if (batch && (batch.jobs.length >= maxItems || batch.chars + chars > maxChars)) {
          flush(key);
          batch = undefined;
        }
        const busy = windowMs > 0 && inFlight.has(key);
        if (!batch) {
          batch = { jobs: [], chars: 0, openedAt: t, timer: null, gathering: busy };
          open.set(key, batch);
          if (busy) batch.timer = setTimeout(() => flush(key), MAX_GATHER_MS);
          // Wait only when the next message is expected within the window.
          else if (windowMs > 0 && gap < windowMs) batch.timer = setTimeout(() => flush(key), windowMs);
        }
        batch.jobs.push({ job, resolve, reject });
        batch.chars += chars;
        if (batch.gathering) {
          if (batch.jobs.length >= maxItems) flush(key);
          return;
        }
        const nextFits = t - batch.openedAt + gap < windowMs;
        if (!batch.timer || batch.jobs.length >= maxItems || !nextFits) flush(key);
      });
    },
  };
}
