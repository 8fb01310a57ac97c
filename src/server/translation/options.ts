import { MICRO_BATCH_WINDOW_MS } from './batcher';
import type { ChainOptions } from './failover';
import { DEFAULT_LIMITER_OPTIONS } from './limiter';

/** Tunables of the engine; the defaults suit production, tests shorten the times. */
export interface EngineOptions {
  /** Per provider call. */
  timeoutMs: number;
  /** Provider call attempts on 429/5xx/timeout, the first included. */
  attempts: number;
  baseDelayMs: number;
  maxDelayMs: number;
  /** A Retry-After longer than this fails the call at once instead of waiting. */
  maxRetryAfterMs: number;
  breakerThreshold: number;
  breakerCooldownMs: number;
  /** Most provider calls in flight at once: the ceiling of the adaptive limit (limiter.ts). */
  concurrency: number;
  /** The adaptive limit's floor and starting point. */
  minConcurrency: number;
  initialConcurrency: number;
  /** Calls of one server in flight at most; 0 = no cap beyond its fair turn. */
  perGuildConcurrency: number;
  /** Channel messages of one server waiting for a provider slot; past it new ones are shed (a memory bound). */
  maxQueuedPerGuild: number;
  /** Channel messages waiting longer than this for a provider slot are shed (the bot marks and retries them). */
  maxWaitMs: number;
  cacheSize: number;
  /** Previous messages sent as context, at most this many and this many characters in all. */
  maxContextMessages: number;
  maxContextChars: number;
  /** Longest text accepted (Discord's own limit is 4,000 with Nitro; a bot's or an edited embed's can be longer). */
  maxTextChars: number;
  /** Largest audio accepted (a few minutes of Opus voice message; kept in memory only). */
  maxAudioBytes: number;
  /** Micro-batching window for channel traffic (mirror, single-channel); 0 = one call per message. */
  batchWindowMs: number;
  /** The prompt of before issue 16 (benchmarks compare against it). */
  legacyPrompt: boolean;
  /** Health probe (health.ts): an idle lane is probed this often; its timeout; failed probes that open its breaker. */
  probeEveryMs: number;
  probeTimeoutMs: number;
  probeFailuresToOpen: number;
}

export const DEFAULT_ENGINE_OPTIONS: EngineOptions = {
  timeoutMs: 15_000,
  attempts: 3,
  baseDelayMs: 400,
  maxDelayMs: 8_000,
  maxRetryAfterMs: 30_000,
  breakerThreshold: 5,
  breakerCooldownMs: 30_000,
  concurrency: DEFAULT_LIMITER_OPTIONS.max,
  minConcurrency: DEFAULT_LIMITER_OPTIONS.min,
  initialConcurrency: DEFAULT_LIMITER_OPTIONS.initial,
  perGuildConcurrency: DEFAULT_LIMITER_OPTIONS.perGuild,
  maxQueuedPerGuild: DEFAULT_LIMITER_OPTIONS.maxWaitingPerGuild,
  maxWaitMs: DEFAULT_LIMITER_OPTIONS.maxWaitMs,
  cacheSize: 5_000,
  maxContextMessages: 5,
  maxContextChars: 2_000,
  maxTextChars: 6_000,
  maxAudioBytes: 8 * 1024 * 1024,
  batchWindowMs: MICRO_BATCH_WINDOW_MS,
  legacyPrompt: false,
  probeEveryMs: 30_000,
  probeTimeoutMs: 5_000,
  probeFailuresToOpen: 2,
};

/** What every lane of the engine is built with (failover.ts): its breaker, limit, retries and timeout. */
export function chainOptions(opts: EngineOptions, clock: () => Date): ChainOptions {
  return {
    breaker: { failureThreshold: opts.breakerThreshold, cooldownMs: opts.breakerCooldownMs, clock },
    limiter: {
      max: opts.concurrency,
      min: opts.minConcurrency,
      initial: opts.initialConcurrency,
      perGuild: opts.perGuildConcurrency,
      maxWaitingPerGuild: opts.maxQueuedPerGuild,
      maxWaitMs: opts.maxWaitMs,
    },
    retry: {
      attempts: opts.attempts,
      baseDelayMs: opts.baseDelayMs,
      maxDelayMs: opts.maxDelayMs,
      maxRetryAfterMs: opts.maxRetryAfterMs,
    },
    timeoutMs: opts.timeoutMs,
    onFailover: (from, to, err) =>
      console.warn(`translation: ${from} failed (${err.message}); the call goes to ${to}`),
  };
}
