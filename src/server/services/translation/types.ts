/**
 * The one interface every translation in the product goes through (DESIGN.md).
 * The engine (issue 5) implements it; callers never talk to a provider directly.
 */

export type TranslationOrigin =
  | 'context-menu'
  | 'mirror'
  | 'single'
  | 'reaction'
  | 'announcement'
  | 'ticket'
  | 'poll'
  | 'cli';

export interface TranslateRequest {
  text: string;
  /** Target language codes (see src/common/languages.ts). One provider call covers them all. */
  targets: string[];
  /** Known source language; when absent the engine detects it. */
  source?: string;
  tone?: 'casual' | 'formal';
  /** Previous messages of the channel, sent as context and never translated. */
  context?: string[];
  origin: TranslationOrigin;
  /** Accounting: when guildId is given, quota, rate limit and translation logs apply. */
  guildId?: string;
  channelId?: string;
  userId?: string;
  username?: string;
}

export interface TranslateResult {
  /** Detected or given source language code. */
  source: string;
  /** Translated text per target language code. */
  translations: Record<string, string>;
  /** Targets that were not translated because the text is already in that language. */
  skipped: string[];
}

export interface Translator {
  /** Name of the active provider, or null when none is configured. */
  readonly provider: string | null;
  translate(request: TranslateRequest): Promise<TranslateResult>;
}

/** Base class: every engine failure has a message a member or admin can read. */
export class TranslationError extends Error {
  override name = 'TranslationError';
}

/** No provider configured (HTTP 503). */
export class TranslationUnavailableError extends TranslationError {
  override name = 'TranslationUnavailableError';
  constructor(message = 'translation provider not configured') {
    super(message);
  }
}
