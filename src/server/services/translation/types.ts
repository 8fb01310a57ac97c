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
  /** false: never guess the source locally (the guild's autoDetect setting applies when absent). */
  autoDetect?: boolean;
}

/** What one translate() call cost (for benchmarks and logs). */
export interface TranslateUsage {
  /** Provider calls made (0 when everything came from the cache or was skipped); a micro-batch's call is shared (e.g. 0.5 each for two). */
  calls: number;
  inputTokens: number;
  outputTokens: number;
  /** Input tokens the provider served from its prompt cache. */
  cachedTokens?: number;
  /** Targets served from the in-memory cache. */
  cached: string[];
}

export interface TranslateResult {
  /** Detected or given source language code. */
  source: string;
  /** Translated text per target language code. */
  translations: Record<string, string>;
  /** Targets that were not translated because the text is already in that language. */
  skipped: string[];
  /** How the source was found: given by the caller, detected locally, or reported by the provider. */
  detectedBy?: 'request' | 'local' | 'provider';
  /** Name of the provider that answered (or would have), e.g. "gemini:gemini-2.5-flash". */
  provider?: string | null;
  usage?: TranslateUsage;
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
