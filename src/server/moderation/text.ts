import { remove as foldConfusables } from 'confusables';

/**
 * The "skeleton" of a text that moderation compares: the same function runs on the banned words
 * and on the messages, so an evasion only has to fold to the same skeleton as the word.
 * Steps: compatibility forms (full-width, ligatures), invisible characters dropped, Unicode
 * look-alikes folded with `confusables` (Cyrillic "а" and Latin "a" become the same letter),
 * lower case, accents dropped, leetspeak inside words (1d10t); repeated letters are handled by
 * the matchers (repeatVariants).
 * Pure functions: nothing here keeps or stores a message.
 */

/** Invisible characters, and the Arabic tatweel that only stretches a word ("حـمـار"). */
const INVISIBLE = /\p{Cf}|\u034f|[\u115f\u1160\u17b4\u17b5\u3164\uffa0\u0640]/gu;
const MARKS = /\p{M}/gu;

/** Digits and symbols read as letters when they sit inside a word. */
const LEET: Record<string, string> = {
  '0': 'o',
  '1': 'i',
  '3': 'e',
  '4': 'a',
  '5': 's',
  '6': 'b',
  '7': 't',
  '8': 'b',
  '9': 'g',
  '@': 'a',
  $: 's',
  '!': 'i',
  '|': 'i',
  '€': 'e',
  '£': 'l',
};
const LEET_CHARS = /[0-9@$!|€£]/;

/** Scripts written without spaces between words: a banned word there is matched inside the text. */
export const NO_SPACE_SCRIPT =
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}]/u;

/** A letter that is a whole syllable or word on its own (Hangul, Han, kana). */
const WIDE_LETTER = /[\p{Script=Hangul}\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u;

/** One character, folded (look-alike, case, accents). */
function foldChar(ch: string): string {
  // Letters of scripts confusables does not cover stay as they are.
  if (NO_SPACE_SCRIPT.test(ch) || /[\p{Script=Hangul}\p{Script=Arabic}\p{Script=Devanagari}]/u.test(ch))
    return ch;
  const folded = foldConfusables(ch);
  return folded
    .toLowerCase()
    .normalize('NFKD')
    .replace(MARKS, '')
    .replace(/ß/g, 'ss')
    .replace(/ø/g, 'o')
    .replace(/đ/g, 'd')
    .replace(/ł/g, 'l')
    .replace(/æ/g, 'ae')
    .replace(/œ/g, 'oe');
}

/** A word-ish token: letters, with leet characters read as letters when a letter is among them. */
function foldToken(raw: string): string {
  // "idiot!!" is an exclamation, not leetspeak: symbols at the end of a word are punctuation.
  const token = raw.replace(/(?<=\p{L})[!|]+$/u, '');
  const hasLetter = /\p{L}/u.test(token);
  let out = '';
  for (const ch of token) {
    if (hasLetter && LEET_CHARS.test(ch)) out += LEET[ch] ?? ch;
    else out += foldChar(ch);
  }
  return out;
}

/**
 * Repeated letters: "idiooot" reads as "idiot", "asss" as "ass". The matcher tries the text with
 * runs of three or more cut to one and to two, with every run cut to one, and spelled by sound.
 */
export function repeatVariants(text: string): string[] {
  return [
    ...new Set([
      text.replace(/(.)\1{2,}/gu, '$1'),
      text.replace(/(.)\1{2,}/gu, '$1$1'),
      collapseRuns(text),
      collapseRuns(soundAlike(text)),
    ]),
  ];
}

export const collapseRuns = (text: string) => text.replace(/(.)\1+/gu, '$1');

/** Spellings that sound the same: "fvck", "phuck" (tried as one more variant of the text). */
export const soundAlike = (text: string) => text.replace(/ph/g, 'f').replace(/v/g, 'u');

/**
 * The skeleton as a list of words. Separators are anything that is not a letter, digit or leet
 * symbol. Runs of single letters ("i d i o t", "i.d.i.o.t") are joined into one word as well.
 */
export function skeletonWords(text: string): string[] {
  const clean = text.normalize('NFKC').replace(INVISIBLE, '').replace(/[ßẞ]/g, 'ss');
  // "*" stays inside a word ("f*ck": a masked letter, resolved by the matcher).
  const raw = clean.match(/[\p{L}\p{M}\p{N}@$!|€£]+(?:\*+[\p{L}\p{M}\p{N}@$!|€£]+)*/gu) ?? [];
  const words = raw.map(foldToken).filter((w) => w !== '');
  const out: string[] = [];
  let run: string[] = [];
  const flush = () => {
    // Spaced-out Korean and Chinese ("씨 발") join from two characters on, other scripts from three.
    if (run.length >= 3 || (run.length === 2 && run.every((r) => WIDE_LETTER.test(r))))
      out.push(run.join(''));
    run = [];
  };
  for (const w of words) {
    out.push(w);
    // One letter (with its marks: Devanagari "मी" is one syllable) spaced from the next.
    if (/^\p{L}\p{M}*$/u.test(w)) run.push(w);
    else flush();
  }
  flush();
  return out;
}

/** The skeleton as one string of words separated by single spaces. */
export function skeleton(text: string): string {
  return skeletonWords(text).join(' ');
}

/** Shortened for the log and reports: at most `max` characters, one line. */
export function excerpt(text: string, max: number): string {
  const line = text.replace(/\s+/g, ' ').trim();
  const chars = [...line];
  return chars.length > max ? `${chars.slice(0, max - 1).join('')}…` : line;
}

/** Levenshtein distance, stopping early once above `limit`. */
export function editDistance(a: string, b: string, limit = 3): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  let prev = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const v = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
      cur.push(v);
      if (v < best) best = v;
    }
    if (best > limit) return limit + 1;
    prev = cur;
  }
  return prev[b.length];
}
