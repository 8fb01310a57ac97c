import type { Db } from '../../../db/client';
import type { DurableEvents } from '../core/queue';
import type { Admission } from './admission';
import type { AskItem, AskOutcome, AskShared, ServerPromptSource } from './ask';
import type { Batcher } from './batcher';
import type { TranslationCache } from './cache';
import type { Lane } from './lane';
import type { Priority } from './limiter';
import type { EngineOptions } from './options';
import type { OwnLanes, OwnProviderSource } from './own';
import type { DirectInput, Provider, ProviderRequest, ProviderResponse } from './providers/types';

/**
 * What the engine's operations share (engine.ts builds it once): the options, the lanes, the
 * cache, the batcher, the accounting checks. Each operation (text.ts, audio.ts, classify.ts,
 * texts.ts) is a function of these and its request.
 */

export interface EngineDeps {
  provider: Provider | null;
  /** Providers tried in order when the first fails (TRANSLATION_FALLBACK; failover.ts). */
  fallbacks?: Provider[];
  /** Why there is no provider (the message of TranslationUnavailableError). */
  unavailableReason?: string;
  /** The servers' own provider keys (features/provider-keys); absent: the operator's provider serves all. */
  own?: OwnProviderSource;
  /** A server's glossary and style for its prompt (features/glossary, features/translation-style). */
  prompt: ServerPromptSource;
  db: Db;
  clock: () => Date;
  events?: DurableEvents;
  options?: Partial<EngineOptions>;
}

/** Origins that are channel traffic, worth batching; a member waiting on a command never waits. */
export const BATCHED_ORIGINS = new Set(['mirror', 'single']);

/** One message's place in a provider call (alone or in a micro-batch). */
export interface Job {
  item: AskItem;
  shared: AskShared;
  guildId?: string;
  /** Channel traffic waits behind members' commands and is shed first under load. */
  priority: Priority;
  /** The lanes to ask (the server's own key first when it has one: own.ts). */
  lanes: Lane[];
}

export interface EngineParts {
  deps: EngineDeps;
  opts: EngineOptions;
  /** "name:model" of the operator's provider; null without one. */
  name: string | null;
  cache: TranslationCache;
  /** The operator's provider, then the fallback (failover.ts); each with its breaker and limit. */
  lanes: Lane[];
  ownLanes: OwnLanes;
  admission: Admission;
  /** One provider call, on the first lane of `route` that answers (failover.ts). */
  call(
    route: Lane[],
    system: string,
    user: string,
    targets: string[],
    guildId?: string,
    extra?: { moderation?: ProviderRequest['moderation']; ids?: string[]; input?: DirectInput },
    priority?: Priority,
  ): Promise<ProviderResponse>;
  /** One provider call for a micro-batch of jobs (same guild, channel, targets and prompt). */
  runJobs(jobs: Job[]): Promise<AskOutcome[]>;
  batcher: Batcher<Job, AskOutcome>;
  /** A call on the operator's own provider only (audio: the fallback may take none). */
  guarded<T>(guildId: string | undefined, fn: (signal: AbortSignal) => Promise<T>): Promise<T>;
}
