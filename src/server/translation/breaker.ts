import { CircuitOpenError } from './errors';

/**
 * A circuit breaker around the provider. Closed: calls pass. After `failureThreshold` failures in a
 * row it opens: calls fail fast with CircuitOpenError for `cooldownMs`. Then one probe call is let
 * through (half-open): success closes the circuit, failure opens it again for another cooldown.
 */
export interface BreakerOptions {
  failureThreshold: number;
  cooldownMs: number;
  clock: () => Date;
}

export type BreakerState = 'closed' | 'open' | 'half-open';

export interface Breaker {
  /** Throws CircuitOpenError when the call must not go out; returns a ticket otherwise. */
  enter(): void;
  success(): void;
  failure(): void;
  /** The call never reached the provider (shed under load): a half-open probe may go again. */
  release(): void;
  /** Opens at once (the health probe found the provider down: health.ts). */
  trip(): void;
  state(): BreakerState;
}

export function createBreaker(opts: BreakerOptions): Breaker {
  let failures = 0;
  let openedAt: number | null = null;
  let probing = false;
  const now = () => opts.clock().getTime();

  const state = (): BreakerState => {
    if (openedAt === null) return 'closed';
    return now() - openedAt >= opts.cooldownMs ? 'half-open' : 'open';
  };

  return {
    enter() {
      const s = state();
      if (s === 'closed') return;
      if (s === 'half-open' && !probing) {
        probing = true;
        return;
      }
      const waitMs = openedAt === null ? 0 : Math.max(0, opts.cooldownMs - (now() - openedAt));
      throw new CircuitOpenError(Math.max(1, Math.ceil(waitMs / 1000)));
    },
    success() {
      failures = 0;
      openedAt = null;
      probing = false;
    },
    release() {
      probing = false;
    },
    trip() {
      failures = opts.failureThreshold;
      openedAt = now();
      probing = false;
    },
    failure() {
      failures += 1;
      if (probing || failures >= opts.failureThreshold) openedAt = now();
      probing = false;
    },
    state,
  };
}
