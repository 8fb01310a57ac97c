import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../../../db/client';
import { type GeneratedCard, learningDecks } from '../../../../db/schema';
import { findLanguage, languageName } from '../../../common/languages';
import { DIFFICULTY_LEVELS, type DifficultyLevel } from '../../../common/learning/schemas';
import type { Env } from '../../core/env';
import { providerFromEnv } from '../../translation/providers/select';
import type { Provider } from '../../translation/providers/types';
import { wordsOfLevel } from './deck';

/**
 * Flashcards of a language without a built-in deck: the translation provider writes them once per
 * language and level (one call: the level's words of the built-in deck, a reading where the
 * language's script is not Latin, an example sentence), zod checks the shape, and the deck is kept
 * in learning_decks for every server. Concurrent requests of one process share one call; two
 * processes at once both ask and the first row written wins.
 */

export interface DeckSource {
  env: Env;
  db: Db;
}

/** The provider answers { source, translations: { "<id>.word": …, "<id>.reading": …, "<id>.example": … } }. */
const keysOf = (id: string, reading: boolean) => [
  `${id}.word`,
  ...(reading ? [`${id}.reading`] : []),
  `${id}.example`,
];

const text = z.string().trim().min(1).max(200);
const answerSchema = z.object({ translations: z.record(z.string(), z.string()) });

/** Whether the language's script needs a reading (its own name has no Latin letter: 日本語, ไทย, Ελληνικά). */
export function needsReading(code: string): boolean {
  const native = findLanguage(code)?.native ?? '';
  return !/\p{Script=Latin}/u.test(native);
}

const SYSTEM = [
  'You write flashcards for people learning a language.',
  'For every English word or phrase in "words", give: <id>.word = the common, natural translation in the target language',
  '(verbs in their dictionary form), <id>.reading = how it is read in Latin letters (only when asked for in "targets"),',
  'and <id>.example = one short everyday sentence in the target language that uses it.',
  'Answer JSON: { "source": "en", "translations": { key: text } } with exactly the keys of "targets".',
].join(' ');

/** The one request for a language and level (the fake provider of the tests reads the same JSON). */
export function deckRequest(language: string, level: DifficultyLevel) {
  const reading = needsReading(language);
  const words = wordsOfLevel(level).map((w) => ({ id: w.id, english: w.text.en }));
  return {
    task: 'flashcards' as const,
    language,
    languageName: languageName(language),
    level,
    text: words.map((w) => `${w.id}: ${w.english}`).join('\n'),
    words,
    targets: words.flatMap((w) => keysOf(w.id, reading)),
  };
}

/** Checks the provider's answer; throws naming what is missing or malformed. */
export function parseDeckAnswer(language: string, level: DifficultyLevel, raw: string): GeneratedCard[] {
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    throw new Error('the answer is not JSON');
  }
  const answer = answerSchema.safeParse(json);
  if (!answer.success) throw new Error('the answer has no translations object');
  const t = answer.data.translations;
  const reading = needsReading(language);
  const card = z.object({
    id: z.string(),
    word: text,
    reading: reading ? text : z.undefined(),
    example: text,
  });
  return wordsOfLevel(level).map((w) => {
    const parsed = card.safeParse({
      id: w.id,
      word: t[`${w.id}.word`],
      reading: reading ? t[`${w.id}.reading`] : undefined,
      example: t[`${w.id}.example`],
    });
    if (!parsed.success) throw new Error(`the card "${w.id}" is missing or malformed`);
    return reading ? parsed.data : { id: w.id, word: parsed.data.word, example: parsed.data.example };
  });
}

async function storedDeck(db: Db, language: string, level: DifficultyLevel) {
  return await db
    .select()
    .from(learningDecks)
    .where(and(eq(learningDecks.language, language), eq(learningDecks.level, level)))
    .get();
}

const providers = new WeakMap<Env, Provider | null>();
function providerOf(env: Env): Provider | null {
  if (!providers.has(env)) providers.set(env, providerFromEnv(env));
  return providers.get(env) ?? null;
}

/** Whether a deck could be written here (a provider is configured). */
export const canWriteDecks = (env: Env) => providerOf(env) !== null;

/** Decks being written, per database (servers of one process do not share them). */
const writing = new WeakMap<Db, Map<string, Promise<GeneratedCard[]>>>();

async function writeDeck(
  src: DeckSource,
  language: string,
  level: DifficultyLevel,
): Promise<GeneratedCard[]> {
  const provider = providerOf(src.env);
  if (!provider) throw new Error('no translation provider');
  const request = deckRequest(language, level);
  const answer = await provider.complete({
    system: SYSTEM,
    user: JSON.stringify(request),
    targets: request.targets,
    signal: AbortSignal.timeout(60_000),
  });
  const cards = parseDeckAnswer(language, level, answer.text);
  await src.db
    .insert(learningDecks)
    .values({ language, level, cards, provider: `${provider.name}:${provider.model}` })
    .onConflictDoNothing()
    .run();
  return (await storedDeck(src.db, language, level))?.cards ?? cards;
}

/** The generated cards of a language and level: kept ones, else written now (once). */
export async function generatedCards(
  src: DeckSource,
  language: string,
  level: DifficultyLevel,
): Promise<GeneratedCard[]> {
  const kept = await storedDeck(src.db, language, level);
  if (kept) return kept.cards;
  const key = `${language}:${level}`;
  let inFlight = writing.get(src.db);
  if (!inFlight) {
    inFlight = new Map();
    writing.set(src.db, inFlight);
  }
  let pending = inFlight.get(key);
  if (!pending) {
    const book = inFlight;
    pending = writeDeck(src, language, level).finally(() => book.delete(key));
    book.set(key, pending);
  }
  return await pending;
}

/** Whether some level of the language still has to be written (the bot defers its reply then). */
export async function decksMissing(db: Db, language: string): Promise<boolean> {
  const rows = await db
    .select({ level: learningDecks.level })
    .from(learningDecks)
    .where(eq(learningDecks.language, language))
    .all();
  return rows.length < DIFFICULTY_LEVELS.length;
}
