import { AudioUnsupportedError, OverloadedError } from '../../translation';
import { QuotaExceededError, RateLimitedError, TranslationUnavailableError } from '../../core/translator';

/**
 * What a member or an admin reads when a translation could not be made: plain words, never a
 * stack trace.
 */
export type FailureKind = 'overloaded' | 'paused' | 'rate_limited' | 'unavailable' | 'failed';

export interface ExplainedFailure {
  kind: FailureKind;
  message: string;
}

const day = (d: Date) => d.toUTCString().slice(0, 16);

export function explainTranslationFailure(err: unknown, publicUrl: string): ExplainedFailure {
  if (err instanceof QuotaExceededError) {
    return {
      kind: 'paused',
      message:
        `Translation is paused: this server has used all ${err.allowance.toLocaleString('en-US')} translations of its plan this month. ` +
        `It resumes on ${day(err.resetsAt)}, or right away when a server admin upgrades at ${publicUrl}/pricing.`,
    };
  }
  if (err instanceof RateLimitedError) {
    const secs = Math.max(1, Math.ceil(err.retryAfterSeconds));
    const wait = secs < 120 ? `${secs} seconds` : `${Math.ceil(secs / 60)} minutes`;
    return {
      kind: 'rate_limited',
      message: `You have reached this server's limit of ${err.limit} translations per hour. Please try again in ${wait}.`,
    };
  }
  if (err instanceof AudioUnsupportedError) {
    return {
      kind: 'unavailable',
      message:
        "Voice can't be translated right now: the bot's translation provider takes no audio. Please tell a server admin.",
    };
  }
  if (err instanceof OverloadedError) {
    return {
      kind: 'overloaded',
      message:
        'Translation is very busy right now, so this message was skipped. Please try again in a moment.',
    };
  }
  if (err instanceof TranslationUnavailableError) {
    const configured = err.name !== 'TranslationUnavailableError';
    return {
      kind: 'unavailable',
      message: configured
        ? 'Sorry, the translation service is not answering right now. Please try again in a few minutes.'
        : 'Translation is not available right now: the bot has no translation provider configured. Please tell a server admin.',
    };
  }
  return {
    kind: 'failed',
    message: 'Sorry, the translation failed this time. Please try again in a minute.',
  };
}
