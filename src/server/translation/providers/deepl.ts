import type * as deepl from 'deepl-node';
import { type DirectInput, type Provider, ProviderHttpError, type ProviderRequest } from './types';

/**
 * DeepL (issue 28) through deepl-node, DeepL's official SDK: POST /v2/translate, one target
 * language per request, so one engine call for N languages is N DeepL requests made at once (the
 * engine still sees one call: one breaker entry, one slot, one set of retries). A micro-batch's
 * messages go as the `text` list of each request. What DeepL does not do:
 * - no prompt: the engine's request comes as data (ProviderRequest.input) and the answer is the
 *   JSON shape the prompt asks of a language model, so parsing and checks stay one path;
 * - languages outside its list (DEEPL_TARGETS; e.g. Amharic, Yoruba, Hawaiian, Canadian French):
 *   supports() says no, and the failover sends such calls to a provider that has them
 *   (src/server/translation/failover.ts); alone, it answers the rest and the engine marks those missing;
 * - no moderation verdict (moderates: false; moderation-only calls go to another provider);
 * - no tokens: usage counts 0 tokens (DeepL bills characters).
 * Placeholders {{n}} (mentions, emoji, code: protect.ts) travel as XML tags <x i="n"/> with
 * tag_handling=xml, which DeepL keeps in place; tone maps to formality prefer_more / prefer_less.
 */

export interface DeepLOptions {
  apiKey: string;
  /** Unset: DeepL's own (the SDK picks api-free.deepl.com for ":fx" keys). Tests: a fake on loopback. */
  serverUrl?: string;
}

/**
 * DeepL's target languages as deepl-node 1.28.0 lists them (TargetLanguageCode), by our code.
 * Our regional codes map to DeepL's; a regional code DeepL lacks (fr-CA, ta-LK, sr-Latn) is not
 * silently sent as its base language.
 */
const COMMON =
  'ace af an ar as ay az ba be bg bho bn br bs ca ceb ckb cs cy da de el eo es et eu fa fi fr ga gl gn gom gu ha he hi hr ht hu hy id ig is it ja jv ka kk kmr ko ky la lb lmo ln lt lv mai mg mi mk ml mn mr ms mt my nb ne nl oc om pa pag pam pl prs ps qu ro ru sa scn sk sl sq sr st su sv sw ta te tg th tk tl tn tr ts tt uk ur uz vi wo xh yi yue zu'.split(
    ' ',
  );
const REGIONAL: Record<string, deepl.TargetLanguageCode> = {
  en: 'en-US',
  'en-US': 'en-US',
  'en-GB': 'en-GB',
  pt: 'pt-PT',
  'pt-PT': 'pt-PT',
  'pt-BR': 'pt-BR',
  zh: 'zh-HANS',
  'zh-CN': 'zh-HANS',
  'zh-TW': 'zh-HANT',
  'es-MX': 'es-419',
  no: 'nb',
  fil: 'tl',
};
export const DEEPL_TARGETS: ReadonlyMap<string, deepl.TargetLanguageCode> = new Map([
  ...COMMON.map((c) => [c, c as deepl.TargetLanguageCode] as const),
  ...Object.entries(REGIONAL),
]);

/** Our code → DeepL's target code, or null when DeepL does not translate into it. */
export function deeplTarget(code: string): deepl.TargetLanguageCode | null {
  return DEEPL_TARGETS.get(code) ?? DEEPL_TARGETS.get(code.toLowerCase()) ?? null;
}

const escapeXml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const unescapeXml = (s: string) =>
  s
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');
/** "{{3}}" → '<x i="3"/>' (the text itself XML-escaped), and back. */
export const toDeepL = (text: string) => escapeXml(text).replace(/\{\{\s*(\d+)\s*\}\}/g, '<x i="$1"/>');
export const fromDeepL = (text: string) =>
  unescapeXml(text.replace(/<x\s+i="(\d+)"\s*\/>|<x\s+i="(\d+)"\s*><\/x>/g, (_, a, b) => `{{${a ?? b}}}`));

/**
 * deepl-node loads with the first call of a DeepL provider (its HTTP stack is ~20 MB of a process
 * that may never translate with DeepL: issue 25, idle memory); its errors exist only once it has.
 */
let sdk: typeof deepl | null = null;
async function deeplSdk(): Promise<typeof deepl> {
  sdk ??= await import('deepl-node');
  return sdk;
}

/** A deepl-node error as the engine's retryable/non-retryable HTTP error (never with the key). */
export function asHttpError(err: unknown): ProviderHttpError {
  if (err instanceof ProviderHttpError) return err;
  const message = err instanceof Error ? err.message : String(err);
  const say = (status: number | null) =>
    new ProviderHttpError(`DeepL answered ${status ?? 'nothing'}: ${message}`, status);
  if (sdk && err instanceof sdk.TooManyRequestsError) return say(429);
  if (sdk && err instanceof sdk.QuotaExceededError) return say(456);
  if (sdk && err instanceof sdk.AuthorizationError) return say(403);
  if (sdk && err instanceof sdk.ConnectionError)
    return new ProviderHttpError(`DeepL unreachable: ${message}`, null);
  const status = /^Service unavailable/.test(message)
    ? 503
    : /^Bad request/.test(message)
      ? 400
      : /^Not found/.test(message)
        ? 404
        : Number(/Unexpected status code: (\d{3})/.exec(message)?.[1] ?? 502);
  return say(status);
}

/** Rejects when the engine's timeout aborts (deepl-node takes no AbortSignal). */
function untilAborted(signal: AbortSignal): Promise<never> {
  return new Promise((_, reject) => {
    const fail = () => reject(new ProviderHttpError('DeepL call aborted', null, null, true));
    if (signal.aborted) fail();
    else signal.addEventListener('abort', fail, { once: true });
  });
}

/** The one source language DeepL is told, when every message of the call has the same known one. */
function commonSource(input: DirectInput): deepl.SourceLanguageCode | null {
  const sources = new Set(input.items.map((i) => i.source?.split('-')[0].toLowerCase() ?? null));
  if (sources.size !== 1) return null;
  const [only] = [...sources];
  return only && (DEEPL_TARGETS.has(only) || only === 'en' || only === 'pt')
    ? (only as deepl.SourceLanguageCode)
    : null;
}

export function createDeepLProvider(opts: DeepLOptions): Provider {
  let client: deepl.Translator | null = null;
  const translator = async () => {
    if (!client) {
      const { Translator } = await deeplSdk();
      client = new Translator(opts.apiKey, {
        ...(opts.serverUrl ? { serverUrl: opts.serverUrl } : {}),
        // The engine retries (with the breaker and the adaptive limit seeing each attempt).
        maxRetries: 0,
        sendPlatformInfo: false,
        appInfo: { appName: 'polyglot', appVersion: '1' },
      });
    }
    return client;
  };

  async function translateAll(input: DirectInput, signal: AbortSignal) {
    const texts = input.items.map((i) => toDeepL(i.text));
    const source = commonSource(input);
    const targets = input.targets.filter((t) => deeplTarget(t));
    const answers = await Promise.race([
      Promise.all(
        targets.map(async (t) => {
          try {
            const results = await (await translator()).translateText(
              texts,
              source,
              deeplTarget(t) as deepl.TargetLanguageCode,
              {
                formality: input.tone === 'formal' ? 'prefer_more' : 'prefer_less',
                tagHandling: 'xml',
                ignoreTags: ['x'],
                ...(input.context.length ? { context: input.context.join('\n') } : {}),
              },
            );
            return { target: t, results };
          } catch (err) {
            throw asHttpError(err);
          }
        }),
      ),
      untilAborted(signal),
    ]);
    // Per message: detected source and each target's text (the JSON shape parseAnswer reads).
    return input.items.map((item, i) => {
      const translations: Record<string, string> = {};
      let detected = item.source ?? '';
      for (const { target, results } of answers) {
        translations[target.toLowerCase()] = fromDeepL(results[i].text);
        detected ||= results[i].detectedSourceLang;
      }
      return { ...(item.id !== undefined ? { id: item.id } : {}), source: detected || 'und', translations };
    });
  }

  return {
    name: 'deepl',
    model: 'deepl',
    moderates: false,
    supports: (target) => deeplTarget(target) !== null,
    /** GET /v2/usage: free, with the key checked. */
    async probe(signal: AbortSignal) {
      try {
        await Promise.race([translator().then((t) => t.getUsage()), untilAborted(signal)]);
      } catch (err) {
        throw asHttpError(err);
      }
    },
    async complete(req: ProviderRequest) {
      if (req.moderation === 'only') {
        throw new ProviderHttpError('DeepL gives no moderation verdict', 400);
      }
      if (!req.input) throw new ProviderHttpError('DeepL needs the request as data (input)', 400);
      const items = await translateAll(req.input, req.signal);
      const body = req.ids ? { items } : items[0];
      return { text: JSON.stringify(body), inputTokens: 0, outputTokens: 0 };
    },
  };
}
