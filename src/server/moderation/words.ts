import { DataSet, parseRawPattern, RegExpMatcher } from 'obscenity';
import { collapseRuns, NO_SPACE_SCRIPT, repeatVariants, skeleton, skeletonWords } from './text';

/**
 * Banned words, in any script: both the server's words and the message are folded to skeletons
 * (moderation-text.ts: look-alikes, accents, case, leetspeak, repeated letters, spaced-out
 * letters), then matched whole-word by obscenity's matcher. Words of scripts written without
 * spaces (Chinese, Japanese, Thai) are found inside the text; Korean words also with a particle
 * attached ("바보야").
 */

interface CompiledWords {
  matcher: RegExpMatcher | null;
  dataset: DataSet<{ word: string }>;
  inside: { word: string; skeleton: string }[];
  /** Skeletons of the one-word Latin words (for masked letters), and the word each came from. */
  latin: string[];
  latinWord: Map<string, string>;
  /** Other scripts (Arabic, Devanagari, Hangul…): matched on whole words; Hangul words may carry a particle. */
  tokens: { word: string; skeleton: string }[];
}

/** obscenity's pattern syntax reserves these characters. */
const escapePattern = (s: string) => s.replace(/[[\]?|\\]/g, (c) => `\\${c}`);

const cache = new Map<string, CompiledWords>();
const CACHE_MAX = 200;

function compile(words: string[]): CompiledWords {
  const key = words.join('\u0000');
  const hit = cache.get(key);
  if (hit) return hit;
  const dataset = new DataSet<{ word: string }>();
  const inside: CompiledWords['inside'] = [];
  const tokens: CompiledWords['tokens'] = [];
  const latinWord = new Map<string, string>();
  let patterns = 0;
  for (const word of words) {
    const skel = skeleton(word);
    if (!skel) continue;
    if (NO_SPACE_SCRIPT.test(skel)) inside.push({ word, skeleton: skel.replace(/ /g, '') });
    else if (!/^[a-z0-9 ]+$/.test(skel)) tokens.push({ word, skeleton: skel });
    else {
      // The word as written, and with doubled letters collapsed when that still leaves a long word
      // ("iddiot" finds "idiot"; "ass" is never shortened to "as").
      if (!skel.includes(' ')) latinWord.set(skel, word);
      const forms = new Set([skel, ...(collapseRuns(skel).length >= 4 ? [collapseRuns(skel)] : [])]);
      dataset.addPhrase((p) => {
        let phrase = p.setMetadata({ word });
        for (const f of forms) phrase = phrase.addPattern(parseRawPattern(`|${escapePattern(f)}|`));
        return phrase;
      });
      patterns++;
    }
  }
  const compiled: CompiledWords = {
    matcher: patterns ? new RegExpMatcher({ ...dataset.build() }) : null,
    dataset,
    inside,
    tokens,
    latin: [...latinWord.keys()],
    latinWord,
  };
  if (cache.size >= CACHE_MAX) cache.delete(cache.keys().next().value as string);
  cache.set(key, compiled);
  return compiled;
}

const KATAKANA = /\p{Script=Katakana}|ー/u;

/**
 * A word of a script without spaces, inside the text. A katakana word must not run on into more
 * katakana: "バカ" is in "お前はバカだ" but not in "バカンス" (vacation), where it is part of a longer word.
 */
function containsWord(text: string, word: string): boolean {
  let from = text.indexOf(word);
  while (from !== -1) {
    const before = text[from - 1] ?? '';
    const after = text[from + word.length] ?? '';
    const first = word[0];
    const last = word[word.length - 1];
    const runsOn =
      (KATAKANA.test(first) && KATAKANA.test(before)) || (KATAKANA.test(last) && KATAKANA.test(after));
    if (!runsOn) return true;
    from = text.indexOf(word, from + 1);
  }
  return false;
}

/** The first banned word the text contains, or null. */
export function findBannedWord(text: string, words: string[]): string | null {
  if (words.length === 0 || !text.trim()) return null;
  const c = compile(words);
  const list = skeletonWords(text);
  const joined = list.join(' ');
  if (c.matcher) {
    for (const variant of repeatVariants(joined)) {
      const match = c.matcher.getAllMatches(variant)[0];
      if (match) return c.dataset.getPayloadWithPhraseMetadata(match).phraseMetadata?.word ?? null;
    }
  }
  if (c.inside.length) {
    const flat = list.join('');
    const inToken = (skel: string) => list.some((t) => containsWord(t, skel));
    const found = c.inside.find(
      (w) =>
        inToken(w.skeleton) ||
        containsWord(flat, w.skeleton) ||
        containsWord(collapseRuns(flat), collapseRuns(w.skeleton)),
    );
    if (found) return found.word;
  }
  // A masked letter: "f*ck", "sh*t" (one or two hidden letters, the rest as written).
  for (const token of list) {
    if (!token.includes('*')) continue;
    const parts = token.split(/\*+/);
    if (parts.join('').length < 2) continue;
    const re = new RegExp(
      `^${parts.map((p) => p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('\\p{L}{1,2}')}$`,
      'u',
    );
    const found = c.latin.find((w) => w.length >= 3 && re.test(w));
    if (found) return c.latinWord.get(found) ?? found;
  }
  for (const w of c.tokens) {
    const parts = w.skeleton.split(' ');
    const particles = /\p{Script=Hangul}/u.test(w.skeleton);
    for (let i = 0; i + parts.length <= list.length; i++) {
      const ok = parts.every((p, k) =>
        k === parts.length - 1 && particles ? list[i + k].startsWith(p) : list[i + k] === p,
      );
      if (ok) return w.word;
    }
  }
  return null;
}
