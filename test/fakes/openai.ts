/**
 * A fake OpenAI-compatible chat-completions server on 127.0.0.1 (the wire format OpenAI, Ollama and
 * vLLM speak): POST {url}/chat/completions, `Authorization: Bearer ...`, body
 * `{ model, messages: [{ role, content }], response_format? }`, answer
 * `{ id, object: 'chat.completion', choices: [{ index, message: { role, content }, finish_reason }], usage }`.
 * Speech: POST {url}/audio/transcriptions (multipart: file, model) answers `{ text }`.
 * GET {url}/models answers `{ object: 'list', data: [{ id, object: 'model' }] }`.
 * Same API as test/fakes/gemini.ts: start() → { url, requests, respondWith(fn), queue(...), close() }.
 */
import { type FakeProvider, startFakeServer } from './gemini';

export type { FakeProvider, FakeReply, RecordedRequest, Responder } from './gemini';

let counter = 0;

export function startFakeOpenAI(): Promise<FakeProvider> {
  return startFakeServer(
    {
      parse(method, path, body) {
        if (method === 'POST' && /^\/v1\/audio\/transcriptions(\?|$)/.test(path)) {
          // biome-ignore lint/suspicious/noExplicitAny: multipart fields as the fake read them
          const f = (body ?? {}) as any;
          if (!f.file?.bytes) return null;
          return {
            model: String(f.model ?? ''),
            texts: [],
            audio: [{ mimeType: f.file.type, bytes: f.file.bytes }],
          };
        }
        // The model list (the health probe and the check of a pasted key).
        if (method === 'GET' && /^\/v1\/models(\?|$)/.test(path)) return { model: '', texts: [] };
        if (method !== 'POST' || !/^\/v1\/chat\/completions(\?|$)/.test(path)) return null;
        // biome-ignore lint/suspicious/noExplicitAny: request JSON as sent on the wire
        const b = (body ?? {}) as any;
        const texts = (b.messages ?? [])
          // biome-ignore lint/suspicious/noExplicitAny: idem
          .map((m: any) => m?.content)
          .filter((c: unknown): c is string => typeof c === 'string');
        return { model: String(b.model ?? ''), texts };
      },
      encode({ text, usage }, req) {
        if (req.path.startsWith('/v1/audio/transcriptions')) return { text };
        if (req.method === 'GET') {
          return {
            object: 'list',
            data: [{ id: 'fake-model', object: 'model', created: 0, owned_by: 'fake' }],
          };
        }
        counter += 1;
        return {
          id: `chatcmpl-fake-${counter}`,
          object: 'chat.completion',
          created: Math.floor(Date.now() / 1000),
          model: req.model,
          choices: [{ index: 0, message: { role: 'assistant', content: text }, finish_reason: 'stop' }],
          usage: {
            prompt_tokens: usage?.input ?? 1,
            completion_tokens: usage?.output ?? 1,
            total_tokens: (usage?.input ?? 1) + (usage?.output ?? 1),
          },
        };
      },
      errorBody(status, message) {
        return {
          error: { message, type: status === 429 ? 'rate_limit_exceeded' : 'server_error', code: status },
        };
      },
    },
    '/v1',
  );
}

export const start = startFakeOpenAI;
