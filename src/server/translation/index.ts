import type { Db } from '../../../db/client';
import type { Env } from '../core/env';
import type { DurableEvents } from '../core/queue';
import { warmDetector } from './detect';
import { createEngine } from './engine';
import { DEFAULT_ENGINE_OPTIONS, type EngineOptions } from './options';
import type { ServerPromptSource } from './ask';
import type { OwnProviderSource } from './own';
import { fallbacksFromEnv, NO_PROVIDER_REASON, providerFromEnv } from './providers/select';
import type { Provider } from './providers/types';
import type { Translator } from '../core/translator';

export { type Usage, usageOf } from './accounting';
export * from './errors';
export { readTranslationSettings } from './settings';
export { startProbing } from './health';
export type { OwnProviderSource } from './own';
export type { ServerPromptSource } from './ask';

export interface TranslatorDeps {
  db: Db;
  env: Env;
  clock: () => Date;
  /** usage:threshold notices go out here. */
  events?: DurableEvents;
  /** A provider other than the environment's (benchmarks). */
  provider?: Provider | null;
  /** Fallback providers other than the environment's (benchmarks); with `provider` given, none by default. */
  fallbacks?: Provider[];
  /** The servers' own provider keys (features/provider-keys, given by app/services.ts). */
  own?: OwnProviderSource;
  /** A server's glossary and style for its prompt (app/services.ts serverPromptSource). */
  prompt: ServerPromptSource;
  options?: Partial<EngineOptions>;
}

/**
 * The translator every caller in the product goes through: the provider chosen by the environment
 * (providers/select.ts) and its fallback (TRANSLATION_FALLBACK, failover.ts), behind formatting protection, detection, cache, resilience and accounting (see engine.ts and the files it names).
 */
export function createTranslator(deps: TranslatorDeps): Translator {
  const provider = deps.provider !== undefined ? deps.provider : providerFromEnv(deps.env);
  // Load the detector's data in the background so the first message does not wait for it.
  if (provider) void warmDetector().catch(() => {});
  const fallbacks = deps.fallbacks ?? (deps.provider !== undefined ? [] : fallbacksFromEnv(deps.env));
  return createEngine({
    provider,
    fallbacks,
    unavailableReason: NO_PROVIDER_REASON,
    own: deps.own,
    prompt: deps.prompt,
    db: deps.db,
    clock: deps.clock,
    events: deps.events,
    // The environment's capacity settings; a caller's options (tests, benchmarks) win.
    options: {
      concurrency: deps.env.TRANSLATION_MAX_IN_FLIGHT,
      minConcurrency: Math.min(deps.env.TRANSLATION_MIN_IN_FLIGHT, deps.env.TRANSLATION_MAX_IN_FLIGHT),
      initialConcurrency: Math.min(
        Math.max(deps.env.TRANSLATION_MIN_IN_FLIGHT, 32),
        deps.env.TRANSLATION_MAX_IN_FLIGHT,
      ),
      maxWaitMs: deps.env.TRANSLATION_MAX_WAIT_MS,
      probeEveryMs: deps.env.TRANSLATION_PROBE_MS || DEFAULT_ENGINE_OPTIONS.probeEveryMs,
      ...deps.options,
    },
  });
}
