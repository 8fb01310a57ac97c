/**
 * What the bot says to members, in their language. A phrase is written in English and in the
 * languages the product lists (spec section 3 and 9); a member whose language has no version reads
 * English. Each domain keeps its phrases in its own file here (phrases/polls.ts, …) and the bot
 * resolves them with say(): one way for every reply, notice and button label.
 */
export type Phrase = { en: string } & Partial<Record<string, string>>;

/** The phrase in `language` ('es-ES' falls back to 'es', then English), with {name} filled from vars. */
export function say(
  phrase: Phrase,
  language: string | null | undefined,
  vars: Record<string, string | number> = {},
): string {
  const code = (language ?? 'en').toLowerCase();
  const text = phrase[code] ?? phrase[code.split('-')[0]] ?? phrase.en;
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in vars ? String(vars[name]) : whole));
}
