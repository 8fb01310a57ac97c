import { languageName } from '../../../common/languages';
import type { TranslateResult } from '../../core/translator';

/**
 * What Translate Message and /translate answer a member with, from the engine's result: the
 * translation into their language, where it came from, and whether it was already in it. One
 * shape for the server's path (bot.router.ts) and the user-installed app's (user-app.ts).
 */
export function memberAnswer(
  result: Pick<TranslateResult, 'translations' | 'source' | 'skipped'>,
  text: string,
  target: { code: string; from: 'setting' | 'locale' | 'server default' },
) {
  return {
    ok: true as const,
    text: result.translations[target.code] ?? text,
    source: result.source,
    sourceName: languageName(result.source),
    target: target.code,
    targetName: languageName(target.code),
    targetFrom: target.from,
    alreadyInTarget: result.skipped.includes(target.code) || result.source === target.code,
    transcript: null as string | null,
  };
}
