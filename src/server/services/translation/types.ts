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
  | 'cli'
  | 'voice';

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
  /** Provider calls made (0 when everything came from the cache or was skipped). */
  calls: number;
  inputTokens: number;
  outputTokens: number;
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

/** Speech (a voice message, a live utterance) to transcribe and translate; never written to disk. */
export interface TranslateAudioRequest
  extends Omit<TranslateRequest, 'text' | 'source' | 'context' | 'autoDetect'> {
  audio: Uint8Array;
  /** audio/ogg (Discord voice messages) or audio/wav (live captions). */
  mimeType: string;
}

export interface TranslateAudioResult extends TranslateResult {
  /** What was said, in the language it was said in ('' when nothing was said). */
  transcript: string;
}

export interface Translator {
  /** Name of the active provider, or null when none is configured. */
  readonly provider: string | null;
  translate(request: TranslateRequest): Promise<TranslateResult>;
  /** Whether the provider takes audio (absent: no). */
  readonly audio?: boolean;
  /** Transcript, detected language and every target translation of a piece of speech. */
  translateAudio?(request: TranslateAudioRequest): Promise<TranslateAudioResult>;
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
