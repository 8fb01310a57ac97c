import { parseAnswer } from './answer';
import { reportedCode } from './codes';
import { InvalidTranslationRequestError } from '../core/translator';
import type { EngineParts } from './parts';
import { classifyInstruction, classifyMessage } from './prompt';
import { protect } from './protect';
import { ProviderHttpError } from './providers/types';
import {
  type ClassifyRequest,
  type ClassifyResult,
  type TranslateUsage,
  TranslationUnavailableError,
} from '../core/translator';

/**
 * One moderation call for a message that is not being translated, behind the same breaker,
 * concurrency bounds and monthly allowance as translation.
 */
export async function classify(parts: EngineParts, req: ClassifyRequest): Promise<ClassifyResult> {
  const { deps, opts } = parts;
  const text = typeof req.text === 'string' ? req.text : '';
  if (text.trim() === '') throw new InvalidTranslationRequestError('text: nothing to classify');
  if (text.length > opts.maxTextChars) {
    throw new InvalidTranslationRequestError(`text: longer than ${opts.maxTextChars} characters`);
  }
  const planned = await parts.ownLanes.route(req.guildId, parts.lanes, true);
  if (!planned.lanes.length) throw new TranslationUnavailableError(deps.unavailableReason);
  // The same monthly allowance as translation: a paused server gets no AI calls either (unless
  // it has its own key).
  const { route } = await parts.admission.routeOf({ guildId: req.guildId }, deps.clock(), false, planned);
  const usage: TranslateUsage = { calls: 0, inputTokens: 0, outputTokens: 0, cached: [] };
  const { text: masked } = protect(text);
  const res = await parts.call(route.lanes, classifyInstruction(), classifyMessage(masked), [], req.guildId, {
    moderation: 'only',
  });
  usage.calls += 1;
  usage.inputTokens += res.inputTokens;
  usage.outputTokens += res.outputTokens;
  const answer = parseAnswer(res.text);
  if (!answer.ok || !answer.moderation) {
    throw new ProviderHttpError(
      `${res.served ?? route.lanes[0]?.name ?? 'the provider'} gave no moderation verdict (${answer.ok ? 'missing' : answer.problem})`,
      502,
    );
  }
  return { verdict: answer.moderation, source: reportedCode(answer.source) ?? null, usage };
}
