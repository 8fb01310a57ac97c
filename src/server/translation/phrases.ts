import { type Phrase, say } from '../../common/phrases';
import type { Translator } from '../core/translator';

/**
 * The bot's own words in every language of the table (issue 27). A phrase table covers a handful
 * of languages; for any other, the English phrase is translated once through the provider and kept
 * in memory, then reused for every member of that language. Phrases are product text, not members'
 * messages, so keeping their translations is fine (nothing a member wrote is stored).
 *
 * One way for every reply: a procedure asks `speakerFor(translator, language, ...phraseSets)` once
 * (the phrase sets are its capability's phrases modules); the phrases of those sets the table lacks
 * in that language and that are not kept yet go to the provider together (translateTexts: one call
 * per batch of 16), so each (language, phrase) is asked once, ever (while kept; at most MAX_KEPT).
 * Concurrent replies in the same language share the call in flight. The speaker then answers
 * synchronously like say(). The phrase's {name} slots travel as inline code, which the engine keeps
 * byte for byte, and are filled after. When the provider cannot answer, the member reads English
 * with a line saying so (once per reply); nothing is kept then, so the next reply asks again.
 */

type Vars = Record<string, string | number>;

/**
 * A speaker in one language: say() without the language, for one reply. A phrase that could not
 * be translated comes in English; the first such phrase carries the untranslated mark (a line).
 */
export interface Speaker {
  (phrase: Phrase, vars?: Vars): string;
  readonly language: string;
  /** Never marked (a button label, a piece of a line); the reply appends mark() at its end. */
  label(phrase: Phrase, vars?: Vars): string;
  /** The untranslated mark when a label fell back to English and no phrase carried it yet, else ''. */
  mark(): string;
  /** Whether the phrase reads in the speaker's language (its table or a kept translation), not English by default. */
  translated(phrase: Phrase): boolean;
}

/** Most phrase translations kept (141 languages × the product's few hundred phrases fit). */
const MAX_KEPT = 50_000;

/**
 * What one translator (the process's services hold one) has given: kept translations, and batches
 * in flight by key (a second reply in the same language waits for the same call). Kept per
 * translator, so a translation is the provider's that made it, and two services in one process
 * (tests) do not share them.
 */
interface Store {
  kept: Map<string, string>;
  asking: Map<string, Promise<void>>;
}
const stores = new WeakMap<Translator, Store>();
const storeOf = (translator: Translator): Store => {
  // A per-message wrapper (moderation's verdict translator) speaks with what its translator kept.
  while (translator.wraps) translator = translator.wraps;
  let store = stores.get(translator);
  if (!store) {
    store = { kept: new Map(), asking: new Map() };
    stores.set(translator, store);
  }
  return store;
};

/** English with a mark saying the reply could not be put into the member's language. */
export const untranslatedMark = (language: string) =>
  `\n-# (In English: it could not be translated into ${language} right now.)`;

const fill = (text: string, vars: Vars) =>
  text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in vars ? String(vars[name]) : whole));

const keyOf = (code: string, phrase: Phrase) => `${code}\u0000${phrase.en}`;

const isPhrase = (v: unknown): v is Phrase =>
  typeof v === 'object' && v !== null && typeof (v as { en?: unknown }).en === 'string';

/** Every phrase of a set: a phrase, a phrases module, a record or array of phrases (two levels). */
function phrasesOf(sets: unknown[], out = new Set<Phrase>(), depth = 0): Set<Phrase> {
  for (const v of sets) {
    if (isPhrase(v)) out.add(v);
    else if (depth < 2 && typeof v === 'object' && v !== null) phrasesOf(Object.values(v), out, depth + 1);
  }
  return out;
}

/** Whether the table itself answers `code` (English, the language or its base). */
const inTable = (phrase: Phrase, code: string) => {
  const lower = code.toLowerCase();
  return (
    lower === 'en' ||
    lower.startsWith('en-') ||
    phrase[lower] !== undefined ||
    phrase[lower.split('-')[0]] !== undefined
  );
};

const slotted = (phrase: Phrase) => phrase.en.replace(/\{(\w+)\}/g, '`{$1}`');
const unslotted = (text: string) => text.replace(/`\{(\w+)\}`/g, '{$1}');

/** Asks the provider for the phrases in `code` (batched), keeping what comes back. Never throws. */
async function ask(translator: Translator, code: string, phrases: Phrase[]): Promise<void> {
  const { kept } = storeOf(translator);
  try {
    const texts = phrases.map(slotted);
    let got: (string | undefined)[];
    if (translator.translateTexts) got = await translator.translateTexts(texts, code);
    else {
      got = await Promise.all(
        texts.map(async (text) => {
          const r = await translator.translate({ text, targets: [code], source: 'en', origin: 'cli' });
          return r.translations[code] ?? Object.values(r.translations)[0];
        }),
      );
    }
    phrases.forEach((phrase, i) => {
      const text = got[i];
      if (!text) return;
      if (kept.size >= MAX_KEPT) kept.delete(kept.keys().next().value as string);
      kept.set(keyOf(code, phrase), unslotted(text));
    });
  } catch {
    // The provider is down or refused: the speaker answers English with the mark; asked again next time.
  }
}

/** Resolves the phrases of `sets` in `language` and returns a speaker answering from the result. */
export async function speakerFor(
  translator: Translator,
  language: string | null | undefined,
  ...sets: unknown[]
): Promise<Speaker> {
  const code = (language ?? 'en').trim() || 'en';
  const { kept, asking } = storeOf(translator);
  const missing = [...phrasesOf(sets)].filter((p) => !inTable(p, code) && !kept.has(keyOf(code, p)));
  if (missing.length) {
    // Wait for batches already asking for some of these; ask the provider for the rest.
    const waits = new Set<Promise<void>>();
    const toAsk: Phrase[] = [];
    for (const p of missing) {
      const inFlight = asking.get(keyOf(code, p));
      if (inFlight) waits.add(inFlight);
      else toAsk.push(p);
    }
    if (toAsk.length) {
      const call = ask(translator, code, toAsk).finally(() => {
        for (const p of toAsk) if (asking.get(keyOf(code, p)) === call) asking.delete(keyOf(code, p));
      });
      for (const p of toAsk) asking.set(keyOf(code, p), call);
      waits.add(call);
    }
    await Promise.all(waits);
  }
  let marked = false;
  let fellBack = false;
  const label = (phrase: Phrase, vars: Vars = {}) => {
    if (inTable(phrase, code)) return say(phrase, code, vars);
    const text = kept.get(keyOf(code, phrase));
    if (text !== undefined) return fill(text, vars);
    // Not translated (the provider is down, or the phrase was not in the speaker's sets).
    fellBack = true;
    return fill(phrase.en, vars);
  };
  const mark = () => {
    if (!fellBack || marked) return '';
    marked = true;
    return untranslatedMark(code);
  };
  const translated = (phrase: Phrase) => inTable(phrase, code) || kept.has(keyOf(code, phrase));
  const speaker = (phrase: Phrase, vars: Vars = {}) => label(phrase, vars) + mark();
  return Object.assign(speaker, { language: code, label, mark, translated });
}

/** One phrase in `language`: the table's version, a kept translation, or one asked of the provider now. */
export async function phraseIn(
  translator: Translator,
  phrase: Phrase,
  language: string | null | undefined,
  vars: Vars = {},
): Promise<string> {
  return (await speakerFor(translator, language, phrase))(phrase, vars);
}
