import type { Translator } from './translator';
import type { Metrics } from './metrics';

/**
 * The services' translator with its calls counted (src/server/core/metrics.ts): translated or shed
 * (by the engine error's name: OverloadedError -> overloaded), provider latency when the provider
 * was called (usage.calls > 0) and its errors, calls in flight. The engine itself is unchanged.
 */
const PROVIDER_ERRORS = new Set(['provider_failed', 'provider_http', 'circuit_open', 'missing_translations']);

export function reasonOf(err: unknown): string {
  const name = err instanceof Error ? err.name : 'unknown';
  return (
    name
      .replace(/Error$/, '')
      .replace(/([a-z])([A-Z])/g, '$1_$2')
      .toLowerCase() || 'unknown'
  );
}

export function measuredTranslator(inner: Translator, metrics: Metrics): Translator {
  const provider = () => inner.provider ?? 'none';
  async function measure<R extends { usage?: { calls: number }; provider?: string | null }>(
    origin: string,
    call: () => Promise<R>,
  ): Promise<R> {
    metrics.inFlight.inc();
    const end = metrics.providerLatency.startTimer();
    try {
      const result = await call();
      if ((result.usage?.calls ?? 0) > 0) {
        // Labelled with the provider that served: the fallback's when the first one failed.
        const served = result.provider ?? provider();
        end({ provider: served });
        metrics.served.inc({ provider: served });
      }
      metrics.translated.inc({ origin });
      return result;
    } catch (err) {
      const reason = reasonOf(err);
      metrics.shed.inc({ origin, reason });
      if (PROVIDER_ERRORS.has(reason)) metrics.providerErrors.inc({ provider: provider(), kind: reason });
      throw err;
    } finally {
      metrics.inFlight.dec();
    }
  }
  const measured: Translator = {
    get provider() {
      return inner.provider;
    },
    get audio() {
      return inner.audio;
    },
    translate: (request) => measure(request.origin, () => inner.translate(request)),
  };
  if (inner.classify) measured.classify = inner.classify.bind(inner);
  if (inner.translateTexts) measured.translateTexts = inner.translateTexts.bind(inner);
  if (inner.health) measured.health = inner.health.bind(inner);
  if (inner.probe) measured.probe = inner.probe.bind(inner);
  if (inner.translateAudio) {
    const audio = inner.translateAudio.bind(inner);
    measured.translateAudio = (request) => measure(request.origin, () => audio(request));
  }
  return measured;
}
