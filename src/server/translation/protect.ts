/**
 * Formatting protection: every piece of a Discord message that must survive translation byte for
 * byte (code, mentions, custom and unicode emoji, URLs, markdown markers) is swapped for a numbered
 * placeholder {{n}} before the provider sees the text, and swapped back after. restore() checks that
 * every placeholder came back exactly once; a lost or invented one makes the answer unusable.
 */

const PATTERNS = [
  /```[\s\S]*?```/, // code block
  /``(?:[^`]|`(?!`))+?``|`[^`\n]+`/, // inline code (double backticks may hold a single one)
  /\{\{\s*\d+\s*\}\}/, // a literal placeholder look-alike in the user's own text
  /<a?:\w{1,32}:\d{1,25}>/, // custom emoji <:name:id> and <a:name:id>
  /<(?:@[!&]?|#)\d{1,25}>|<\/[\w -]{1,64}:\d{1,25}>|<t:-?\d{1,13}(?::[tTdDfFR])?>|<id:\w{1,32}>/, // mentions, commands, timestamps
  /@everyone|@here/,
  /<https?:\/\/[^\s>]+>|https?:\/\/[^\s<]*[^\s<.,:;"')\]!?]/, // URLs (with or without <> embed suppression)
  /:(?=[\w+-]*[a-z])[\w+-]{2,32}:/i, // emoji shortcodes like :wave:
  /\p{Regional_Indicator}{2}|[#*0-9]\uFE0F?\u20E3|\p{Extended_Pictographic}(?:\uFE0F|\p{Emoji_Modifier})*(?:\u200D\p{Extended_Pictographic}(?:\uFE0F|\p{Emoji_Modifier})*)*/u, // unicode emoji
  /^(?:>>> |> |#{1,3} |-# )/m, // block quote, headings, subtext at line start
  /\\[*_~|`>#-]/, // escaped markdown characters
  /\*{1,3}|(?<![\p{L}\p{N}])_{1,3}|_{1,3}(?![\p{L}\p{N}])|~~|\|\|/u, // bold, italic, underline, strike, spoiler
];

const TOKEN = new RegExp(PATTERNS.map((p) => `(?:${p.source})`).join('|'), 'gmu');
/** Where a server's never-translate terms go: after code, mentions, emoji and URLs, before markup. */
const TERMS_AT = 7;
const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const withTerms = new Map<string, RegExp>();
const NO_SPACES =
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}]/u;

/**
 * The token pattern with the server glossary's never-translate terms (whole words, any case; the
 * bytes as written come back). Longest terms first so "Polyglot Bot" wins over "Polyglot".
 */
function tokenPattern(keep: readonly string[] = []): RegExp {
  const terms = keep.map((t) => t.trim()).filter(Boolean);
  if (!terms.length) return TOKEN;
  const key = terms.join('\u0000');
  let re = withTerms.get(key);
  if (!re) {
    // Whole words; scripts written without spaces (Chinese, Japanese, Thai...) match anywhere.
    const glossary = [...terms]
      .sort((a, b) => b.length - a.length)
      .map((t) => (NO_SPACES.test(t) ? escapeRe(t) : `(?<![\\p{L}\\p{N}_])${escapeRe(t)}(?![\\p{L}\\p{N}_])`))
      .join('|');
    const parts = PATTERNS.map((p) => `(?:${p.source})`);
    parts.splice(TERMS_AT, 0, `(?:${glossary})`);
    re = new RegExp(parts.join('|'), 'gimu');
    if (withTerms.size > 500) withTerms.clear();
    withTerms.set(key, re);
  }
  re.lastIndex = 0;
  return re;
}
const PLACEHOLDER = /\{\{\s*(\d+)\s*\}\}/g;

export interface Protected {
  /** The text with placeholders, what the provider translates. */
  text: string;
  /** The original bytes of each placeholder, by index. */
  tokens: string[];
}

export function protect(original: string, keep?: readonly string[]): Protected {
  const tokens: string[] = [];
  const text = original.replace(tokenPattern(keep), (match) => {
    tokens.push(match);
    return `{{${tokens.length - 1}}}`;
  });
  return { text, tokens };
}

export type Restored = { ok: true; text: string } | { ok: false; problem: string };

/** Puts the original bytes back; fails when a placeholder is missing, repeated or unknown. */
export function restore(translated: string, tokens: string[]): Restored {
  const seen = new Array<number>(tokens.length).fill(0);
  let unknown: string | null = null;
  const text = translated.replace(PLACEHOLDER, (match, n: string) => {
    const i = Number(n);
    if (i >= tokens.length) {
      unknown = match;
      return match;
    }
    seen[i] += 1;
    return tokens[i];
  });
  if (unknown) return { ok: false, problem: `unknown placeholder ${unknown}` };
  const lost = seen.flatMap((count, i) => (count === 0 ? [`{{${i}}}`] : []));
  if (lost.length) return { ok: false, problem: `lost placeholder ${lost.join(' ')}` };
  const repeated = seen.flatMap((count, i) => (count > 1 ? [`{{${i}}}`] : []));
  if (repeated.length) return { ok: false, problem: `repeated placeholder ${repeated.join(' ')}` };
  return { ok: true, text };
}

/** The words a detector or a translator should look at: everything protected removed. */
export function plainWords(original: string, keep?: readonly string[]): string {
  return original.replace(tokenPattern(keep), ' ').replace(/\s+/g, ' ').trim();
}

/** True when nothing in the text is translatable (only mentions, emoji, links, code, markup). */
export function nothingToTranslate(original: string, keep?: readonly string[]): boolean {
  return !/\p{L}/u.test(plainWords(original, keep));
}

/**
 * The fallback when the model broke the placeholders twice (issue 24): never drop the message.
 * Each placeholder the answer kept is put back where it is (its first occurrence; repeats and
 * unknown ones are removed); each one it lost goes back at the same relative position it had in
 * the original, moved to the next word boundary. The words are the model's, every protected piece
 * (mention, link, code, emoji) is there exactly once.
 */
export function restoreByPosition(translated: string, tokens: string[], masked: string): string {
  const placed = new Array<boolean>(tokens.length).fill(false);
  let text = translated.replace(PLACEHOLDER, (_match, n: string) => {
    const i = Number(n);
    if (i >= tokens.length || placed[i]) return '';
    placed[i] = true;
    return `\uE000${i}\uE000`;
  });
  const lost = tokens.flatMap((_, i) => (placed[i] ? [] : [i]));
  // Back to front, so earlier insertions do not move later positions.
  for (const i of lost.reverse()) {
    const at = masked.indexOf(`{{${i}}}`);
    const ratio = at < 0 ? 1 : at / Math.max(1, masked.length);
    let pos = Math.round(ratio * text.length);
    while (pos < text.length && !/\s/.test(text[pos])) pos++;
    const before = text.slice(0, pos);
    const after = text.slice(pos);
    const gapBefore = before && !/\s$/.test(before) ? ' ' : '';
    const gapAfter = after && !/^\s/.test(after) ? ' ' : '';
    text = `${before}${gapBefore}\uE000${i}\uE000${gapAfter}${after}`;
  }
  return text
    .replace(/\uE000(\d+)\uE000/g, (_m, n: string) => tokens[Number(n)])
    .replace(/ {2,}/g, ' ')
    .trim();
}
