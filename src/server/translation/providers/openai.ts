import { z } from 'zod';
import { PrivateAddressError } from './public-fetch';
import {
  type Provider,
  type ProviderAudio,
  ProviderHttpError,
  type ProviderRequest,
  type ProviderTranscript,
  parseRetryAfter,
} from './types';

export interface OpenAIOptions {
  /** OPENAI_BASE_URL including its version path, e.g. https://api.openai.com/v1 or http://localhost:11434/v1 */
  baseUrl: string;
  apiKey?: string;
  model: string;
  /** Speech-to-text model for {baseUrl}/audio/transcriptions; absent: this server takes no audio. */
  transcribeModel?: string;
  /** How requests go out: the global fetch (the operator's own server), or one that reaches only public addresses (a server admin's, public-fetch.ts). */
  fetch?: (url: string, init?: RequestInit) => Promise<Response>;
}

const transcription = z.object({ text: z.string(), language: z.string().nullable().optional() });

const EXTENSIONS: Record<string, string> = { 'audio/ogg': 'ogg', 'audio/wav': 'wav', 'audio/mpeg': 'mp3' };

const completion = z.object({
  choices: z.array(z.object({ message: z.object({ content: z.string().nullable() }) })).min(1),
  usage: z
    .object({
      prompt_tokens: z.number(),
      completion_tokens: z.number(),
      prompt_tokens_details: z.object({ cached_tokens: z.number() }).partial().nullable(),
    })
    .partial()
    .optional(),
});

/**
 * Any OpenAI-compatible chat-completions server (OpenAI, Ollama, vLLM, llama.cpp), with plain fetch.
 * JSON mode (response_format json_object) is understood by all of them; the expected shape is in the
 * instructions and checked by the engine.
 */
export function createOpenAIProvider(opts: OpenAIOptions): Provider {
  const url = `${opts.baseUrl.replace(/\/+$/, '')}/chat/completions`;
  const send = opts.fetch ?? fetch;
  // Servers without JSON mode answer 400 about response_format: from then on it is left out (the
  // instructions still ask for JSON and the engine checks the answer).
  let jsonMode = true;

  async function post(req: ProviderRequest): Promise<Response> {
    try {
      return await send(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(opts.apiKey ? { authorization: `Bearer ${opts.apiKey}` } : {}),
        },
        body: JSON.stringify({
          model: opts.model,
          messages: [
            { role: 'system', content: req.system },
            { role: 'user', content: req.user },
          ],
          ...(jsonMode ? { response_format: { type: 'json_object' } } : {}),
          temperature: 0.2,
        }),
        signal: req.signal,
      });
    } catch (err) {
      throw new ProviderHttpError(
        `OpenAI-compatible server unreachable at ${url}: ${(err as Error).message}`,
        null,
      );
    }
  }

  /** POST {base}/audio/transcriptions (multipart, the audio from memory): the transcript. */
  async function transcribe(req: { audio: ProviderAudio; signal: AbortSignal }): Promise<ProviderTranscript> {
    const form = new FormData();
    const ext = EXTENSIONS[req.audio.mimeType] ?? 'bin';
    form.append(
      'file',
      new Blob([new Uint8Array(req.audio.data)], { type: req.audio.mimeType }),
      `audio.${ext}`,
    );
    form.append('model', opts.transcribeModel as string);
    form.append('response_format', 'json');
    const at = `${opts.baseUrl.replace(/\/+$/, '')}/audio/transcriptions`;
    let res: Response;
    try {
      res = await send(at, {
        method: 'POST',
        headers: opts.apiKey ? { authorization: `Bearer ${opts.apiKey}` } : {},
        body: form,
        signal: req.signal,
      });
    } catch (err) {
      throw new ProviderHttpError(
        `OpenAI-compatible server unreachable at ${at}: ${(err as Error).message}`,
        null,
      );
    }
    const body = await res.text();
    if (!res.ok) {
      throw new ProviderHttpError(
        `OpenAI-compatible server answered ${res.status} to a transcription: ${errorText(body) || res.statusText}`,
        res.status,
        parseRetryAfter(res.headers.get('retry-after')),
      );
    }
    try {
      const parsed = transcription.parse(JSON.parse(body));
      return { text: parsed.text, language: parsed.language ?? null };
    } catch {
      throw new ProviderHttpError('OpenAI-compatible server sent a body that is not a transcription', 502);
    }
  }

  return {
    name: 'openai-compatible',
    model: opts.model,
    /** GET {base}/models (OpenAI, Ollama, vLLM and llama.cpp all serve it): no tokens, the key checked. */
    async probe(signal: AbortSignal) {
      const at = `${opts.baseUrl.replace(/\/+$/, '')}/models`;
      let res: Response;
      try {
        res = await send(at, {
          headers: opts.apiKey ? { authorization: `Bearer ${opts.apiKey}` } : {},
          signal,
        });
      } catch (err) {
        // A refused address says so as it is (the key check names it: provider-keys.ts).
        if (err instanceof PrivateAddressError) throw err;
        throw new ProviderHttpError(
          `OpenAI-compatible server unreachable at ${at}: ${(err as Error).message}`,
          null,
        );
      }
      const body = await res.text();
      if (!res.ok) {
        throw new ProviderHttpError(
          `OpenAI-compatible server answered ${res.status}: ${errorText(body) || res.statusText}`,
          res.status,
        );
      }
    },
    ...(opts.transcribeModel ? { audio: 'transcription' as const, transcribe } : {}),
    async complete(req: ProviderRequest) {
      let res = await post(req);
      let body = await res.text();
      if (res.status === 400 && jsonMode && /response_format/i.test(body)) {
        jsonMode = false;
        res = await post(req);
        body = await res.text();
      }
      if (!res.ok) {
        throw new ProviderHttpError(
          `OpenAI-compatible server answered ${res.status}: ${errorText(body) || res.statusText}`,
          res.status,
          parseRetryAfter(res.headers.get('retry-after')),
        );
      }
      let parsed: z.infer<typeof completion>;
      try {
        parsed = completion.parse(JSON.parse(body));
      } catch {
        throw new ProviderHttpError(
          'OpenAI-compatible server sent a body that is not a chat completion',
          502,
        );
      }
      return {
        text: parsed.choices[0].message.content ?? '',
        inputTokens: parsed.usage?.prompt_tokens ?? 0,
        outputTokens: parsed.usage?.completion_tokens ?? 0,
        cachedTokens: parsed.usage?.prompt_tokens_details?.cached_tokens ?? 0,
      };
    },
  };
}

function errorText(body: string): string {
  try {
    const parsed = JSON.parse(body);
    return String(parsed?.error?.message ?? parsed?.error ?? body).slice(0, 300);
  } catch {
    return body.slice(0, 300);
  }
}
