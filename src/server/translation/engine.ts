import { createAdmission } from './admission';
import { askAll } from './ask';
import { translateAudio } from './audio';
import { createBatcher } from './batcher';
import { createCache } from './cache';
import { classify } from './classify';
import { completeOnChain, createLanes, laneCalls, onLane } from './failover';
import { healthOf, probeLanes } from './health';
import { chainOptions, DEFAULT_ENGINE_OPTIONS } from './options';
import { createOwnLanes } from './own';
import type { EngineDeps, EngineParts, Job } from './parts';
import { translateText } from './text';
import { translateTexts } from './texts';
import type { Translator } from '../core/translator';

/**
 * The engine behind the Translator interface: builds what its operations share (parts.ts) once
 * and answers each with its own file: text.ts (translate), audio.ts, classify.ts, texts.ts (the
 * bot's own phrases). Options: options.ts; the accounting checks: admission.ts.
 */
export function createEngine(deps: EngineDeps): Translator {
  const opts = { ...DEFAULT_ENGINE_OPTIONS, ...deps.options };
  const { provider, clock } = deps;
  const chain = chainOptions(opts, clock);
  // The operator's provider, then the fallback (failover.ts); each with its breaker and limit.
  const lanes = createLanes(provider ? [provider, ...(deps.fallbacks ?? [])] : [], chain);
  const ownLanes = createOwnLanes(deps.own, chain);

  const call: EngineParts['call'] = (route, system, user, targets, guildId, extra = {}, priority = 'high') =>
    completeOnChain(route, chain, { system, user, targets, ...extra }, guildId, priority);
  const runJobs = (jobs: Job[]) =>
    askAll(
      (system, user, targets, extra) =>
        call(jobs[0].lanes, system, user, targets, jobs[0].guildId, extra, jobs[0].priority),
      jobs.map((j) => j.item),
      jobs[0].shared,
    );
  const batcher = createBatcher(opts.batchWindowMs, runJobs);

  const parts: EngineParts = {
    deps,
    opts,
    name: provider ? `${provider.name}:${provider.model}` : null,
    cache: createCache(opts.cacheSize),
    lanes,
    ownLanes,
    admission: createAdmission(deps.db, deps.events),
    call,
    runJobs,
    batcher,
    guarded: (guildId, fn) => onLane(lanes[0], chain, guildId, fn),
  };

  return {
    provider: parts.name,
    audio: Boolean(provider?.audio),
    translate: (req) => translateText(parts, req),
    translateTexts: (texts, target) => translateTexts(parts, texts, target),
    translateAudio: (req) => translateAudio(parts, req),
    classify: (req) => classify(parts, req),
    providerCalls: (guildId) => laneCalls([...lanes, ...ownLanes.lanes(guildId)], guildId),
    health: () => lanes.map(healthOf),
    probe: () =>
      probeLanes(lanes, {
        clock,
        everyMs: opts.probeEveryMs,
        timeoutMs: opts.probeTimeoutMs,
        failuresToOpen: opts.probeFailuresToOpen,
      }),
    gathering: () => batcher.gathering(),
  };
}
