import type { Db } from '../../../db/client';
import { planOf } from '../../common/plans';
import { ensureGuild } from '../core/guilds';
import type { DurableEvents } from '../core/queue';
import {
  createUserLimiter,
  type LogRow,
  monthUsage,
  newThresholds,
  nextMonthStart,
  writeLogs,
} from './accounting';
import {
  type AskItem,
  type AskOutcome,
  type AskShared,
  askAll,
  type GlossaryEntry,
  keepTerms,
  type ServerPromptSource,
} from './ask';
import { createBatcher, MICRO_BATCH_MAX_ITEMS, MICRO_BATCH_WINDOW_MS } from './batcher';
import { createCache } from './cache';
import { detectLanguage } from './detect';
import {
  AudioUnsupportedError,
  InvalidTranslationRequestError,
  MissingTranslationsError,
  QuotaExceededError,
  RateLimitedError,
} from './errors';
import {
  type ChainOptions,
  completeOnChain,
  createLanes,
  laneCalls,
  OWN_LANE_PREFIX,
  onLane,
} from './failover';
import { probeLanes, healthOf } from './health';
import type { Lane } from './lane';
import { DEFAULT_LIMITER_OPTIONS, type Priority } from './limiter';
import {
  audioSystemInstruction,
  audioUserMessage,
  classifyInstruction,
  classifyMessage,
  parseAnswer,
  parseAudioAnswer,
} from './prompt';
import { createOwnLanes, type OwnProviderSource, type Route } from './own';
import { nothingToTranslate, protect } from './protect';
import { type DirectInput, type Provider, ProviderHttpError, type ProviderRequest } from './providers/types';
import { readTranslationSettings, translationDefaults } from './settings';
import {
  type ClassifyRequest,
  type ClassifyResult,
  type ModerationVerdict,
  type TranslateAudioRequest,
  type TranslateAudioResult,
  type TranslateRequest,
  type TranslateResult,
  type TranslateUsage,
  TranslationUnavailableError,
  type Translator,
} from './types';

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

/** Origins that are channel traffic, worth batching; a member waiting on a command never waits. */
const BATCHED_ORIGINS = new Set(['mirror', 'single']);

interface Job {
  item: AskItem;
  shared: AskShared;
  guildId?: string;
  /** Channel traffic waits behind members' commands and is shed first under load. */
  priority: Priority;
  /** The lanes to ask (the server's own key first when it has one: own.ts). */
  lanes: Lane[];
}

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

const CODE = /^([a-z]{2,3})(?:-([a-z]{2,4}))?$/i;

/** "PT-br" → "pt-BR"; null when not a language code. */
export function normalizeCode(code: string): string | null {
  const m = CODE.exec(code.trim());
  if (!m) return null;
  return m[2]
    ? `${m[1].toLowerCase()}-${m[2].length === 4 ? m[2][0].toUpperCase() + m[2].slice(1).toLowerCase() : m[2].toUpperCase()}`
    : m[1].toLowerCase();
}

/** A target counts as the source's language when equal, or same base and one side has no region (not zh). */
export function sameLanguage(target: string, source: string): boolean {
  if (target === source) return true;
  const [tb, tr] = target.split('-');
  const [sb, sr] = source.split('-');
  return tb === sb && tb !== 'zh' && (!tr || !sr);
}

export function createEngine(deps: EngineDeps): Translator {
  const opts = { ...DEFAULT_ENGINE_OPTIONS, ...deps.options };
  const { provider, db, clock } = deps;
  const name = provider ? `${provider.name}:${provider.model}` : null;
  const cache = createCache(opts.cacheSize);
  const chain: ChainOptions = {
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
  // The operator's provider, then the fallback (failover.ts); each with its breaker and limit.
  const lanes = createLanes(provider ? [provider, ...(deps.fallbacks ?? [])] : [], chain);
  const userLimiter = createUserLimiter();
  const ownLanes = createOwnLanes(deps.own, chain);

  /** One provider call, on the first provider of `route` that answers (failover.ts). */
  function call(
    route: Lane[],
    system: string,
    user: string,
    targets: string[],
    guildId?: string,
    extra: { moderation?: ProviderRequest['moderation']; ids?: string[]; input?: DirectInput } = {},
    priority: Priority = 'high',
  ) {
    return completeOnChain(route, chain, { system, user, targets, ...extra }, guildId, priority);
  }

  /**
   * The lanes of a server's call and its place in the allowance: with its own key, the allowance
   * does not pause it (its usage is not counted) and, once used up, the operator's provider is no
   * longer its fallback; without, the monthly pause applies as before (admit).
   */
  async function routeOf(
    req: { guildId?: string; userId?: string },
    now: Date,
    takeUserSlot: boolean,
    route: Route,
  ) {
    const admitted = await admit(req, now, takeUserSlot, route.own);
    if (route.own && admitted.allowance !== null && admitted.used >= admitted.allowance) {
      return { ...admitted, route: { lanes: route.lanes.slice(0, 1), own: true, key: `${route.key}:q` } };
    }
    return { ...admitted, route };
  }

  /** A call on the operator's own provider only (audio: the fallback may take none). */
  const guarded = <T>(guildId: string | undefined, fn: (signal: AbortSignal) => Promise<T>) =>
    onLane(lanes[0], chain, guildId, fn);

  /** One provider call for a micro-batch of jobs (same guild, channel, targets and prompt). */
  const runJobs = (jobs: Job[]): Promise<AskOutcome[]> =>
    askAll(
      (system, user, targets, extra) =>
        call(jobs[0].lanes, system, user, targets, jobs[0].guildId, extra, jobs[0].priority),
      jobs.map((j) => j.item),
      jobs[0].shared,
    );
  const batcher = createBatcher<Job, AskOutcome>(opts.batchWindowMs, runJobs);

  /** The monthly pause and (when `takeUserSlot`) the member's hourly limit, before any work. */
  async function admit(
    req: { guildId?: string; userId?: string },
    now: Date,
    takeUserSlot: boolean,
    ownKey = false,
  ) {
    let used = 0;
    let allowance: number | null = null;
    if (req.guildId) {
      // The plan, the carried usage and the month's sum in one statement (accounting.ts); the row
      // of a guild seen for the first time is made here (its logs reference it).
      const month = await monthUsage(db, req.guildId, now);
      if (!month) await ensureGuild(db, req.guildId);
      const settings = await readTranslationSettings(db, req.guildId);
      allowance = planOf(month?.plan ?? 'free').monthlyTranslations;
      if (allowance !== null) {
        used = month?.used ?? 0;
        if (used >= allowance && !ownKey) throw new QuotaExceededError(used, allowance, nextMonthStart(now));
      }
      if (req.userId && takeUserSlot) {
        const taken = userLimiter.take(`${req.guildId}:${req.userId}`, settings.rateLimitPerUser, now);
        if (!taken.ok) throw new RateLimitedError(settings.rateLimitPerUser, taken.retryAfterSeconds);
      }
    }
    return { used, allowance };
  }

  /** usage:threshold notices for the translations just delivered. */
  async function noticeThresholds(guildId: string, used: number, allowance: number | null, now: Date) {
    if (allowance === null) return;
    for (const threshold of await newThresholds(db, guildId, used, allowance, now)) {
      const notice = { guildId, threshold, used, allowance };
      try {
        await deps.events?.publish('usage:threshold', notice);
      } catch (err) {
        // A failing listener must not take the member's translation away.
        console.error(`usage:threshold listener failed: ${(err as Error).message}`);
      }
    }
  }

  function targetCodes(raw: unknown[] | undefined): string[] {
    const targets: string[] = [];
    for (const r of raw ?? []) {
      const code = typeof r === 'string' ? normalizeCode(r) : null;
      if (!code) throw new InvalidTranslationRequestError(`targets: "${r}" is not a language code`);
      if (!targets.includes(code)) targets.push(code);
    }
    if (!targets.length) throw new InvalidTranslationRequestError('targets: give at least one language');
    return targets;
  }

  async function translate(req: TranslateRequest): Promise<TranslateResult> {
    const started = performance.now();
    const text = typeof req.text === 'string' ? req.text : '';
    if (text.trim() === '') throw new InvalidTranslationRequestError('text: nothing to translate');
    if (text.length > opts.maxTextChars) {
      throw new InvalidTranslationRequestError(`text: longer than ${opts.maxTextChars} characters`);
    }
    const targets = targetCodes(req.targets);
    const given = req.source ? normalizeCode(req.source) : null;
    if (req.source && !given)
      throw new InvalidTranslationRequestError(`source: "${req.source}" is not a language code`);
    if (req.tone !== undefined && req.tone !== 'casual' && req.tone !== 'formal') {
      throw new InvalidTranslationRequestError(`tone: must be casual or formal`);
    }
    const planned = await ownLanes.route(req.guildId, lanes, true);
    if (!planned.lanes.length) throw new TranslationUnavailableError(deps.unavailableReason);

    const now = clock();
    const settings = req.guildId ? await readTranslationSettings(db, req.guildId) : translationDefaults;
    const tone = req.tone ?? settings.translationTone;
    const autoDetect = req.autoDetect ?? settings.autoDetect;
    const context = settings.contextPreservation ? trimContext(req.context ?? [], opts) : [];
    const glossary: GlossaryEntry[] = req.guildId ? await deps.prompt.glossary(req.guildId) : [];
    const style = req.guildId
      ? await deps.prompt.style(req.guildId)
      : { slang: false, customInstructions: '' };
    const shared: AskShared = {
      style: { tone, ...style },
      glossary,
      guildId: req.guildId,
      legacy: opts.legacyPrompt,
    };
    // Everything of the prompt beyond text and context that changes the answer (part of the cache key).
    const prompt =
      glossary.length || style.slang || style.customInstructions ? JSON.stringify([style, glossary]) : '';

    // Accounting before any work: the monthly pause, then the member's hourly limit (live
    // captions are bounded by the session's minutes instead).
    const { used, allowance, route } = await routeOf(req, now, req.origin !== 'voice', planned);

    let source = given;
    let detectedBy: TranslateResult['detectedBy'] = given ? 'request' : undefined;
    if (!source && autoDetect) {
      const local = await detectLanguage(text);
      if (local) {
        source = local.code;
        detectedBy = 'local';
      }
    }

    const usage: TranslateUsage = { calls: 0, inputTokens: 0, outputTokens: 0, cachedTokens: 0, cached: [] };
    const translations: Record<string, string> = {};
    let skipped = source ? targets.filter((t) => sameLanguage(t, source as string)) : [];

    if (nothingToTranslate(text, keepTerms(glossary))) {
      // Only mentions, emoji, links or code: every language gets the message as it is, for free.
      for (const t of targets) if (!skipped.includes(t)) translations[t] = text;
      return { source: source ?? 'und', translations, skipped, detectedBy, provider: name, usage };
    }

    const model = route.lanes[0].name;
    const pending = targets.filter((t) => !skipped.includes(t));
    // Cache entries are keyed by the source as known before the call (null: left to the provider).
    const keySource = source;
    const toAsk: string[] = [];
    for (const t of pending) {
      const hit = cache.get({ text, source: keySource, target: t, tone, model, context, prompt });
      if (!hit) {
        toAsk.push(t);
        continue;
      }
      usage.cached.push(t);
      if (!source) {
        source = hit.source;
        detectedBy = 'provider';
      }
      if (sameLanguage(t, hit.source)) skipped = [...skipped, t];
      else translations[t] = hit.text;
    }

    let moderation: ModerationVerdict | undefined;
    // Which provider answered (the fallback when the operator's failed); the primary's name otherwise.
    let served = model;
    if (toAsk.length) {
      let answer: {
        translations: Record<string, string>;
        source: string | null;
        verdict?: ModerationVerdict;
      };
      try {
        const moderate = req.moderate === true;
        const job: Job = {
          item: { text, source, targets: toAsk, context, moderate },
          shared,
          guildId: req.guildId,
          priority: BATCHED_ORIGINS.has(req.origin) ? 'low' : 'high',
          lanes: route.lanes,
        };
        // A batch carries a verdict for each of its messages when they need one.
        const batched = !opts.legacyPrompt && req.channelId && BATCHED_ORIGINS.has(req.origin);
        const outcome = batched
          ? await batcher.submit(
              [
                req.guildId ?? '-',
                req.channelId,
                tone,
                [...toAsk].sort().join(','),
                prompt,
                moderate,
                route.key,
              ].join('|'),
              job,
              text.length,
            )
          : (await runJobs([job]))[0];
        usage.calls += outcome.usage.calls;
        usage.inputTokens += outcome.usage.inputTokens;
        usage.outputTokens += outcome.usage.outputTokens;
        usage.cachedTokens = (usage.cachedTokens ?? 0) + outcome.usage.cachedTokens;
        if (!outcome.ok) throw outcome.error;
        // "en_US", "EN " → "en-US", "en": the provider's code as the product writes it.
        const reported = outcome.source ? normalizeCode(outcome.source.split(/[_\s]/)[0]) : null;
        answer = { translations: outcome.translations, source: reported, verdict: outcome.verdict };
        served = outcome.served ?? model;
      } catch (err) {
        if (req.guildId) {
          await writeLogs(
            db,
            toAsk.map((t) =>
              logRow(req, source ?? 'und', t, text, started, 'error', { provider: model, ownKey: false }),
            ),
            clock(),
          );
        }
        throw err;
      }
      moderation = answer.verdict;
      if (!source) {
        source = answer.source ?? 'und';
        detectedBy = 'provider';
      }
      for (const t of toAsk) {
        const reported = answer.source ?? (source as string);
        cache.set(
          { text, source: keySource, target: t, tone, model, context, prompt },
          { text: answer.translations[t], source: reported },
        );
        // The provider says the text is already in this language: skipped, like a local detection.
        if (!keySource && sameLanguage(t, source as string)) skipped = [...skipped, t];
        else translations[t] = answer.translations[t];
      }
    }

    const delivered = Object.keys(translations);
    if (req.guildId && delivered.length) {
      await writeLogs(
        db,
        delivered.map((t) => ({
          // Which lane answered this language: the cache's, or the call's (own.ts: "own:" prefix).
          ...logRow(
            req,
            source as string,
            t,
            text,
            started,
            'ok',
            usage.cached.includes(t)
              ? { provider: 'cache', ownKey: route.own }
              : { provider: served, ownKey: served.startsWith(OWN_LANE_PREFIX) },
          ),
          tokens: {
            input: usage.inputTokens / delivered.length,
            output: usage.outputTokens / delivered.length,
            cached: (usage.cachedTokens ?? 0) / delivered.length,
          },
        })),
        clock(),
      );
      await noticeThresholds(req.guildId, used + delivered.length, allowance, now);
    }
    return {
      source: source ?? 'und',
      translations,
      skipped,
      detectedBy,
      provider: served,
      usage,
      ...(moderation ? { moderation } : {}),
    };
  }

  /**
   * One moderation call for a message that is not being translated, behind the same breaker,
   * concurrency bounds and monthly allowance as translation.
   */
  async function classify(req: ClassifyRequest): Promise<ClassifyResult> {
    const text = typeof req.text === 'string' ? req.text : '';
    if (text.trim() === '') throw new InvalidTranslationRequestError('text: nothing to classify');
    if (text.length > opts.maxTextChars) {
      throw new InvalidTranslationRequestError(`text: longer than ${opts.maxTextChars} characters`);
    }
    const planned = await ownLanes.route(req.guildId, lanes, true);
    if (!planned.lanes.length) throw new TranslationUnavailableError(deps.unavailableReason);
    // The same monthly allowance as translation: a paused server gets no AI calls either (unless
    // it has its own key).
    const { route } = await routeOf({ guildId: req.guildId }, clock(), false, planned);
    const usage: TranslateUsage = { calls: 0, inputTokens: 0, outputTokens: 0, cached: [] };
    const { text: masked } = protect(text);
    const res = await call(route.lanes, classifyInstruction(), classifyMessage(masked), [], req.guildId, {
      moderation: 'only',
    });
    usage.calls += 1;
    usage.inputTokens += res.inputTokens;
    usage.outputTokens += res.outputTokens;
    const answer = parseAnswer(res.text);
    if (!answer.ok || !answer.moderation) {
      throw new ProviderHttpError(
        `${res.served ?? model(route)} gave no moderation verdict (${answer.ok ? 'missing' : answer.problem})`,
        502,
      );
    }
    return {
      verdict: answer.moderation,
      source: normalizeCode(answer.source.split(/[_\s]/)[0]) ?? null,
      usage,
    };
  }

  /**
   * Speech: Gemini-like providers answer transcript, language and translations in one call;
   * transcription servers transcribe, then the transcript goes through translate() (one text call).
   * Translations of speech count against the allowance like text; the audio stays in memory.
   */
  async function translateAudio(req: TranslateAudioRequest): Promise<TranslateAudioResult> {
    const started = performance.now();
    const audio = req.audio;
    if (!(audio instanceof Uint8Array) || audio.byteLength === 0) {
      throw new InvalidTranslationRequestError('audio: nothing to transcribe');
    }
    if (audio.byteLength > opts.maxAudioBytes) {
      throw new InvalidTranslationRequestError(`audio: larger than ${opts.maxAudioBytes} bytes`);
    }
    const targets = targetCodes(req.targets);
    if (!provider) throw new TranslationUnavailableError(deps.unavailableReason);
    if (!provider.audio) throw new AudioUnsupportedError(name as string);
    const now = clock();
    const settings = req.guildId ? await readTranslationSettings(db, req.guildId) : translationDefaults;
    const tone = req.tone ?? settings.translationTone;
    const usage: TranslateUsage = { calls: 0, inputTokens: 0, outputTokens: 0, cached: [] };
    const media = { data: audio, mimeType: req.mimeType };

    if (provider.audio === 'transcription' && provider.transcribe) {
      const transcribe = provider.transcribe.bind(provider);
      await admit(req, now, false);
      const heard = await guarded(req.guildId, (signal) => transcribe({ audio: media, signal }));
      usage.calls += 1;
      const transcript = heard.text.trim();
      if (!transcript)
        return { transcript: '', source: 'und', translations: {}, skipped: [], provider: name, usage };
      const result = await translate({ ...req, text: transcript, targets, tone });
      const more = result.usage;
      return {
        ...result,
        transcript,
        usage: {
          calls: usage.calls + (more?.calls ?? 0),
          inputTokens: more?.inputTokens ?? 0,
          outputTokens: more?.outputTokens ?? 0,
          cached: more?.cached ?? [],
        },
      };
    }

    const completeAudio = provider.completeAudio?.bind(provider);
    if (!completeAudio) throw new AudioUnsupportedError(name as string);
    // Live captions are bounded by the session's minutes, not by the member's hourly limit.
    const { used, allowance } = await admit(req, now, req.origin !== 'voice');
    const system = audioSystemInstruction(tone);
    const user = audioUserMessage({ targets, tone });
    let problem = '';
    let answer: ReturnType<typeof parseAudioAnswer> = { ok: false, problem: 'no answer' };
    try {
      for (let round = 0; round < 2; round++) {
        const res = await guarded(req.guildId, (signal) =>
          completeAudio({ system, user, audio: media, targets, signal }),
        );
        usage.calls += 1;
        usage.inputTokens += res.inputTokens;
        usage.outputTokens += res.outputTokens;
        const parsed = parseAudioAnswer(res.text);
        answer = parsed;
        if (!parsed.ok) {
          problem = res.problem ?? parsed.problem;
          continue;
        }
        if (!parsed.transcript) break;
        const missing = targets.filter(
          (t) => !sameLanguage(t, parsed.source) && !parsed.translations[t.toLowerCase()],
        );
        if (!missing.length) break;
        problem = 'language missing from the answer';
        if (round === 1) throw new MissingTranslationsError(missing, parsed.translations, problem);
      }
      if (!answer.ok) throw new MissingTranslationsError(targets, {}, problem);
    } catch (err) {
      if (req.guildId) {
        await writeLogs(
          db,
          targets.map((t) =>
            logRow({ ...req, text: '' }, 'und', t, '', started, 'error', { provider: name, ownKey: false }),
          ),
          clock(),
        );
      }
      throw err;
    }
    const { transcript } = answer;
    const source = normalizeCode(answer.source.split(/[_\s]/)[0]) ?? 'und';
    if (!transcript)
      return { transcript: '', source: 'und', translations: {}, skipped: [], provider: name, usage };
    const skipped = targets.filter((t) => sameLanguage(t, source));
    const translations: Record<string, string> = {};
    for (const t of targets) if (!skipped.includes(t)) translations[t] = answer.translations[t.toLowerCase()];
    const delivered = Object.keys(translations);
    if (req.guildId && delivered.length) {
      await writeLogs(
        db,
        delivered.map((t) =>
          logRow({ ...req, text: transcript }, source, t, transcript, started, 'ok', {
            provider: name,
            ownKey: false,
          }),
        ),
        clock(),
      );
      await noticeThresholds(req.guildId, used + delivered.length, allowance, now);
    }
    return { transcript, source, translations, skipped, detectedBy: 'provider', provider: name, usage };
  }

  /**
   * The bot's own phrases (issue 27): short English product texts into one language, one provider
   * call for up to a batch's worth of them (no guild: no glossary, no accounting, no cache entry).
   */
  async function translateTexts(texts: string[], target: string): Promise<string[]> {
    if (!provider) throw new TranslationUnavailableError(deps.unavailableReason);
    const code = targetCodes([target])[0];
    const shared: AskShared = {
      style: { tone: translationDefaults.translationTone, slang: false, customInstructions: '' },
      glossary: [],
    };
    const out: string[] = [];
    for (let i = 0; i < texts.length; i += MICRO_BATCH_MAX_ITEMS) {
      const jobs: Job[] = texts.slice(i, i + MICRO_BATCH_MAX_ITEMS).map((text) => ({
        item: { text, source: 'en', targets: [code], context: [] },
        shared,
        priority: 'high',
        // The operator's lanes: the bot's own phrases belong to no server's key.
        lanes,
      }));
      for (const outcome of await runJobs(jobs)) {
        if (!outcome.ok) throw outcome.error;
        const got = outcome.translations[code];
        if (got === undefined) throw new MissingTranslationsError([code], {}, 'no answer for a phrase');
        out.push(got);
      }
    }
    return out;
  }

  return {
    provider: name,
    audio: Boolean(provider?.audio),
    translate,
    translateTexts,
    translateAudio,
    classify,
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

const model = (route: Route) => route.lanes[0]?.name ?? 'the provider';

function trimContext(context: string[], opts: EngineOptions): string[] {
  const out: string[] = [];
  let chars = 0;
  for (const line of context.slice(-opts.maxContextMessages).reverse()) {
    if (typeof line !== 'string' || !line.trim()) continue;
    chars += line.length;
    if (chars > opts.maxContextChars) break;
    out.unshift(line);
  }
  return out;
}

function logRow(
  req: TranslateRequest,
  source: string,
  target: string,
  text: string,
  started: number,
  outcome: LogRow['outcome'],
  lane: Pick<LogRow, 'provider' | 'ownKey'>,
): LogRow {
  return {
    guildId: req.guildId as string,
    channelId: req.channelId,
    userId: req.userId,
    username: req.username,
    sourceLanguage: source,
    targetLanguage: target,
    characters: text.length,
    latencyMs: performance.now() - started,
    outcome,
    origin: req.origin,
    ...lane,
  };
}
