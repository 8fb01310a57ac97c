/** What the engine asks of a provider: one chat turn answered as JSON. */
export interface ProviderRequest {
  /** Instructions (rules, tone, placeholder contract). */
  system: string;
  /** The user message: the engine's JSON request (text, targets, source, context). */
  user: string;
  /** Target codes: the answer's translations object must have exactly these keys. */
  targets: string[];
  /** A micro-batch: the answer is { items: [{ id, source, translations }] } with these ids. */
  ids?: string[];
  signal: AbortSignal;
  /** The answer also carries a moderation verdict ('with-translations'), or only one ('only'). */
  moderation?: 'with-translations' | 'only';
  /**
   * The same request as data, for providers that translate without a prompt (DeepL): they answer
   * the JSON shape the prompt asks for, built from their own API's answer.
   */
  input?: DirectInput;
}

/** What a machine-translation API (no prompt) needs: the protected texts, targets, tone, context. */
export interface DirectInput {
  /** One item (no id) or a micro-batch (ids as in ProviderRequest.ids). */
  items: { id?: string; text: string; source: string | null }[];
  targets: string[];
  tone: 'casual' | 'formal';
  context: string[];
}

/** The verdict's JSON schema (both providers). */
export const verdictJsonSchema = {
  type: 'object',
  properties: {
    flagged: { type: 'boolean' },
    category: {
      type: 'string',
      enum: ['toxicity', 'harassment', 'hate', 'threat', 'sexual', 'self-harm', 'none'],
    },
    reason: { type: 'string' },
  },
  required: ['flagged', 'category', 'reason'],
  additionalProperties: false,
} as const;

export interface ProviderResponse {
  /** The model's text, expected to be JSON. */
  text: string;
  /** Why the text is empty (e.g. Gemini's finish reason SAFETY), for the error message. */
  problem?: string;
  inputTokens: number;
  outputTokens: number;
  /** Input tokens the provider served from its prompt cache (part of inputTokens). */
  cachedTokens?: number;
  /** Which provider answered ("name:model"), set by the engine's failover (failover.ts). */
  served?: string;
  /** No provider was asked (none translates these languages): no call to count. */
  unasked?: boolean;
}

/** Audio (a voice message, an utterance) for transcription and translation; kept in memory only. */
export interface ProviderAudio {
  data: Uint8Array;
  /** e.g. audio/ogg (Discord voice messages, Opus) or audio/wav (live captions, PCM). */
  mimeType: string;
}

/**
 * What the engine asks of a provider taking audio inline (Gemini): one call answering
 * { transcript, source, translations } for every target.
 */
export interface ProviderAudioRequest {
  system: string;
  user: string;
  audio: ProviderAudio;
  targets: string[];
  signal: AbortSignal;
}

/** A speech-to-text answer (OpenAI-compatible /audio/transcriptions). */
export interface ProviderTranscript {
  text: string;
  /** The language the server detected, when it says (verbose_json). */
  language?: string | null;
}

/** One translation backend (Gemini, any OpenAI-compatible server, DeepL). A second one is a file. */
export interface Provider {
  /** Short name, e.g. "gemini". */
  readonly name: string;
  readonly model: string;
  /** Whether it translates into this language code (absent: every language; DeepL has a list). */
  supports?(target: string): boolean;
  /** false: it gives no moderation verdict (a machine-translation API); absent: it does. */
  readonly moderates?: boolean;
  complete(request: ProviderRequest): Promise<ProviderResponse>;
  /**
   * How the provider takes audio: 'inline' (completeAudio: transcript and translations in one
   * call), 'transcription' (transcribe, then the engine makes one text call), absent: none.
   */
  readonly audio?: 'inline' | 'transcription';
  completeAudio?(request: ProviderAudioRequest): Promise<ProviderResponse>;
  transcribe?(request: { audio: ProviderAudio; signal: AbortSignal }): Promise<ProviderTranscript>;
  /**
   * The provider's cheapest authenticated call (no tokens billed): Gemini's model info, an
   * OpenAI-compatible server's model list, DeepL's usage. Resolves when the key works and the
   * provider answers; throws ProviderHttpError (401/403: the key is refused) otherwise. Used by the
   * health probe (health.ts) and to check a server's own key before it is saved. Absent: never probed.
   */
  probe?(signal: AbortSignal): Promise<void>;
}

/** A provider answered with an HTTP error, or could not be reached. */
export class ProviderHttpError extends Error {
  override name = 'ProviderHttpError';
  constructor(
    message: string,
    /** HTTP status; null for a network failure or timeout. */
    readonly status: number | null,
    /** Retry-After in milliseconds, when the provider said. */
    readonly retryAfterMs: number | null = null,
    readonly timedOut = false,
  ) {
    super(message);
  }

  get retryable(): boolean {
    return this.status === null || this.status === 429 || this.status >= 500;
  }
}

/** Retry-After as seconds or an HTTP date; null when absent or unreadable. */
export function parseRetryAfter(value: string | null | undefined, now = Date.now()): number | null {
  if (!value) return null;
  const seconds = Number(value.trim());
  if (Number.isFinite(seconds) && seconds >= 0) return Math.round(seconds * 1000);
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

/** The JSON shape both providers are asked for: { source, translations: { [code]: text } }. */
export function answerJsonSchema(
  targets: string[],
  moderation?: ProviderRequest['moderation'],
  ids?: string[],
): Record<string, unknown> {
  const source = { type: 'string', description: 'language code of the original text (ISO 639-1)' };
  if (ids) {
    const { properties, required } = answerJsonSchema(
      targets,
      moderation === 'with-translations' ? moderation : undefined,
    ) as {
      properties: Record<string, unknown>;
      required: string[];
    };
    return {
      type: 'object',
      properties: {
        items: {
          type: 'array',
          items: {
            type: 'object',
            properties: { id: { type: 'string', enum: ids }, ...properties },
            required: ['id', ...required],
            additionalProperties: false,
          },
        },
      },
      required: ['items'],
      additionalProperties: false,
    };
  }
  if (moderation === 'only') {
    return {
      type: 'object',
      properties: { source, moderation: verdictJsonSchema },
      required: ['source', 'moderation'],
      additionalProperties: false,
    };
  }
  return {
    type: 'object',
    properties: {
      source,
      translations: {
        type: 'object',
        properties: Object.fromEntries(targets.map((t) => [t, { type: 'string' }])),
        required: targets,
        additionalProperties: false,
      },
      ...(moderation ? { moderation: verdictJsonSchema } : {}),
    },
    required: ['source', 'translations', ...(moderation ? ['moderation'] : [])],
    additionalProperties: false,
  };
}
