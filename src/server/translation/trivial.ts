import { MAX_WORDS, normalizeOwnTerm } from '../../common/trivial-terms';
import { plainWords } from './protect';

/**
 * Trivial chatter (issue 28): short messages that carry no content to translate ("ok", "lol",
 * "gg wp", "thx", laughter, emoji only). They are not sent to the provider and not copied, when
 * the server's "Skip short chatter" switch is on (the default). The rules, which docs/translation.md
 * explains to members:
 * - at most MAX_WORDS words, and every word is a shorthand of the list below or laughter
 *   ("haha", "jajaja", "kkkk", "ㅋㅋ", "www"), letters repeated for emphasis counted once ("okkk", "lolll");
 * - or no letters and no digits at all (emoji, punctuation, mentions only), or "+1" / "-1";
 * - a server's own terms (translation settings; their rules: src/common/trivial-terms.ts)
 *   count as shorthands for that server, within the same word limit;
 * - never a yes/no word or any other word ("no", "sí", "oui", "nein", "ja" are answers), never a
 *   number ("5" answers "how many?"), never a message with a link (a shared link is content).
 * Whether a message also has attachments or is a reply is the caller's business (trivialMessage in
 * the mirror and single-channel plans).
 */

export { MAX_WORDS };

/** Shorthands per language ("all": understood in every language's chat). Lower case. */
export const TRIVIAL_SHORTHANDS: Record<string, readonly string[]> = {
  all: [
    'ok',
    'okay',
    'okey',
    'oki',
    'okie',
    'k',
    'kk',
    'lol',
    'lel',
    'lul',
    'lmao',
    'lmfao',
    'rofl',
    'xd',
    'gg',
    'ggwp',
    'wp',
    'gl',
    'hf',
    'glhf',
    'ty',
    'thx',
    'thnx',
    'tnx',
    'tysm',
    'np',
    'omg',
    'wow',
    'oof',
    'hmm',
    'hm',
    'yay',
  ],
  fr: ['mdr', 'ptdr', 'xptdr'],
  pt: ['rs', 'rsrs', 'kkk'],
  ru: ['лол', 'ок', 'ахах', 'хаха'],
  ja: ['w', '草', '笑'],
  zh: ['哈', '呵', '嘿'],
  ko: ['ㅋ', 'ㅎ', 'ㅠ', 'ㅜ'],
};

/** Letters repeated for emphasis counted once: "okkk" → "ok", "looool" → "lol", "哈哈哈" → "哈". */
function squeeze(word: string): string {
  return word.replace(/(.)\1+/gu, '$1');
}

const SHORTHANDS = new Set(
  Object.values(TRIVIAL_SHORTHANDS)
    .flat()
    .map((w) => squeeze(w.normalize('NFKC'))),
);

/**
 * Two or more laughing syllables: "haha", "hehe", "jajaja", "jeje", "ahah", "хаха" (one "ja" is a
 * yes), a half syllable at the end allowed ("hahah", "ahaha", "ахаха").
 */
const LAUGHTER = /^(?:ha|he|hi|ah|eh|ja|je|ji|ха|хе|ах)(?:ha|he|hi|ah|eh|ja|je|ji|ха|хе|ах)+[haах]?$/u;

const LINK = /https?:\/\/\S/i;
const PLUS_ONE = /^[+-]1$/;

function trivialWord(word: string, own: ReadonlySet<string>): boolean {
  const w = squeeze(word);
  return SHORTHANDS.has(w) || own.has(w) || LAUGHTER.test(w) || LAUGHTER.test(word);
}

const NO_TERMS: ReadonlySet<string> = new Set();

/**
 * True when the text is trivial chatter (the rules above); ownTerms are the server's own terms
 * (stored form), matched like the built-in shorthands (repeated letters counted once).
 */
export function isTrivialText(text: string, ownTerms: readonly string[] = []): boolean {
  const own = ownTerms.length === 0 ? NO_TERMS : new Set(ownTerms.map((t) => squeeze(normalizeOwnTerm(t))));
  const trimmed = text.normalize('NFKC').trim();
  if (trimmed === '' || LINK.test(trimmed)) return false;
  if (PLUS_ONE.test(trimmed)) return true;
  const words = plainWords(trimmed).toLowerCase();
  if (!/[\p{L}\p{N}]/u.test(words)) return true;
  const tokens = words.split(/[\s\p{P}\p{S}]+/u).filter((t) => t !== '');
  if (tokens.length === 0 || tokens.length > MAX_WORDS) return false;
  return tokens.every((t) => trivialWord(t, own));
}
