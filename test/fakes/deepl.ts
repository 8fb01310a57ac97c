/**
 * A fake DeepL API on 127.0.0.1 speaking DeepL's wire format (https://developers.deepl.com/api-reference):
 * - POST /v2/translate, `Authorization: DeepL-Auth-Key <key>`, body form-urlencoded (what deepl-node
 *   sends) or JSON: `text` (repeated), `target_lang`, optional `source_lang`, `formality`,
 *   `tag_handling`, `ignore_tags`, `context`; answers
 *   `{ translations: [{ detected_source_language, text, billed_characters }] }`, one per text.
 *   The translation is "[<target lower-case>] <text>", XML tags kept where they were.
 *   An unknown or deprecated target (EN, PT) answers 400 `{ message: "Value for 'target_lang' not supported." }`.
 * - GET /v2/usage answers `{ character_count, character_limit }`.
 * - A wrong key answers 403 `{ message: "Wrong auth key" }` (the SDK's AuthorizationError).
 * `fail(status, times)` makes the next calls answer that status (429, 456, 500, 503) first.
 */
import { json, startLoopback } from './http';

/** DeepL's target codes this fake accepts (a subset of DeepL's list; EN and PT are deprecated there). */
const TARGETS = new Set([
  'AR',
  'BG',
  'CS',
  'DA',
  'DE',
  'EL',
  'EN-GB',
  'EN-US',
  'ES',
  'ES-419',
  'ET',
  'FI',
  'FR',
  'HE',
  'HU',
  'ID',
  'IT',
  'JA',
  'KO',
  'LT',
  'LV',
  'NB',
  'NL',
  'PL',
  'PT-BR',
  'PT-PT',
  'RO',
  'RU',
  'SK',
  'SL',
  'SV',
  'TH',
  'TR',
  'UK',
  'VI',
  'ZH-HANS',
  'ZH-HANT',
  'SW',
  'TL',
  'HI',
]);

export interface DeepLRequest {
  path: string;
  auth: string | null;
  texts: string[];
  targetLang: string | null;
  sourceLang: string | null;
  formality: string | null;
  tagHandling: string | null;
  context: string | null;
}

export interface FakeDeepL {
  url: string;
  requests: DeepLRequest[];
  /** The next `times` calls answer `status` (with Retry-After when given). */
  fail(status: number, times?: number, retryAfter?: string): void;
  /** Every call answers `status` until reset(). */
  down(status: number): void;
  /** Milliseconds before each answer (a slow provider). */
  delayMs: number;
  /** Holds every answer until the returned function is called (a call kept in flight). */
  hold(): () => void;
  reset(): void;
  close(): Promise<void>;
}

export async function startFakeDeepL(key = 'deepl-test-key:fx'): Promise<FakeDeepL> {
  const requests: DeepLRequest[] = [];
  let failures: { status: number; retryAfter?: string }[] = [];
  let downStatus: number | null = null;
  const state: { delayMs: number; held: Promise<void> | null } = { delayMs: 0, held: null };

  const server = await startLoopback(async (req, url, body, res): Promise<void> => {
    const auth = req.headers.authorization ?? null;
    const type = String(req.headers['content-type'] ?? '');
    let params: URLSearchParams;
    let texts: string[] = [];
    if (type.includes('application/json') && body.length) {
      const b = JSON.parse(body.toString('utf8'));
      texts = Array.isArray(b.text) ? b.text.map(String) : [];
      params = new URLSearchParams();
      for (const k of ['target_lang', 'source_lang', 'formality', 'tag_handling', 'context']) {
        if (b[k] !== undefined) params.set(k, String(b[k]));
      }
    } else {
      params = new URLSearchParams(body.toString('utf8'));
      texts = params.getAll('text');
    }
    const recorded: DeepLRequest = {
      path: url.pathname,
      auth,
      texts,
      targetLang: params.get('target_lang'),
      sourceLang: params.get('source_lang'),
      formality: params.get('formality'),
      tagHandling: params.get('tag_handling'),
      context: params.get('context'),
    };
    requests.push(recorded);
    if (state.delayMs) await new Promise((r) => setTimeout(r, state.delayMs));
    if (state.held) await state.held;
    if (auth !== `DeepL-Auth-Key ${key}`) return void json(res, 403, { message: 'Wrong auth key' });
    const failure = failures.shift() ?? (downStatus ? { status: downStatus } : undefined);
    if (failure) {
      res.writeHead(failure.status, {
        'content-type': 'application/json',
        ...(failure.retryAfter ? { 'retry-after': failure.retryAfter } : {}),
      });
      res.end(JSON.stringify({ message: `fake DeepL ${failure.status}` }));
      return;
    }
    if (req.method === 'GET' && url.pathname === '/v2/usage') {
      return void json(res, 200, { character_count: 1234, character_limit: 500000 });
    }
    if (req.method !== 'POST' || url.pathname !== '/v2/translate') {
      return void json(res, 404, { message: 'Not found' });
    }
    const target = (recorded.targetLang ?? '').toUpperCase();
    if (!TARGETS.has(target))
      return void json(res, 400, { message: "Value for 'target_lang' not supported." });
    if (!texts.length) return void json(res, 400, { message: "Parameter 'text' not specified." });
    const source = (recorded.sourceLang ?? 'EN').toUpperCase();
    return void json(res, 200, {
      translations: texts.map((t) => ({
        detected_source_language: source,
        text: `[${target.toLowerCase()}] ${t}`,
        billed_characters: t.length,
      })),
    });
  });

  return {
    url: server.url,
    requests,
    get delayMs() {
      return state.delayMs;
    },
    set delayMs(v: number) {
      state.delayMs = v;
    },
    hold() {
      let release: () => void = () => {};
      state.held = new Promise<void>((r) => {
        release = r;
      });
      return () => {
        state.held = null;
        release();
      };
    },
    fail(status, times = 1, retryAfter) {
      for (let i = 0; i < times; i++) failures.push({ status, retryAfter });
    },
    down(status) {
      downStatus = status;
    },
    reset() {
      requests.length = 0;
      failures = [];
      downStatus = null;
      state.delayMs = 0;
      state.held = null;
    },
    close: server.close,
  };
}
