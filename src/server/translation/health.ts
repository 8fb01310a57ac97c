import type { Lane } from './lane';
import { ProviderHttpError } from './providers/types';
import type { HealthState, LaneHealth } from '../core/translator';

/**
 * The providers' health, probed (issue 27): each lane of the operator's providers whose provider has
 * a probe (its cheapest authenticated call: providers/types.ts) is asked when it has been idle for a
 * probe interval, so a provider that went down is known before a member's message reaches it, and
 * one that came back takes traffic again without waiting for a half-open breaker's member call.
 * - A probe that answers closes the lane's breaker (traffic goes back to it at once).
 * - `failuresToOpen` failed probes in a row open it (calls go to the fallback, or fail fast).
 * - A lane with traffic is not probed: its calls say the same thing (each updates `last`).
 * The state a lane reports: down while its breaker is open or half-open, else what the newest
 * call or probe said (unknown before either). Time comes from the engine's clock.
 */

export interface ProbeOptions {
  clock: () => Date;
  /** A lane idle this long (no call, no probe) is probed. */
  everyMs: number;
  timeoutMs: number;
  failuresToOpen: number;
}

export function healthOf(lane: Lane): LaneHealth {
  const o = lane.observed;
  const state: HealthState =
    lane.breaker.state() !== 'closed' ? 'down' : !o.last ? 'unknown' : o.last.ok ? 'up' : 'down';
  return {
    lane: lane.name,
    state,
    probedAt: o.probe ? new Date(o.probe.at).toISOString() : null,
    probeMs: o.probe ? Math.round(o.probe.ms) : null,
    problem: o.last && !o.last.ok ? o.last.problem : null,
  };
}

/** Probes each lane that is due (idle for `everyMs`, or its breaker open); answers every lane's health. */
export async function probeLanes(lanes: Lane[], opts: ProbeOptions): Promise<LaneHealth[]> {
  const now = opts.clock().getTime();
  await Promise.all(
    lanes.map(async (lane) => {
      const o = lane.observed;
      if (!lane.provider.probe) return;
      const open = lane.breaker.state() !== 'closed';
      const idle = now - o.usedAt >= opts.everyMs && (!o.probe || now - o.probe.at >= opts.everyMs);
      if (!idle && !(open && (!o.probe || now - o.probe.at >= opts.everyMs))) return;
      const ac = new AbortController();
      const timer = setTimeout(() => ac.abort(), opts.timeoutMs);
      const started = performance.now();
      const failures = o.probe?.failures ?? 0;
      try {
        await lane.provider.probe(ac.signal);
        o.probe = { at: now, ms: performance.now() - started, failures: 0 };
        o.last = { ok: true, at: now, problem: null };
        lane.breaker.success();
      } catch (err) {
        const problem = ac.signal.aborted
          ? `no answer to the health probe within ${opts.timeoutMs} ms`
          : err instanceof ProviderHttpError
            ? err.message
            : String(err);
        o.probe = { at: now, ms: performance.now() - started, failures: failures + 1 };
        o.last = { ok: false, at: now, problem };
        if (failures + 1 >= opts.failuresToOpen && lane.breaker.state() === 'closed') lane.breaker.trip();
      } finally {
        clearTimeout(timer);
      }
    }),
  );
  return lanes.map(healthOf);
}

/** Probes on a timer (main.ts, each process); stop() ends it. `everyMs` 0: never. */
export function startProbing(probe: () => Promise<unknown>, everyMs: number): { stop(): void } {
  if (everyMs <= 0) return { stop() {} };
  // A tick each fifth of the interval: a lane is probed within 1.2 intervals of going idle.
  const timer = setInterval(
    () => void probe().catch((err) => console.error('translation: health probe failed:', err)),
    Math.max(1_000, Math.floor(everyMs / 5)),
  );
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
