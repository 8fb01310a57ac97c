/**
 * The one interface every translation in the product goes through (DESIGN.md): the container's
 * translator (Services.translator), its requests and results, and the failures a caller answers
 * (unavailable, rate limited, allowance used, unusable request: core/trpc.ts gives each its HTTP
 * code). The translation engine (src/server/translation) implements it, with its own finer
 * failures (translation/errors.ts); callers never talk to a provider directly.
 */

export type TranslationOrigin =
  | 'context-menu'
  | 'mirror'
  | 'single'
  | 'reaction'
  | 'announcement'
  | 'ticket'
  | 'poll'
  | 'welcome'
  | 'cli'
  | 'voice'
  | 'case';

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
  /** Also ask the provider for a moderation verdict in the same call (AI moderation). */
  moderate?: boolean;
}

/** The language model's moderation verdict on a message. */
export interface ModerationVerdict {
  flagged: boolean;
  /** 'none' when not flagged. */
  category: 'toxicity' | 'harassment' | 'hate' | 'threat' | 'sexual' | 'self-harm' | 'none';
  /** A few English words saying why (for the moderators' report). */
  reason: string;
}

export interface ClassifyRequest {
  text: string;
  guildId?: string;
  channelId?: string;
  userId?: string;
}

export interface ClassifyResult {
  verdict: ModerationVerdict;
  /** Language of the text, as the provider reports it. */
  source: string | null;
  usage: TranslateUsage;
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
  /** With `moderate`: the verdict, when a provider call was made and answered it. */
  moderation?: ModerationVerdict;
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
  /** The translator this one wraps for one message (absent on the process's own translators). */
  readonly wraps?: Translator;
  translate(request: TranslateRequest): Promise<TranslateResult>;
  /**
   * One moderation call for a message that is not being translated, behind the same breaker,
   * concurrency bounds and monthly allowance as translation. Absent on translators without it.
   */
  classify?(request: ClassifyRequest): Promise<ClassifyResult>;
  /**
   * The bot's own phrases (issue 27): short English texts into one language, batched into one
   * provider call (answers in the order asked). Absent: callers translate them one by one.
   */
  translateTexts?(texts: string[], target: string): Promise<string[]>;
  /** Whether the provider takes audio (absent: no). */
  readonly audio?: boolean;
  /** Transcript, detected language and every target translation of a piece of speech. */
  translateAudio?(request: TranslateAudioRequest): Promise<TranslateAudioResult>;
  /**
   * Provider calls running and waiting for a slot now, of one server or of all (absent on
   * translators without bounds). A waiting call has passed every check before the provider.
   */
  providerCalls?(guildId?: string): { active: number; waiting: number };
  /** Channel messages gathering in a batch for their next provider call now (absent: no batching). */
  gathering?(): number;
  /** The operator's provider lanes and their health (health.ts; absent: not known). */
  health?(): LaneHealth[];
  /** Probes the lanes that are due (idle for a probe interval, or down) and answers their health. */
  probe?(): Promise<LaneHealth[]>;
}

/** A lane's state: down while its breaker is not closed, else what the newest call or probe said. */
export type HealthState = 'up' | 'down' | 'unknown';

/** One provider lane's health, as health.ts probes and tells it (`/metrics`, the status page). */
export interface LaneHealth {
  /** "name:model" (failover.ts laneName). */
  lane: string;
  state: HealthState;
  /** When the last probe ran (ISO), null before the first. */
  probedAt: string | null;
  /** Its round trip, ms. */
  probeMs: number | null;
  /** Why the newest probe or call failed (never a key); null when it answered. */
  problem: string | null;
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

/** The member went over the guild's per-user hourly limit (HTTP 429). */
export class RateLimitedError extends TranslationError {
  override name = 'RateLimitedError';
  constructor(
    readonly limit: number,
    readonly retryAfterSeconds: number,
  ) {
    super(
      `translation limit reached: ${limit} messages per hour per member on this server; try again in ${Math.max(1, Math.ceil(retryAfterSeconds / 60))} min`,
    );
  }
}

/** The guild used its monthly allowance: translation pauses until next month or an upgrade (HTTP 429). */
export class QuotaExceededError extends TranslationError {
  override name = 'QuotaExceededError';
  constructor(
    readonly used: number,
    readonly allowance: number,
    readonly resetsAt: Date,
  ) {
    super(
      `monthly translation allowance used (${used} of ${allowance}); translation is paused until ${resetsAt.toISOString().slice(0, 10)} or an upgrade`,
    );
  }
}

/** The request itself is unusable (no text, no targets, an unknown language code). */
export class InvalidTranslationRequestError extends TranslationError {
  override name = 'InvalidTranslationRequestError';
}
