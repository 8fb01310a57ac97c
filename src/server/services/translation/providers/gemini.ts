import { ApiError, GoogleGenAI, type Schema, Type } from '@google/genai';
import { type Provider, ProviderHttpError, type ProviderRequest, parseRetryAfter } from './types';

export interface GeminiOptions {
  apiKey: string;
  model: string;
  /** GEMINI_BASE_URL (tests: the fake on loopback); Google's when absent. */
  baseUrl?: string;
}

/** Gemini's structured-output schema: { source, translations: { [code]: string } }, all required. */
function responseSchema(targets: string[], ids?: string[]): Schema {
  if (ids) {
    const one = responseSchema(targets);
    return {
      type: Type.OBJECT,
      properties: {
        items: {
          type: Type.ARRAY,
          items: {
            type: Type.OBJECT,
            properties: { id: { type: Type.STRING, enum: ids }, ...one.properties },
            required: ['id', ...(one.required ?? [])],
            propertyOrdering: ['id', 'source', 'translations'],
          },
        },
      },
      required: ['items'],
    };
  }
  return {
    type: Type.OBJECT,
    properties: {
      source: { type: Type.STRING, description: 'language code of the original text (ISO 639-1)' },
      translations: {
        type: Type.OBJECT,
        properties: Object.fromEntries(targets.map((t) => [t, { type: Type.STRING }])),
        required: targets,
        propertyOrdering: targets,
      },
    },
    required: ['source', 'translations'],
    propertyOrdering: ['source', 'translations'],
  };
}

/** Gemini through the official SDK (@google/genai), one generateContent per message. */
export function createGeminiProvider(opts: GeminiOptions): Provider {
  const ai = new GoogleGenAI({
    apiKey: opts.apiKey,
    httpOptions: opts.baseUrl ? { baseUrl: opts.baseUrl } : undefined,
  });
  return {
    name: 'gemini',
    model: opts.model,
    async complete(req: ProviderRequest) {
      // The SDK's ApiError carries no headers: a fetch of our own keeps Retry-After for the engine.
      let retryAfter: string | null = null;
      const fetchKeepingRetryAfter: typeof fetch = async (input, init) => {
        const res = await fetch(input, init);
        retryAfter = res.headers.get('retry-after');
        return res;
      };
      try {
        const res = await ai.models.generateContent({
          model: opts.model,
          contents: [{ role: 'user', parts: [{ text: req.user }] }],
          config: {
            systemInstruction: req.system,
            responseMimeType: 'application/json',
            responseSchema: responseSchema(req.targets, req.ids),
            temperature: 0.2,
            // Translation needs no thinking: on 2.5 Flash models it only adds latency and tokens.
            ...(/^gemini-2\.5-flash/.test(opts.model) ? { thinkingConfig: { thinkingBudget: 0 } } : {}),
            abortSignal: req.signal,
            httpOptions: { fetch: fetchKeepingRetryAfter },
          },
        });
        const text = res.text ?? '';
        const reason =
          res.candidates?.[0]?.finishReason ?? res.promptFeedback?.blockReason ?? 'no candidates';
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
        if (err instanceof ApiError) {
          const after = parseRetryAfter(retryAfter) ?? retryDelayFromBody(err.message);
          throw new ProviderHttpError(
            `Gemini answered ${err.status}: ${errorText(err.message)}`,
            err.status,
            after,
          );
        }
        throw new ProviderHttpError(`Gemini unreachable: ${(err as Error).message}`, null);
      }
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
