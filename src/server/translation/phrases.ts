import { type Phrase, say } from '../../common/phrases';
import type { Translator } from './types';

/**
 * The bot's own words in a language its phrase table lacks (issue 27): the English phrase is
 * translated once through the provider and kept in memory, then reused for every member of that
 * language. Phrases are product text, not members' messages, so keeping their translations is
 * fine (nothing a member wrote is stored). The phrase's {name} slots travel as inline code, which
 * the engine keeps byte for byte, and are filled after. When the provider cannot answer, the
 * member reads English with a line saying so; nothing is kept then, so the next reply asks again.
 */

const MAX_KEPT = 2_000;
const kept = new Map<string, string>();

/** English with a mark saying the reply could not be put into the member's language. */
export const untranslatedMark = (language: string) =>
  `\n-# (In English: it could not be translated into ${language} right now.)`;

const fill = (text: string, vars: Record<string, string | number>) =>
  text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in vars ? String(vars[name]) : whole));

/** The phrase in `language`: the table's version, a kept translation, or one asked of the provider now. */
export async function phraseIn(
  translator: Translator,
  phrase: Phrase,
  language: string | null | undefined,
  vars: Record<string, string | number> = {},
): Promise<string> {
  const code = (language ?? 'en').trim();
  const lower = code.toLowerCase();
  if (phrase[lower] !== undefined || phrase[lower.split('-')[0]] !== undefined || lower === 'en') {
    return say(phrase, code, vars);
  }
  const key = `${code}\u0000${phrase.en}`;
  let text = kept.get(key);
  if (text === undefined) {
    try {
      const slots = phrase.en.replace(/\{(\w+)\}/g, '`{$1}`');
      const result = await translator.translate({
        text: slots,
        targets: [code],
        source: 'en',
        origin: 'cli',
      });
      const got = result.translations[code] ?? Object.values(result.translations)[0];
      if (!got) return fill(phrase.en, vars) + untranslatedMark(code);
      text = got.replace(/`\{(\w+)\}`/g, '{$1}');
      if (kept.size >= MAX_KEPT) kept.delete(kept.keys().next().value as string);
      kept.set(key, text);
    } catch {
      return fill(phrase.en, vars) + untranslatedMark(code);
    }
  }
  return fill(text, vars);
}

/** Kept translations (tests). */
export const keptPhrases = () => kept.size;
