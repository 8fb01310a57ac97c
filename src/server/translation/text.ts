import { type LogRow, logRow, writeLogs } from './accounting';
import { type AskShared, type GlossaryEntry, keepTerms } from './ask';
import { normalizeCode, reportedCode, sameLanguage, targetCodes } from './codes';
import { detectLanguage } from './detect';
import { InvalidTranslationRequestError } from '../core/translator';
import { OWN_LANE_PREFIX } from './failover';
import type { EngineOptions } from './options';
import { BATCHED_ORIGINS, type EngineParts, type Job } from './parts';
import { nothingToTranslate } from './protect';
import { readTranslationSettings, translationDefaults } from './settings';
import {
  type ModerationVerdict,
  type TranslateRequest,
  type TranslateResult,
  type TranslateUsage,
  TranslationUnavailableError,
} from '../core/translator';

/**
 * The path of one text message: validation, settings, the accounting checks, detection, the
 * cache, one provider call (alone or in its channel's micro-batch), the logs and the notices.
 */
export async function translateText(parts: EngineParts, req: TranslateRequest): Promise<TranslateResult> {
  const { deps, opts, cache } = parts;
  const { db, clock } = deps;
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
  const planned = await parts.ownLanes.route(req.guildId, parts.lanes, true);
  if (!planned.lanes.length) throw new TranslationUnavailableError(deps.unavailableReason);

  const now = clock();
  const settings = req.guildId ? await readTranslationSettings(db, req.guildId) : translationDefaults;
  const tone = req.tone ?? settings.translationTone;
  const autoDetect = req.autoDetect ?? settings.autoDetect;
  const context = settings.contextPreservation ? trimContext(req.context ?? [], opts) : [];
  const glossary: GlossaryEntry[] = req.guildId ? await deps.prompt.glossary(req.guildId) : [];
  const style = req.guildId ? await deps.prompt.style(req.guildId) : { slang: false, customInstructions: '' };
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
  const { used, allowance, route } = await parts.admission.routeOf(req, now, req.origin !== 'voice', planned);

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
    return { source: source ?? 'und', translations, skipped, detectedBy, provider: parts.name, usage };
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
        ? await parts.batcher.submit(
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
        : (await parts.runJobs([job]))[0];
      usage.calls += outcome.usage.calls;
      usage.inputTokens += outcome.usage.inputTokens;
      usage.outputTokens += outcome.usage.outputTokens;
      usage.cachedTokens = (usage.cachedTokens ?? 0) + outcome.usage.cachedTokens;
      if (!outcome.ok) throw outcome.error;
      // The provider's code as the product writes it.
      const reported = outcome.source ? reportedCode(outcome.source) : null;
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
      delivered.map(
        (t): LogRow => ({
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
        }),
      ),
      clock(),
    );
    await parts.admission.noticeThresholds(req.guildId, used + delivered.length, allowance, now);
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
