import { TranslationError, TranslationUnavailableError } from '../core/translator';

/**
 * The engine's own failures, beyond those of the translator's interface (core/translator.ts:
 * unavailable, rate limited, allowance used, unusable request). Provider-side failures extend
 * TranslationUnavailableError, so the API answers them 503 with the message and callers that fall
 * back to the original text on "unavailable" (tickets, announcements) do so for outages too.
 */

/** The provider failed after the retries (timeout, 5xx, 429 beyond patience, network). */
export class ProviderFailedError extends TranslationUnavailableError {
  override name = 'ProviderFailedError';
  constructor(
    message: string,
    readonly status: number | null = null,
    readonly attempts = 1,
  ) {
    super(message);
  }
}

/** The circuit breaker is open: calls fail fast until the provider recovers. */
export class CircuitOpenError extends TranslationUnavailableError {
  override name = 'CircuitOpenError';
  constructor(readonly retryAfterSeconds: number) {
    super(
      `translation provider is failing; paused for ${retryAfterSeconds} s before trying again (circuit breaker open)`,
    );
  }
}

/** The provider's answer lacked some languages (or broke their formatting) even after one retry. */
export class MissingTranslationsError extends TranslationUnavailableError {
  override name = 'MissingTranslationsError';
  constructor(
    readonly missing: string[],
    /** The languages that did come back, usable by a caller that wants a partial result. */
    readonly partial: Record<string, string>,
    reason: string,
  ) {
    super(`translation provider gave no usable answer for ${missing.join(', ')} (${reason})`);
  }
}

/**
 * Too many channel messages already wait for the provider: this one is skipped (load shedding,
 * see limiter.ts). Commands are never shed.
 */
export class OverloadedError extends TranslationUnavailableError {
  override name = 'OverloadedError';
  constructor(
    readonly waiting: number,
    /** How long it waited for a slot before it was shed (absent: shed at once, the queue was full). */
    readonly waitedMs?: number,
  ) {
    super(
      waitedMs === undefined
        ? `translation is overloaded: ${waiting} messages already wait for the provider; this one was skipped`
        : `translation is overloaded: waited ${Math.round(waitedMs / 1000)} s for the provider (${waiting} more waiting); this one was skipped`,
    );
  }
}

/** The configured provider cannot take audio (an OpenAI-compatible server without a speech model). */
export class AudioUnsupportedError extends TranslationError {
  override name = 'AudioUnsupportedError';
  constructor(provider: string) {
    super(
      `${provider} takes no audio: use Gemini (GEMINI_API_KEY) or set OPENAI_TRANSCRIBE_MODEL for an OpenAI-compatible server`,
    );
  }
}
