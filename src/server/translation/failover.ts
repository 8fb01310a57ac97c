import { createBreaker } from './breaker';
import { CircuitOpenError, OverloadedError, ProviderFailedError } from './errors';
import { type Lane, newObservations } from './lane';
import { createConcurrencyLimiter, type LimiterOptions, type Priority } from './limiter';
import {
  type Provider,
  ProviderHttpError,
  type ProviderRequest,
  type ProviderResponse,
} from './providers/types';
import { type RetryOptions, withRetries } from './retry';

/**
 * Provider failover (issue 28): the operator's provider first, then the configured fallback.
 *
 * Each provider is a lane with its own circuit breaker and its own adaptive concurrency limit (a
 * limit learned from one provider's 429s and latency says nothing of another's). A call goes to the
 * first lane that can serve it; when that lane fails after its retries (5xx, 429 beyond patience,
 * timeouts, network, a refused key) or its breaker is open, the same request — one call for all
 * its languages, a micro-batch included — goes to the next lane. While the first lane's breaker is
 * open its calls go straight to the fallback; after the cooldown one probe goes to the first lane
 * again and, when it answers, traffic is back on it. A message shed under load (OverloadedError)
 * is not a provider failure and does not fail over.
 *
 * A lane can serve a call when its provider translates every target (DeepL has a list) and, for a
 * moderation-only call, gives verdicts. When no lane can serve all the targets, the lanes that can
 * serve some are tried in order: they answer what they can and the engine marks the rest missing.
 */

export interface ChainOptions {
  breaker: { failureThreshold: number; cooldownMs: number; clock: () => Date };
  limiter: Omit<LimiterOptions, 'latencyTolerance' | 'now'>;
  retry: RetryOptions;
  timeoutMs: number;
  /** Told each time a call moves on to the next provider (logs; never the text). */
  onFailover?: (from: string, to: string, err: Error) => void;
}

export const laneName = (p: Provider) => `${p.name}:${p.model}`;

/** A server's own key's lane is named "own:name:model" (the translation log's provider column). */
export const OWN_LANE_PREFIX = 'own:';

export function createLanes(providers: Provider[], opts: ChainOptions, prefix = ''): Lane[] {
  return providers.map((provider) => ({
    provider,
    name: prefix + laneName(provider),
    observed: newObservations(),
    breaker: createBreaker(opts.breaker),
    limiter: createConcurrencyLimiter(opts.limiter),
  }));
}

/** Whether an error means "this provider is down for now": the next one should try. */
export function failsOver(err: unknown): boolean {
  return err instanceof ProviderFailedError || err instanceof CircuitOpenError;
}

function serves(p: Provider, targets: string[], moderation: ProviderRequest['moderation']) {
  if (moderation === 'only' && p.moderates === false) return 'no';
  const supported = p.supports ? targets.filter((t) => p.supports?.(t)).length : targets.length;
  if (supported === targets.length) return 'all';
  return supported > 0 ? 'some' : 'no';
}

/** The lanes to try for a call, in order: those serving every target first, then those serving some. */
export function lanesFor(lanes: Lane[], targets: string[], moderation?: ProviderRequest['moderation']) {
  const all = lanes.filter((l) => serves(l.provider, targets, moderation) === 'all');
  const some = lanes.filter((l) => serves(l.provider, targets, moderation) === 'some');
  return [...all, ...some];
}

/** One attempt with a timeout; what it says about the provider's capacity feeds the lane's limit. */
async function attempt<T>(lane: Lane, timeoutMs: number, fn: (signal: AbortSignal) => Promise<T>) {
  const ac = new AbortController();
  const timer = setTimeout(() => ac.abort(), timeoutMs);
  const started = performance.now();
  try {
    const res = await fn(ac.signal);
    lane.limiter.observe({ outcome: 'ok', latencyMs: performance.now() - started });
    return res;
  } catch (err) {
    if (ac.signal.aborted) {
      lane.limiter.observe({ outcome: 'congested' });
      throw new ProviderHttpError(
        `${lane.provider.name} did not answer within ${timeoutMs} ms`,
        null,
        null,
        true,
      );
    }
    lane.limiter.observe({
      outcome: err instanceof ProviderHttpError && err.retryable ? 'congested' : 'other',
    });
    throw err;
  } finally {
    clearTimeout(timer);
  }
}

/** One provider call on one lane: its breaker, its concurrency bounds, the retries and the timeout. */
export async function onLane<T>(
  lane: Lane,
  opts: ChainOptions,
  guildId: string | undefined,
  fn: (signal: AbortSignal) => Promise<T>,
  priority: Priority = 'high',
): Promise<T> {
  lane.breaker.enter();
  const now = () => opts.breaker.clock().getTime();
  lane.observed.usedAt = now();
  // Calls that waited for a slot or a retry while the breaker opened go to the next lane at once,
  // instead of each paying its own timeouts on a provider known to be down.
  const stillClosed = () => {
    if (lane.breaker.state() === 'open')
      throw new CircuitOpenError(Math.ceil(opts.breaker.cooldownMs / 1000));
  };
  try {
    const res = await lane.limiter.run(
      guildId,
      () =>
        withRetries(() => {
          stillClosed();
          return attempt(lane, opts.timeoutMs, fn);
        }, opts.retry),
      priority,
    );
    lane.breaker.success();
    lane.observed.last = { ok: true, at: now(), problem: null };
    return res;
  } catch (err) {
    // A message shed under load, or turned away by a breaker that opened meanwhile, says nothing
    // new about the provider's health.
    if (err instanceof OverloadedError || err instanceof CircuitOpenError) lane.breaker.release();
    else {
      lane.breaker.failure();
      lane.observed.last = { ok: false, at: now(), problem: (err as Error).message };
    }
    throw err;
  }
}

/** A completion on the first lane that answers; `served` names it. */
export async function completeOnChain(
  lanes: Lane[],
  opts: ChainOptions,
  request: Omit<ProviderRequest, 'signal'>,
  guildId: string | undefined,
  priority: Priority,
): Promise<ProviderResponse> {
  const order = lanesFor(lanes, request.targets, request.moderation);
  if (!order.length) {
    // Nothing to ask: the engine marks these languages missing (keeping what else it has).
    const what =
      request.moderation === 'only'
        ? 'gives a moderation verdict'
        : `translates into ${request.targets.join(', ')}`;
    return {
      text: '',
      problem: `no configured provider ${what}`,
      inputTokens: 0,
      outputTokens: 0,
      unasked: true,
    };
  }
  for (let i = 0; ; i++) {
    const lane = order[i];
    try {
      const res = await onLane(
        lane,
        opts,
        guildId,
        (signal) => lane.provider.complete({ ...request, signal }),
        priority,
      );
      return { ...res, served: lane.name };
    } catch (err) {
      const next = order[i + 1];
      if (!next || !failsOver(err)) throw err;
      opts.onFailover?.(lane.name, next.name, err as Error);
    }
  }
}

/** Calls running and waiting on every lane, of one server or of all. */
export function laneCalls(lanes: Lane[], guildId?: string) {
  let active = 0;
  let waiting = 0;
  for (const l of lanes) {
    const s = l.limiter.state(guildId);
    active += s.active;
    waiting += s.waiting;
  }
  return { active, waiting };
}
