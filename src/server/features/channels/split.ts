/**
 * Long mirror copies (issue 16): a translation over Discord's 2,000-character limit is split into
 * several messages at paragraph, line, then sentence, then word boundaries (a cut mid-word only
 * when a single word is longer than a message).
 */

const sentences = new Intl.Segmenter(undefined, { granularity: 'sentence' });

/** Splits `text` into parts of at most `limit` characters, cutting at the most natural boundary. */
export function splitMessage(text: string, limit: number): string[] {
  const parts: string[] = [];
  let rest = text.trim();
  while (rest.length > limit) {
    const cut = cutAt(rest, limit);
    parts.push(rest.slice(0, cut).trimEnd());
    rest = rest.slice(cut).trimStart();
  }
  if (rest) parts.push(rest);
  return parts;
}

/** Where to end the first part: the last boundary of the best kind within the limit. */
function cutAt(text: string, limit: number): number {
  const window = text.slice(0, limit + 1);
  const min = Math.floor(limit / 3); // never a tiny part just to honour a boundary
  for (const sep of ['\n\n', '\n']) {
    const at = window.lastIndexOf(sep, limit);
    if (at >= min) return at + sep.length;
  }
  let sentenceEnd = -1;
  // The whole text is segmented: a sentence cut by the limit must not look like one that ended.
  for (const s of sentences.segment(text)) {
    const end = s.index + s.segment.length;
    if (end > limit) break;
    sentenceEnd = end;
  }
  if (sentenceEnd >= min) return sentenceEnd;
  const space = window.lastIndexOf(' ', limit);
  if (space >= min) return space + 1;
  return limit;
}
