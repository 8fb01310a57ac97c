import type { Breaker } from './breaker';
import type { ConcurrencyLimiter } from './limiter';
import type { Provider } from './providers/types';

/**
 * A lane: one provider with its own circuit breaker and adaptive concurrency limit (failover.ts
 * builds them and moves a call from one to the next; health.ts probes them and says their state).
 * Here, apart from both, so neither imports the other.
 */
export interface Lane {
  provider: Provider;
  /** "name:model", what results and metrics say served a call. */
  name: string;
  breaker: Breaker;
  limiter: ConcurrencyLimiter;
  /** Newest call or probe outcome and when it was last used (health.ts). */
  observed: LaneObservations;
}

/** What a lane keeps for its health: the newest observation, from a call or a probe. */
export interface LaneObservations {
  usedAt: number;
  last: { ok: boolean; at: number; problem: string | null } | null;
  probe: { at: number; ms: number; failures: number } | null;
}

export const newObservations = (): LaneObservations => ({ usedAt: 0, last: null, probe: null });
