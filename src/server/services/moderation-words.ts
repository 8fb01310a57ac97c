import { DataSet, parseRawPattern, RegExpMatcher } from 'obscenity';
import { NO_SPACE_SCRIPT, skeleton, skeletonWords } from './moderation-text';

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
  let patterns = 0;
  for (const word of words) {
    const skel = skeleton(word);
    if (!skel) continue;
    if (NO_SPACE_SCRIPT.test(skel)) inside.push({ word, skeleton: skel.replace(/ /g, '') });
    else if (!/^[a-z0-9 ]+$/.test(skel)) tokens.push({ word, skeleton: skel });
    else {
      dataset.addPhrase((p) => p.setMetadata({ word }).addPattern(parseRawPattern(`|${escapePattern(skel)}|`)));
      patterns++;
    }
  }
  const compiled: CompiledWords = {
    matcher: patterns ? new RegExpMatcher({ ...dataset.build() }) : null,
    dataset,
    inside,
    tokens,
  };
  if (cache.size >= CACHE_MAX) cache.delete(cache.keys().next().value as string);
  cache.set(key, compiled);
  return compiled;
}

/** The first banned word the text contains, or null. */
export function findBannedWord(text: string, words: string[]): string | null {
  if (words.length === 0 || !text.trim()) return null;
  const c = compile(words);
  const list = skeletonWords(text);
  const joined = list.join(' ');
  if (c.matcher) {
    const match = c.matcher.getAllMatches(joined)[0];
    if (match) return c.dataset.getPayloadWithPhraseMetadata(match).phraseMetadata?.word ?? null;
  }
  if (c.inside.length) {
    const flat = list.join('');
    const found = c.inside.find((w) => flat.includes(w.skeleton));
    if (found) return found.word;
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
