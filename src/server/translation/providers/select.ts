import { configuredProviders, type Env, type ProviderKind } from '../../core/env';
import { createDeepLProvider } from './deepl';
import { createGeminiProvider } from './gemini';
import { createOpenAIProvider } from './openai';
import type { Provider } from './types';

/** One provider from the environment's settings (the env schema checked they are present). */
function build(env: Env, kind: ProviderKind): Provider {
  if (kind === 'gemini') {
    return createGeminiProvider({
      apiKey: env.GEMINI_API_KEY as string,
      model: env.GEMINI_MODEL,
      baseUrl: env.GEMINI_BASE_URL,
    });
  }
  if (kind === 'openai') {
    return createOpenAIProvider({
      baseUrl: env.OPENAI_BASE_URL as string,
      apiKey: env.OPENAI_API_KEY,
      model: env.OPENAI_MODEL ?? 'gpt-4o-mini',
      transcribeModel: env.OPENAI_TRANSCRIBE_MODEL,
    });
  }
  return createDeepLProvider({ apiKey: env.DEEPL_API_KEY as string, serverUrl: env.DEEPL_SERVER_URL });
}

/**
 * The operator's provider: TRANSLATION_PROVIDER when set, else Gemini when GEMINI_API_KEY is set,
 * else an OpenAI-compatible server when OPENAI_BASE_URL is set, else DeepL when DEEPL_API_KEY is
 * set, else none.
 */
export function providerFromEnv(env: Env): Provider | null {
  const kind = env.TRANSLATION_PROVIDER ?? configuredProviders(env)[0];
  return kind ? build(env, kind) : null;
}

/** The fallback providers (TRANSLATION_FALLBACK), tried in order when the first fails. */
export function fallbacksFromEnv(env: Env): Provider[] {
  return env.TRANSLATION_FALLBACK ? [build(env, env.TRANSLATION_FALLBACK)] : [];
}

export const NO_PROVIDER_REASON =
  'translation provider not configured: set GEMINI_API_KEY (Gemini), OPENAI_BASE_URL (an OpenAI-compatible server) or DEEPL_API_KEY (DeepL)';
