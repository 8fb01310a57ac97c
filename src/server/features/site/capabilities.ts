import { LANGUAGES } from '../../../common/languages';
import { configuredProviders, type Env, type ProviderKind } from '../../core/env';
import { deeplTarget } from '../../translation/providers/deepl';

/** What this installation's own providers can do, for the public pages' claims (issue 27). */
export interface SiteCapabilities {
  /** Languages of the table (src/common/languages.ts) some configured provider translates into. */
  languageCount: number;
  /** A configured provider gives moderation verdicts (AI toxicity and harassment): DeepL alone does not. */
  aiModeration: boolean;
  /** The first lane takes audio (voice translation): Gemini, or an OpenAI-compatible server with a transcription model. */
  voice: boolean;
}

/** Each kind's target languages: the language models take every language of the table; DeepL its list. */
const SUPPORTS: Record<ProviderKind, (code: string) => boolean> = {
  gemini: () => true,
  openai: () => true,
  deepl: (code) => deeplTarget(code) !== null,
};
/** The same as the providers' `moderates` (providers/deepl.ts says false; the others answer verdicts). */
const MODERATES: Record<ProviderKind, boolean> = { gemini: true, openai: true, deepl: false };

/**
 * The operator's lanes as providers/select.ts picks them (TRANSLATION_PROVIDER or the first
 * configured, then TRANSLATION_FALLBACK; the failover sends a language the first lacks to the
 * fallback). With none configured nothing translates yet and the setup page says what to set: the
 * claims are then those of a language model, the documented first choice (Gemini).
 */
export function siteCapabilities(env: Env): SiteCapabilities {
  const first = env.TRANSLATION_PROVIDER ?? configuredProviders(env)[0];
  const lanes: ProviderKind[] = first ? [first] : ['gemini'];
  if (first && env.TRANSLATION_FALLBACK && env.TRANSLATION_FALLBACK !== first)
    lanes.push(env.TRANSLATION_FALLBACK);
  return {
    languageCount: LANGUAGES.filter((l) => lanes.some((k) => SUPPORTS[k](l.code))).length,
    aiModeration: lanes.some((k) => MODERATES[k]),
    // As the engine's `audio` (engine.ts): the first provider's alone, as providers/*.ts set it.
    voice: lanes[0] === 'gemini' || (lanes[0] === 'openai' && Boolean(env.OPENAI_TRANSCRIBE_MODEL)),
  };
}
