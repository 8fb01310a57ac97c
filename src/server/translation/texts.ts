import { MICRO_BATCH_MAX_ITEMS } from './batcher';
import { targetCodes } from './codes';
import { MissingTranslationsError } from './errors';
import type { AskShared } from './ask';
import type { EngineParts, Job } from './parts';
import { translationDefaults } from './settings';
import { TranslationUnavailableError } from '../core/translator';

/**
 * The bot's own phrases (issue 27): short English product texts into one language, one provider
 * call for up to a batch's worth of them (no guild: no glossary, no accounting, no cache entry).
 */
export async function translateTexts(parts: EngineParts, texts: string[], target: string): Promise<string[]> {
  if (!parts.deps.provider) throw new TranslationUnavailableError(parts.deps.unavailableReason);
  const code = targetCodes([target])[0];
  const shared: AskShared = {
    style: { tone: translationDefaults.translationTone, slang: false, customInstructions: '' },
    glossary: [],
  };
  const out: string[] = [];
  for (let i = 0; i < texts.length; i += MICRO_BATCH_MAX_ITEMS) {
    const jobs: Job[] = texts.slice(i, i + MICRO_BATCH_MAX_ITEMS).map((text) => ({
      item: { text, source: 'en', targets: [code], context: [] },
      shared,
      priority: 'high',
      // The operator's lanes: the bot's own phrases belong to no server's key.
      lanes: parts.lanes,
    }));
    for (const outcome of await parts.runJobs(jobs)) {
      if (!outcome.ok) throw outcome.error;
      const got = outcome.translations[code];
      if (got === undefined) throw new MissingTranslationsError([code], {}, 'no answer for a phrase');
      out.push(got);
    }
  }
  return out;
}
