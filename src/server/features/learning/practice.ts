import type { Db } from '../../../../db/client';
import { languageName } from '../../../common/languages';
import type { DifficultyLevel } from '../../../common/learning/schemas';
import { type Card, cardsOf } from './cards';
import { type DeckLanguage, deckWord, isDeckLanguage } from './deck';
import { canWriteDecks, type DeckSource } from './generated-decks';
import { cardLanguage, deckList } from './learn';
import { nextStreak } from './maths';
import { asMember, findProgress, NOT_LEARNING, type Refusal, refuse, save } from './progress';
import { pick, rememberQuestion } from './questions';

/** /practice: flashcards from the member's deck, new words first. */

/**
 * The cards of a language, or why there are none: without a provider only the built-in deck's ten
 * languages have flashcards here; a provider failure writes nothing and says to try again.
 */
export async function loadCards(src: DeckSource, language: string): Promise<Card[] | Refusal> {
  const name = languageName(language);
  if (!isDeckLanguage(language) && !canWriteDecks(src.env)) {
    return refuse(`Flashcards for ${name} are not available here yet. Built-in flashcards: ${deckList()}.`);
  }
  try {
    return await cardsOf(src, language);
  } catch {
    return refuse(`The flashcards for ${name} could not be prepared just now. Try again in a moment.`);
  }
}

const CHANGED = 'Your language changed while the card was drawn. Run the command again.';

export interface Flashcard {
  ok: true;
  questionId: string;
  wordId: string;
  level: DifficultyLevel;
  prompt: string;
  promptLanguage: DeckLanguage;
  answer: string;
  /** How the answer is read (Latin letters), for scripts that need it (generated decks). */
  reading: string | null;
  /** A sentence using the answer (generated decks). */
  example: string | null;
  learningLanguage: string;
  isNew: boolean;
  wordsLearned: number;
  streak: number;
}

/**
 * One flashcard: new words in teaching order until the deck is done, then a random word of the
 * member's level. Counts a reviewed flashcard, a learned word when new, and the day's streak.
 */
export async function drawFlashcard(
  src: DeckSource,
  now: Date,
  random: () => number,
  guildId: string,
  userId: string,
): Promise<Flashcard | Refusal> {
  const first = await findProgress(src.db, guildId, userId);
  if (!first) return refuse(NOT_LEARNING);
  const cards = await loadCards(src, first.learningLanguage);
  if (!Array.isArray(cards)) return cards;
  return await asMember(src.db, guildId, userId, () =>
    drawFlashcardNow(src.db, now, random, { guildId, userId, language: first.learningLanguage, cards }),
  );
}

async function drawFlashcardNow(
  db: Db,
  now: Date,
  random: () => number,
  at: { guildId: string; userId: string; language: string; cards: Card[] },
): Promise<Flashcard | Refusal> {
  const { guildId, userId, cards } = at;
  const row = await findProgress(db, guildId, userId);
  if (!row) return refuse(NOT_LEARNING);
  if (row.learningLanguage !== at.language) return refuse(CHANGED);
  const isNew = row.wordsLearned < cards.length;
  const word: Card = isNew
    ? cards[row.wordsLearned]!
    : pick(
        cards.filter((c) => c.level === row.difficultyLevel),
        random,
      );
  const promptLanguage = cardLanguage(row.nativeLanguage);
  const saved = await save(db, row.id, {
    flashcardsReviewed: row.flashcardsReviewed + 1,
    wordsLearned: row.wordsLearned + (isNew ? 1 : 0),
    practiceStreak: nextStreak(row.practiceStreak, row.lastPracticedAt, now),
    lastPracticedAt: now,
  });
  const questionId = rememberQuestion(db, {
    guildId,
    userId,
    kind: 'card',
    options: ['knew', 'again'],
    correct: 0,
    issuedAt: now.getTime(),
  });
  return {
    ok: true,
    questionId,
    wordId: word.id,
    level: word.level,
    prompt: deckWord(word.id)!.text[promptLanguage],
    promptLanguage,
    answer: word.word,
    reading: word.reading ?? null,
    example: word.example ?? null,
    learningLanguage: row.learningLanguage,
    isNew,
    wordsLearned: saved.wordsLearned,
    streak: saved.practiceStreak,
  };
}
