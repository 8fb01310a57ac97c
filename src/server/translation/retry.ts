import { ProviderFailedError } from './errors';
import { ProviderHttpError } from './providers/types';

/**
 * Retries of one provider call on 429, 5xx, network failures and timeouts: exponential backoff with
 * full jitter, or the provider's Retry-After when it gave one (up to maxRetryAfterMs: beyond that
 * the call fails at once with a message saying when to come back).
 */
export interface RetryOptions {
  /** Total attempts, the first included. */
  attempts: number;
  baseDelayMs: number;
  maxDelayMs: number;
  maxRetryAfterMs: number;
  sleep?: (ms: number) => Promise<void>;
  random?: () => number;
}

const defaultSleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

export function backoffDelay(attempt: number, opts: RetryOptions, random = Math.random): number {
  const ceiling = Math.min(opts.maxDelayMs, opts.baseDelayMs * 2 ** attempt);
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}

export async function withRetries<T>(fn: () => Promise<T>, opts: RetryOptions): Promise<T> {
  const sleep = opts.sleep ?? defaultSleep;
  let last: ProviderHttpError | null = null;
  let made = 0;
  for (let attempt = 0; attempt < opts.attempts; attempt++) {
    made = attempt + 1;
    try {
      return await fn();
    } catch (err) {
      if (!(err instanceof ProviderHttpError)) throw err;
      last = err;
      if (!err.retryable) break;
      if (err.retryAfterMs !== null && err.retryAfterMs > opts.maxRetryAfterMs) {
        throw new ProviderFailedError(
          `${err.message}; the provider asks to wait ${Math.ceil(err.retryAfterMs / 1000)} s`,
          err.status,
          attempt + 1,
        );
      }
      if (attempt + 1 < opts.attempts) {
        await sleep(err.retryAfterMs ?? backoffDelay(attempt, opts, opts.random));
      }
    }
  }
  const e = last as ProviderHttpError;
  throw new ProviderFailedError(`${e.message}${made > 1 ? ` (after ${made} attempts)` : ''}`, e.status, made);
}
