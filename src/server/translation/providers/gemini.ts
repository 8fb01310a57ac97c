import type { GoogleGenAI, Schema, Type as SdkType } from '@google/genai';
import {
  type Provider,
  type ProviderAudioRequest,
  ProviderHttpError,
  type ProviderRequest,
  type ProviderResponse,
  parseRetryAfter,
} from './types';

export interface GeminiOptions {
  apiKey: string;
  model: string;
  /** GEMINI_BASE_URL (tests: the fake on loopback); Google's when absent. */
  baseUrl?: string;
}

/**
 * @google/genai loads with the first call of a Gemini provider (with google-auth-library, ~20 MB
 * of a process that may never call Gemini: issue 25, idle memory). Its schema types, as values here.
 */
let sdk: typeof import('@google/genai') | null = null;
async function geminiSdk(): Promise<typeof import('@google/genai')> {
  sdk ??= await import('@google/genai');
  return sdk;
}
const Type = {
  OBJECT: 'OBJECT' as SdkType.OBJECT,
  ARRAY: 'ARRAY' as SdkType.ARRAY,
  STRING: 'STRING' as SdkType.STRING,
  BOOLEAN: 'BOOLEAN' as SdkType.BOOLEAN,
};
const isApiError = (err: unknown): err is import('@google/genai').ApiError =>
  sdk !== null && err instanceof sdk.ApiError;

const VERDICT: Schema = {
  type: Type.OBJECT,
  properties: {
    flagged: { type: Type.BOOLEAN },
    category: {
      type: Type.STRING,
      format: 'enum',
      enum: ['toxicity', 'harassment', 'hate', 'threat', 'sexual', 'self-harm', 'none'],
    },
    reason: { type: Type.STRING },
  },
  required: ['flagged', 'category', 'reason'],
  propertyOrdering: ['flagged', 'category', 'reason'],
};

/**
 * Gemini's structured-output schema: { source, translations: { [code]: string } }, all required;
 * with moderation, a verdict beside them (or, for a message not translated, only the verdict).
 */
function responseSchema(
  targets: string[],
  moderation?: ProviderRequest['moderation'],
  ids?: string[],
): Schema {
  const source = { type: Type.STRING, description: 'language code of the original text (ISO 639-1)' };
  if (ids) {
    // A micro-batch: { items: [{ id, source, translations, moderation? }] }, one per message.
    const one = responseSchema(targets, moderation === 'with-translations' ? moderation : undefined);
    return {
      type: Type.OBJECT,
      properties: {
        items: {
          type: Type.ARRAY,
          items: {
            type: Type.OBJECT,
            properties: { id: { type: Type.STRING, enum: ids }, ...one.properties },
            required: ['id', ...(one.required ?? [])],
            propertyOrdering: ['id', ...(one.propertyOrdering ?? [])],
          },
        },
      },
      required: ['items'],
    };
  }
  if (moderation === 'only') {
    return {
      type: Type.OBJECT,
      properties: { source, moderation: VERDICT },
      required: ['source', 'moderation'],
      propertyOrdering: ['source', 'moderation'],
    };
  }
  const keys = ['source', 'translations', ...(moderation ? ['moderation'] : [])];
  return {
    type: Type.OBJECT,
    properties: {
      source,
      translations: {
        type: Type.OBJECT,
        properties: Object.fromEntries(targets.map((t) => [t, { type: Type.STRING }])),
        required: targets,
        propertyOrdering: targets,
      },
      ...(moderation ? { moderation: VERDICT } : {}),
    },
    required: keys,
    propertyOrdering: keys,
  };
}

/** The audio answer: { transcript, source, translations }, all required. */
function audioResponseSchema(targets: string[]): Schema {
  const base = responseSchema(targets);
  return {
    ...base,
    properties: {
      transcript: { type: Type.STRING, description: 'what was said, in the language it was said in' },
      ...base.properties,
    },
    required: ['transcript', 'source', 'translations'],
    propertyOrdering: ['transcript', 'source', 'translations'],
  };
}

type Part = { text: string } | { inlineData: { mimeType: string; data: string } };

/**
 * Gemini through the official SDK (@google/genai), one generateContent per message; audio (voice
 * messages, utterances) goes inline in the same call, so one call gives transcript and translations.
 */
export function createGeminiProvider(opts: GeminiOptions): Provider {
  let client: GoogleGenAI | null = null;
  const genai = async () => {
    if (!client) {
      const { GoogleGenAI } = await geminiSdk();
      client = new GoogleGenAI({
        apiKey: opts.apiKey,
        httpOptions: opts.baseUrl ? { baseUrl: opts.baseUrl } : undefined,
      });
    }
    return client;
  };

  async function generate(
    parts: Part[],
    system: string,
    schema: Schema,
    signal: AbortSignal,
  ): Promise<ProviderResponse> {
    // The SDK's ApiError carries no headers: a fetch of our own keeps Retry-After for the engine.
    let retryAfter: string | null = null;
    const fetchKeepingRetryAfter: typeof fetch = async (input, init) => {
      const res = await fetch(input, init);
      retryAfter = res.headers.get('retry-after');
      return res;
    };
    const ai = await genai();
    try {
      const res = await ai.models.generateContent({
        model: opts.model,
        contents: [{ role: 'user', parts }],
        config: {
          systemInstruction: system,
          responseMimeType: 'application/json',
          responseSchema: schema,
          temperature: 0.2,
          // Translation needs no thinking: on 2.5 Flash models it only adds latency and tokens.
          ...(/^gemini-2\.5-flash/.test(opts.model) ? { thinkingConfig: { thinkingBudget: 0 } } : {}),
          abortSignal: signal,
          httpOptions: { fetch: fetchKeepingRetryAfter },
        },
      });
      const text = res.text ?? '';
      const reason = res.candidates?.[0]?.finishReason ?? res.promptFeedback?.blockReason ?? 'no candidates';
      return {
        text,
        problem: text ? undefined : `empty answer (${reason})`,
        inputTokens: res.usageMetadata?.promptTokenCount ?? 0,
        // Implicit prompt caching: the part of the prompt Gemini served from its cache.
        cachedTokens: res.usageMetadata?.cachedContentTokenCount ?? 0,
        outputTokens:
          (res.usageMetadata?.candidatesTokenCount ?? 0) + (res.usageMetadata?.thoughtsTokenCount ?? 0),
      };
    } catch (err) {
      if (isApiError(err)) {
        const after = parseRetryAfter(retryAfter) ?? retryDelayFromBody(err.message);
        throw new ProviderHttpError(
          `Gemini answered ${err.status}: ${errorText(err.message)}`,
          err.status,
          after,
        );
      }
      throw new ProviderHttpError(`Gemini unreachable: ${(err as Error).message}`, null);
    }
  }

  return {
    name: 'gemini',
    model: opts.model,
    audio: 'inline',
    /** GET models/{model}: the model's card, free, with the key checked. */
    async probe(signal: AbortSignal) {
      const ai = await genai();
      try {
        await ai.models.get({ model: opts.model, config: { abortSignal: signal } });
      } catch (err) {
        if (isApiError(err)) {
          throw new ProviderHttpError(`Gemini answered ${err.status}: ${errorText(err.message)}`, err.status);
        }
        throw new ProviderHttpError(`Gemini unreachable: ${(err as Error).message}`, null);
      }
    },
    complete(req: ProviderRequest) {
      return generate(
        [{ text: req.user }],
        req.system,
        responseSchema(req.targets, req.moderation, req.ids),
        req.signal,
      );
    },
    completeAudio(req: ProviderAudioRequest) {
      const data = Buffer.from(req.audio.data.buffer, req.audio.data.byteOffset, req.audio.data.byteLength);
      return generate(
        [{ inlineData: { mimeType: req.audio.mimeType, data: data.toString('base64') } }, { text: req.user }],
        req.system,
        audioResponseSchema(req.targets),
        req.signal,
      );
    },
  };
}

/** The message inside Gemini's error JSON, shortened; the raw text otherwise. */
function errorText(message: string): string {
  try {
    const parsed = JSON.parse(message);
    return String(parsed?.error?.message ?? message).slice(0, 300);
  } catch {
    return message.slice(0, 300);
  }
}

/** Gemini puts RetryInfo { retryDelay: "30s" } in error.details of a 429. */
function retryDelayFromBody(message: string): number | null {
  const m = /"retryDelay"\s*:\s*"(\d+(?:\.\d+)?)s"/.exec(message);
  return m ? Math.round(Number(m[1]) * 1000) : null;
}
