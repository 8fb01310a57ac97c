import type { EventEmitter } from 'node:events';
import type { Db } from '../../../../db/client';
import { planOf } from '../../../common/plans';
import { translationDefaults } from '../../../common/schemas/settings';
import type { ServerEvents } from '..';
import { ensureGuild } from '../guilds';
import { guildPlan } from '../plans';
import {
  createUserLimiter,
  type LogRow,
  newThresholds,
  nextMonthStart,
  usedThisMonth,
  writeLogs,
} from './accounting';
import type { GlossaryEntry } from '../../../common/schemas/glossary';
import { activeGlossary } from '../glossary';
import { activeTranslationStyle } from '../translation-style';
import { type AskItem, type AskOutcome, type AskShared, askAll, keepTerms } from './ask';
import { createBatcher, MICRO_BATCH_WINDOW_MS } from './batcher';
import { createBreaker } from './breaker';
import { createCache } from './cache';
import { detectLanguage } from './detect';
import { InvalidTranslationRequestError, QuotaExceededError, RateLimitedError } from './errors';
import { createConcurrencyLimiter } from './limiter';
import { nothingToTranslate } from './protect';
import { type Provider, ProviderHttpError } from './providers/types';
import { withRetries } from './retry';
import { readTranslationSettings } from './settings';
import {
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
  concurrency: number;
  perGuildConcurrency: number;
  cacheSize: number;
  /** Previous messages sent as context, at most this many and this many characters in all. */
  maxContextMessages: number;
  maxContextChars: number;
  /** Longest text accepted (Discord's own limit is 4,000 with Nitro; a bot's or an edited embed's can be longer). */
  maxTextChars: number;
  /** Micro-batching window for channel traffic (mirror, single-channel); 0 = one call per message. */
  batchWindowMs: number;
  /** The prompt of before issue 16 (benchmarks compare against it). */
  legacyPrompt: boolean;
}

export const DEFAULT_ENGINE_OPTIONS: EngineOptions = {
  timeoutMs: 15_000,
  attempts: 3,
  baseDelayMs: 400,
  maxDelayMs: 8_000,
  maxRetryAfterMs: 30_000,
  breakerThreshold: 5,
  breakerCooldownMs: 30_000,
  concurrency: 16,
  perGuildConcurrency: 4,
  cacheSize: 5_000,
  maxContextMessages: 5,
  maxContextChars: 2_000,
  maxTextChars: 6_000,
  batchWindowMs: MICRO_BATCH_WINDOW_MS,
  legacyPrompt: false,
};

/** Origins that are channel traffic, worth batching; a member waiting on a command never waits. */
const BATCHED_ORIGINS = new Set(['mirror', 'single']);

interface Job {
  item: AskItem;
  shared: AskShared;
  guildId?: string;
}

export interface EngineDeps {
  provider: Provider | null;
  /** Why there is no provider (the message of TranslationUnavailableError). */
  unavailableReason?: string;
  db: Db;
  clock: () => Date;
  events?: EventEmitter<ServerEvents>;
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
  const breaker = createBreaker({
    failureThreshold: opts.breakerThreshold,
    cooldownMs: opts.breakerCooldownMs,
    clock,
  });
  const limiter = createConcurrencyLimiter(opts.concurrency, opts.perGuildConcurrency);
  const userLimiter = createUserLimiter();

  /** One provider call behind the breaker, the concurrency bounds, the retries and the timeout. */
  async function call(
    p: Provider,
    system: string,
    user: string,
    targets: string[],
    guildId?: string,
    ids?: string[],
  ) {
    breaker.enter();
    try {
      const res = await limiter.run(guildId, () =>
        withRetries(() => callWithTimeout(p, system, user, targets, ids), {
          attempts: opts.attempts,
          baseDelayMs: opts.baseDelayMs,
          maxDelayMs: opts.maxDelayMs,
          maxRetryAfterMs: opts.maxRetryAfterMs,
        }),
      );
      breaker.success();
      return res;
    } catch (err) {
      breaker.failure();
      throw err;
    }
  }

  async function callWithTimeout(
    p: Provider,
    system: string,
    user: string,
    targets: string[],
    ids?: string[],
  ) {
    const ac = new AbortController();
    const timer = setTimeout(() => ac.abort(), opts.timeoutMs);
    try {
      return await p.complete({ system, user, targets, ids, signal: ac.signal });
    } catch (err) {
      if (ac.signal.aborted) {
        throw new ProviderHttpError(`${p.name} did not answer within ${opts.timeoutMs} ms`, null, null, true);
      }
      throw err;
    } finally {
      clearTimeout(timer);
    }
  }

  /** One provider call for a micro-batch of jobs (same guild, channel, targets and prompt). */
  const runJobs = (jobs: Job[]): Promise<AskOutcome[]> =>
    askAll(
      (system, user, targets, ids) => call(provider as Provider, system, user, targets, jobs[0].guildId, ids),
      jobs.map((j) => j.item),
      jobs[0].shared,
    );
  const batcher = createBatcher<Job, AskOutcome>(opts.batchWindowMs, runJobs);

  return {
    provider: name,
    async translate(req: TranslateRequest): Promise<TranslateResult> {
      const started = performance.now();
      const text = typeof req.text === 'string' ? req.text : '';
      if (text.trim() === '') throw new InvalidTranslationRequestError('text: nothing to translate');
      if (text.length > opts.maxTextChars) {
        throw new InvalidTranslationRequestError(`text: longer than ${opts.maxTextChars} characters`);
      }
      const targets: string[] = [];
      for (const raw of req.targets ?? []) {
        const code = typeof raw === 'string' ? normalizeCode(raw) : null;
        if (!code) throw new InvalidTranslationRequestError(`targets: "${raw}" is not a language code`);
        if (!targets.includes(code)) targets.push(code);
      }
      if (!targets.length) throw new InvalidTranslationRequestError('targets: give at least one language');
      const given = req.source ? normalizeCode(req.source) : null;
      if (req.source && !given)
        throw new InvalidTranslationRequestError(`source: "${req.source}" is not a language code`);
      if (req.tone !== undefined && req.tone !== 'casual' && req.tone !== 'formal') {
        throw new InvalidTranslationRequestError(`tone: must be casual or formal`);
      }
      if (!provider) throw new TranslationUnavailableError(deps.unavailableReason);

      const now = clock();
      const settings = req.guildId ? readTranslationSettings(db, req.guildId) : translationDefaults;
      const tone = req.tone ?? settings.translationTone;
      const autoDetect = req.autoDetect ?? settings.autoDetect;
      const context = settings.contextPreservation ? trimContext(req.context ?? [], opts) : [];
      const glossary: GlossaryEntry[] = req.guildId ? activeGlossary(db, req.guildId) : [];
      const style = req.guildId
        ? activeTranslationStyle(db, req.guildId)
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

      // Accounting before any work: the monthly pause, then the member's hourly limit.
      let used = 0;
      let allowance: number | null = null;
      if (req.guildId) {
        ensureGuild(db, req.guildId);
        allowance = planOf(guildPlan(db, req.guildId)).monthlyTranslations;
        if (allowance !== null) {
          used = usedThisMonth(db, req.guildId, now);
          if (used >= allowance) throw new QuotaExceededError(used, allowance, nextMonthStart(now));
        }
        if (req.userId) {
          const taken = userLimiter.take(`${req.guildId}:${req.userId}`, settings.rateLimitPerUser, now);
          if (!taken.ok) throw new RateLimitedError(settings.rateLimitPerUser, taken.retryAfterSeconds);
        }
      }

      let source = given;
      let detectedBy: TranslateResult['detectedBy'] = given ? 'request' : undefined;
      if (!source && autoDetect) {
        const local = await detectLanguage(text);
        if (local) {
          source = local.code;
          detectedBy = 'local';
        }
      }

      const usage: TranslateUsage = {
        calls: 0,
        inputTokens: 0,
        outputTokens: 0,
        cachedTokens: 0,
        cached: [],
      };
      const translations: Record<string, string> = {};
      let skipped = source ? targets.filter((t) => sameLanguage(t, source as string)) : [];

      if (nothingToTranslate(text, keepTerms(glossary))) {
        // Only mentions, emoji, links or code: every language gets the message as it is, for free.
        for (const t of targets) if (!skipped.includes(t)) translations[t] = text;
        return { source: source ?? 'und', translations, skipped, detectedBy, provider: name, usage };
      }

      const model = name as string;
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

      if (toAsk.length) {
        let answer: { translations: Record<string, string>; source: string | null };
        try {
          const job: Job = { item: { text, source, targets: toAsk, context }, shared, guildId: req.guildId };
          const batched = !opts.legacyPrompt && req.channelId && BATCHED_ORIGINS.has(req.origin);
          const outcome = batched
            ? await batcher.submit(
                [req.guildId ?? '-', req.channelId, tone, [...toAsk].sort().join(','), prompt].join('|'),
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
          answer = { translations: outcome.translations, source: reported };
        } catch (err) {
          if (req.guildId) {
            writeLogs(
              db,
              toAsk.map((t) => logRow(req, source ?? 'und', t, text, started, 'error')),
              clock(),
            );
          }
          throw err;
        }
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
        writeLogs(
          db,
          delivered.map((t) => ({
            ...logRow(req, source as string, t, text, started, 'ok'),
            tokens: {
              input: usage.inputTokens / delivered.length,
              output: usage.outputTokens / delivered.length,
              cached: (usage.cachedTokens ?? 0) / delivered.length,
            },
          })),
          clock(),
        );
        if (allowance !== null) {
          for (const threshold of newThresholds(db, req.guildId, used + delivered.length, allowance, now)) {
            const notice = { guildId: req.guildId, threshold, used: used + delivered.length, allowance };
            try {
              deps.events?.emit('usage:threshold', notice);
            } catch (err) {
              // A failing listener must not take the member's translation away.
              console.error(`usage:threshold listener failed: ${(err as Error).message}`);
            }
          }
        }
      }
      return { source: source ?? 'und', translations, skipped, detectedBy, provider: name, usage };
    },
  };
}

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
  };
}
