import { createHash } from 'node:crypto';

/**
 * In-memory LRU of translations (never written to disk: the privacy promise). Keyed by a hash of
 * the text, the source, the target, the tone, the model, the conversation context and the server's
 * prompt additions, so a change of any of them misses.
 */
export interface CacheKeyParts {
  text: string;
  source: string | null;
  target: string;
  tone: string;
  model: string;
  /** The conversation context sent with the text (empty when none): another conversation misses. */
  context?: string[];
  /** Anything else that changes the answer (glossary, custom instructions), as one string. */
  prompt?: string;
}

export interface TranslationCache {
  get(key: CacheKeyParts): { text: string; source: string } | undefined;
  set(key: CacheKeyParts, value: { text: string; source: string }): void;
  readonly size: number;
  clear(): void;
}

const hash = (s: string) => createHash('sha256').update(s).digest('base64url');

export function cacheKey(k: CacheKeyParts): string {
  const extra =
    k.context?.length || k.prompt ? `|${hash(JSON.stringify([k.context ?? [], k.prompt ?? '']))}` : '';
  return `${hash(k.text)}|${k.source ?? 'auto'}|${k.target}|${k.tone}|${k.model}${extra}`;
}

export function createCache(maxEntries = 5000): TranslationCache {
  const map = new Map<string, { text: string; source: string }>();
  return {
    get(parts) {
      const key = cacheKey(parts);
      const hit = map.get(key);
      if (hit) {
        map.delete(key);
        map.set(key, hit);
      }
      return hit;
    },
    set(parts, value) {
      if (maxEntries <= 0) return;
      const key = cacheKey(parts);
      map.delete(key);
      map.set(key, value);
      while (map.size > maxEntries) map.delete(map.keys().next().value as string);
    },
    get size() {
      return map.size;
    },
    clear() {
      map.clear();
    },
  };
}
