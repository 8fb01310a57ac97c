import type { Env } from '../../core/env';
import { createGeminiProvider } from './gemini';
import { createOpenAIProvider } from './openai';
import type { Provider } from './types';

/** Gemini when GEMINI_API_KEY is set, else an OpenAI-compatible server when OPENAI_BASE_URL is set, else none. */
export function providerFromEnv(env: Env): Provider | null {
  if (env.GEMINI_API_KEY) {
    return createGeminiProvider({
      apiKey: env.GEMINI_API_KEY,
      model: env.GEMINI_MODEL,
      baseUrl: env.GEMINI_BASE_URL,
    });
  }
  if (env.OPENAI_BASE_URL) {
    return createOpenAIProvider({
      baseUrl: env.OPENAI_BASE_URL,
      apiKey: env.OPENAI_API_KEY,
      model: env.OPENAI_MODEL ?? 'gpt-4o-mini',
      transcribeModel: env.OPENAI_TRANSCRIBE_MODEL,
    });
  }
  return null;
}

export const NO_PROVIDER_REASON =
  'translation provider not configured: set GEMINI_API_KEY (Gemini) or OPENAI_BASE_URL (an OpenAI-compatible server)';
