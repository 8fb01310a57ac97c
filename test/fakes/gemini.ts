/**
 * A fake Gemini API on 127.0.0.1 speaking the real wire format (STACK.md), for tests that go through
 * the real @google/genai SDK: `new GoogleGenAI({ apiKey, httpOptions: { baseUrl: fake.url } })`, or
 * the server with env GEMINI_API_KEY=anything, GEMINI_BASE_URL=fake.url.
 *
 *   const fake = await startFakeGemini();
 *   fake.respondWith(() => ({ json: { source: 'en', translations: { es: 'Hola' } } }));
 *   ... fake.requests[0].body.contents ...
 *   await fake.close();
 *
 * Without respondWith, the fake is a pseudo-translator that understands the engine's request (see
 * translationRequestOf): it answers every asked language with "[code] " + the text, placeholders
 * untouched, so the engine's whole path works end to end.
 */
import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request the fake received, as the SDK sent it. */
export interface RecordedRequest {
  method: string;
  /** Path with query, e.g. /v1beta/models/gemini-2.5-flash:generateContent */
  path: string;
  headers: Record<string, string | string[] | undefined>;
  // biome-ignore lint/suspicious/noExplicitAny: the parsed JSON body as sent on the wire
  body: any;
  /** The raw body bytes as text (what went over the wire). */
  raw: string;
  /** Model named in the path (Gemini) or body (OpenAI). */
  model: string;
  /** All prompt text of the request joined (system + user), handy for toContain checks. */
  prompt: string;
  /** The engine's structured request, when the prompt carries one (null otherwise). */
  translation: EngineRequest | null;
  /** Index of this request since start (0-based). */
  index: number;
  /** Audio sent with the request (Gemini inlineData, an OpenAI transcription's file). */
  audio: { mimeType: string; bytes: Buffer }[];
}

/** What the engine puts in its user message: the text and the languages it wants. */
export interface EngineRequest {
  text: string;
  targets: string[];
  source?: string | null;
  tone?: string;
  context?: string[];
  /** The engine also asks for a moderation verdict (targets is empty for a classification call). */
  moderate?: boolean;
  /** A micro-batch (issue 16): its messages, each with its own placeholders; `text` joins them. */
  messages?: { id: string; text: string; source?: string | null }[];
}

/** How the fake answers one request. */
export type FakeReply =
  /** A JSON value sent as the model's text (the structured output). */
  | { json: unknown; delayMs?: number; usage?: { input: number; output: number } }
  /** Raw model text (e.g. malformed JSON). */
  | { text: string; delayMs?: number; usage?: { input: number; output: number } }
  /** A raw HTTP answer: an error status, headers such as Retry-After, any body. */
  | { status: number; body?: unknown; headers?: Record<string, string>; delayMs?: number }
  /** Never answer (the client's timeout must fire); the socket is closed at close(). */
  | { hang: true };

export type Responder = (req: RecordedRequest) => FakeReply | Promise<FakeReply>;

export interface FakeProvider {
  /** Base URL to give the SDK / the env (GEMINI_BASE_URL or OPENAI_BASE_URL). */
  url: string;
  /** Every request received, in order. */
  requests: RecordedRequest[];
  /** Replace the answer for every following request (default: pseudo-translation). */
  respondWith(fn: Responder): void;
  /** Answer the next requests with these replies in order, then fall back to respondWith's. */
  queue(...replies: FakeReply[]): void;
  /** Back to the pseudo-translator, requests cleared. */
  reset(): void;
  close(): Promise<void>;
}

/** Reads the engine's JSON request out of a prompt text (the user message is that JSON). */
export function translationRequestOf(texts: string[]): EngineRequest | null {
  for (const t of texts) {
    try {
      const v = JSON.parse(t);
      if (v && typeof v.text === 'string' && Array.isArray(v.targets)) return v as EngineRequest;
      if (v && Array.isArray(v.messages) && Array.isArray(v.targets)) {
        // biome-ignore lint/suspicious/noExplicitAny: the batch JSON as sent
        return { ...v, text: v.messages.map((m: any) => m.text).join('\n') } as EngineRequest;
      }
    } catch {
      // not the engine's JSON part
    }
  }
  return null;
}

/** What the fakes "hear" in any audio (tests answer something else with respondWith). */
export const FAKE_TRANSCRIPT = 'Hello everyone, can you hear me?';

/** Target codes of an audio request (the engine's JSON carries { task, targets }). */
export function audioTargetsOf(req: RecordedRequest): string[] {
  for (const t of req.prompt.split('\n')) {
    try {
      const v = JSON.parse(t);
      if (v && Array.isArray(v.targets)) return v.targets;
    } catch {
      // not JSON
    }
  }
  return [];
}

/**
 * The default answer: "[code] text" for every target, source as given or "en". Audio: the
 * transcript FAKE_TRANSCRIPT (English) and "[code] " + it for every target; a transcription
 * endpoint gets the bare transcript.
 */
export function pseudoTranslate(req: RecordedRequest): FakeReply {
  if (req.audio.length) {
    if (/\/audio\/transcriptions/.test(req.path)) return { text: FAKE_TRANSCRIPT };
    const targets = audioTargetsOf(req).filter((c) => c !== 'en');
    const translations = Object.fromEntries(targets.map((c) => [c, `[${c}] ${FAKE_TRANSCRIPT}`]));
    return { json: { transcript: FAKE_TRANSCRIPT, source: 'en', translations } };
  }
  const t = req.translation;
  if (!t) return { text: 'ok' };
  if (t.messages) {
    const items = t.messages.map((m) => ({
      id: m.id,
      source: m.source ?? 'en',
      translations: Object.fromEntries(t.targets.map((code) => [code, `[${code}] ${m.text}`])),
    }));
    const verdict = t.moderate ? { moderation: { flagged: false, category: 'none', reason: '' } } : {};
    return { json: { items: items.map((i) => ({ ...i, ...verdict })) } };
  }
  const translations = Object.fromEntries(t.targets.map((code) => [code, `[${code}] ${t.text}`]));
  const moderation = t.moderate ? { moderation: { flagged: false, category: 'none', reason: '' } } : {};
  return { json: { source: t.source ?? 'en', translations, ...moderation } };
}

/** Rough token count the fakes report (4 characters a token), so benchmarks can sum usage. */
export const roughTokens = (s: string) => Math.ceil(s.length / 4);

type Encoder = (
  reply: { text: string; usage?: { input: number; output: number } },
  req: RecordedRequest,
) => unknown;

interface Wire {
  /** Parses one request; null when the path is not served (404). */
  parse(
    method: string,
    path: string,
    body: unknown,
  ): { model: string; texts: string[]; audio?: RecordedRequest['audio'] } | null;
  encode: Encoder;
  errorBody(status: number, message: string): unknown;
}

/** Shared HTTP machinery of the Gemini and OpenAI-compatible fakes. */
export async function startFakeServer(wire: Wire, basePath: string): Promise<FakeProvider> {
  const requests: RecordedRequest[] = [];
  let responder: Responder = pseudoTranslate;
  let queued: FakeReply[] = [];
  const hanging = new Set<ServerResponse>();

  const server: Server = createServer(async (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const bytes = Buffer.concat(chunks);
    const raw = bytes.toString('utf8');
    let body: unknown = null;
    const type = String(req.headers['content-type'] ?? '');
    if (type.startsWith('multipart/form-data')) {
      // An audio upload (OpenAI /audio/transcriptions): fields as strings, files as { type, bytes }.
      const form = await new Response(bytes, { headers: { 'content-type': type } }).formData();
      const fields: Record<string, unknown> = {};
      for (const [k, v] of form.entries()) {
        fields[k] = typeof v === 'string' ? v : { type: v.type, bytes: Buffer.from(await v.arrayBuffer()) };
      }
      body = fields;
    } else {
      try {
        body = raw ? JSON.parse(raw) : null;
      } catch {
        body = null;
      }
    }
    const parsed = wire.parse(req.method ?? 'GET', req.url ?? '/', body);
    if (!parsed) {
      res.writeHead(404, { 'content-type': 'application/json' });
      res.end(JSON.stringify(wire.errorBody(404, `no such path ${req.method} ${req.url}`)));
      return;
    }
    const record: RecordedRequest = {
      method: req.method ?? 'GET',
      path: req.url ?? '/',
      headers: req.headers,
      body,
      raw,
      model: parsed.model,
      prompt: parsed.texts.join('\n'),
      translation: translationRequestOf(parsed.texts),
      index: requests.length,
      audio: parsed.audio ?? [],
    };
    requests.push(record);
    let reply: FakeReply;
    try {
      reply = queued.length ? (queued.shift() as FakeReply) : await responder(record);
    } catch (err) {
      reply = { status: 500, body: wire.errorBody(500, String(err)) };
    }
    if ('hang' in reply) {
      hanging.add(res);
      res.on('close', () => hanging.delete(res));
      return;
    }
    if (reply.delayMs) await new Promise((r) => setTimeout(r, reply.delayMs));
    if (res.destroyed) return;
    if ('status' in reply) {
      res.writeHead(reply.status, { 'content-type': 'application/json', ...reply.headers });
      res.end(
        typeof reply.body === 'string'
          ? reply.body
          : JSON.stringify(reply.body ?? wire.errorBody(reply.status, `fake error ${reply.status}`)),
      );
      return;
    }
    const text = 'json' in reply ? JSON.stringify(reply.json) : reply.text;
    const usage = reply.usage ?? { input: roughTokens(raw), output: roughTokens(text) };
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify(wire.encode({ text, usage }, record)));
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}${basePath}`,
    requests,
    respondWith(fn) {
      responder = fn;
    },
    queue(...replies) {
      queued.push(...replies);
    },
    reset() {
      responder = pseudoTranslate;
      queued = [];
      requests.length = 0;
    },
    async close() {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((r) => server.close(() => r()));
    },
  };
}

// biome-ignore lint/suspicious/noExplicitAny: Gemini request parts as sent on the wire
const partsText = (content: any): string[] =>
  // biome-ignore lint/suspicious/noExplicitAny: idem
  (content?.parts ?? []).map((p: any) => p?.text).filter((t: unknown): t is string => typeof t === 'string');

/** Gemini: POST {url}/v1beta/models/{model}:generateContent with x-goog-api-key; GET {url}/v1beta/models/{model}. */
export const geminiWire: Wire = {
  parse(method, path, body) {
    // models.get (the health probe and the check of a pasted key): the model's card.
    const card = /^\/v1beta\/models\/([^/:?]+)(\?|$)/.exec(path);
    if (method === 'GET' && card) return { model: decodeURIComponent(card[1]), texts: [] };
    const m = /^\/v1beta\/models\/([^/:?]+):generateContent/.exec(path);
    if (method !== 'POST' || !m) return null;
    // biome-ignore lint/suspicious/noExplicitAny: request JSON
    const b = (body ?? {}) as any;
    const texts = [...partsText(b.systemInstruction), ...(b.contents ?? []).flatMap(partsText)];
    const audio = (b.contents ?? [])
      // biome-ignore lint/suspicious/noExplicitAny: request parts as sent on the wire
      .flatMap((c: any) => c?.parts ?? [])
      // biome-ignore lint/suspicious/noExplicitAny: idem
      .filter((p: any) => typeof p?.inlineData?.data === 'string')
      // biome-ignore lint/suspicious/noExplicitAny: idem
      .map((p: any) => ({
        mimeType: String(p.inlineData.mimeType),
        bytes: Buffer.from(p.inlineData.data, 'base64'),
      }));
    return { model: decodeURIComponent(m[1]), texts, audio };
  },
  encode({ text, usage }, req) {
    if (req.method === 'GET') {
      return { name: `models/${req.model}`, displayName: req.model, inputTokenLimit: 1048576 };
    }
    return {
      candidates: [{ content: { role: 'model', parts: [{ text }] }, finishReason: 'STOP', index: 0 }],
      usageMetadata: {
        promptTokenCount: usage?.input ?? 1,
        candidatesTokenCount: usage?.output ?? 1,
        totalTokenCount: (usage?.input ?? 1) + (usage?.output ?? 1),
      },
      modelVersion: 'fake-gemini',
    };
  },
  errorBody(status, message) {
    const names: Record<number, string> = {
      400: 'INVALID_ARGUMENT',
      404: 'NOT_FOUND',
      429: 'RESOURCE_EXHAUSTED',
      500: 'INTERNAL',
      503: 'UNAVAILABLE',
    };
    return { error: { code: status, message, status: names[status] ?? 'UNKNOWN' } };
  },
};

/** Starts a fake Gemini on an ephemeral loopback port. */
export function startFakeGemini(): Promise<FakeProvider> {
  return startFakeServer(geminiWire, '');
}

export const start = startFakeGemini;
