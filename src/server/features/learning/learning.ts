import { and, eq } from 'drizzle-orm';
import { type Db, lockFor } from '../../../../db/client';
import { learnerProgress } from '../../../../db/schema';
import { findLanguage, LANGUAGES, languageName } from '../../../common/languages';
import { type DifficultyLevel, learnerAccuracy } from '../../../common/learning/schemas';
import { type Card, cardsOf } from './cards';
import { DECK, DECK_LANGUAGES, type DeckLanguage, deckWord, isDeckLanguage } from './deck';
import { canWriteDecks, type DeckSource } from './generated-decks';
import { currentStreak, nextDifficulty, nextStreak } from './maths';
import {
  findQuestion,
  forgetQuestion,
  type PendingQuestion,
  pick,
  QUESTION_TTL_MS,
  rememberQuestion,
  shuffle,
} from './questions';

/**
 * Language learning for members (/learn, /practice, /quiz, /progress): one learner_progress row
 * per member and server, flashcards and quizzes from the built-in deck (ten languages, no provider
 * needed) or from decks the provider writes once for any other language of the table
 * (generated-decks.ts). Questions waiting for an answer are kept by questions.ts.
 */

export type Progress = typeof learnerProgress.$inferSelect;
export interface Refusal {
  ok: false;
  message: string;
}
const refuse = (message: string): Refusal => ({ ok: false, message });

export const NOT_LEARNING =
  'You are not learning a language yet. Start with /learn and pick a language, for example /learn language:es.';

// ---- Languages ----------------------------------------------------------------------------------

const deckList = () => DECK_LANGUAGES.map((c) => `${languageName(c)} (${c})`).join(', ');

/** Discord shows at most 25 autocomplete choices. */
const MAX_CHOICES = 25;

/** A code, English name or native name of the table ("es", "Spanish", "Español"). */
function resolveLanguage(input: string) {
  const q = input.trim().toLowerCase();
  return findLanguage(q) ?? LANGUAGES.find((l) => l.name.toLowerCase() === q || l.native.toLowerCase() === q);
}

/** The deck language cards are shown in for a member's language: itself, its base (pt-BR → pt), else English. */
export function cardLanguage(native: string): DeckLanguage {
  if (isDeckLanguage(native)) return native;
  const base = native.split('-')[0];
  return isDeckLanguage(base) ? base : 'en';
}

/** Autocomplete of /learn: the table's languages matching what was typed, best matches first. */
export function learnChoices(query: string): { name: string; value: string }[] {
  const q = query.trim().toLowerCase();
  const matches = LANGUAGES.filter(
    (l) =>
      !q ||
      l.code.toLowerCase().startsWith(q) ||
      l.name.toLowerCase().includes(q) ||
      l.native.toLowerCase().includes(q),
  );
  // The exact code first, then codes and names that begin with it, then names that contain it.
  const rank = (l: (typeof LANGUAGES)[number]) =>
    l.code.toLowerCase() === q
      ? 0
      : l.code.toLowerCase().startsWith(q) || l.name.toLowerCase().startsWith(q)
        ? 1
        : 2;
  return [...matches]
    .sort((a, b) => rank(a) - rank(b))
    .slice(0, MAX_CHOICES)
    .map((l) => ({
      name: l.native === l.name ? `${l.name} (${l.code})` : `${l.name} · ${l.native} (${l.code})`,
      value: l.code,
    }));
}

// ---- Rows ---------------------------------------------------------------------------------------

export async function findProgress(db: Db, guildId: string, userId: string): Promise<Progress | undefined> {
  return await db
    .select()
    .from(learnerProgress)
    .where(and(eq(learnerProgress.guildId, guildId), eq(learnerProgress.userId, userId)))
    .get();
}

async function save(db: Db, id: number, change: Partial<Progress>): Promise<Progress> {
  return await db.update(learnerProgress).set(change).where(eq(learnerProgress.id, id)).returning().get();
}

/**
 * One member's progress is read and written under their lock: commands and buttons of one member
 * at the same moment (the bot handles interactions concurrently) run one after the other, so none
 * is lost and /learn makes one row.
 */
async function asMember<T>(db: Db, guildId: string, userId: string, fn: () => Promise<T>): Promise<T> {
  return await db.$transaction(async (tx) => {
    await lockFor(tx, `learning:${guildId}:${userId}`);
    return await fn();
  });
}

export interface LearnPlan {
  ok: true;
  learning: string;
  native: string;
}

/** Checks a /learn request; writes nothing. */
export function planLearning(requested: string, native: string): LearnPlan | Refusal {
  const language = resolveLanguage(requested);
  if (!language) {
    return refuse(
      `"${requested.slice(0, 50)}" is not a language I know. Start typing in the language option to search the ${LANGUAGES.length} languages, for example Spanish (es) or Swahili (sw).`,
    );
  }
  if (cardLanguage(native) === language.code || native === language.code) {
    const why =
      isDeckLanguage(native) || native === language.code
        ? `${languageName(native)} is your language`
        : 'your cards would be in English';
    return refuse(
      `You cannot learn ${language.name} from ${language.name}: ${why}. Pick another language, or set yours with /setlanguage.`,
    );
  }
  return { ok: true, learning: language.code, native };
}

/** Starts learning, or switches language: a new language starts fresh at beginner, the streak carries on. */
export async function saveLearning(
  db: Db,
  at: Date,
  input: { guildId: string; userId: string; username: string },
  plan: LearnPlan,
): Promise<{ progress: Progress; previous: string | null }> {
  return await asMember(db, input.guildId, input.userId, () => saveLearningNow(db, at, input, plan));
}

async function saveLearningNow(
  db: Db,
  at: Date,
  input: { guildId: string; userId: string; username: string },
  plan: LearnPlan,
): Promise<{ progress: Progress; previous: string | null }> {
  const existing = await findProgress(db, input.guildId, input.userId);
  if (!existing) {
    const progress = await db
      .insert(learnerProgress)
      .values({
        guildId: input.guildId,
        userId: input.userId,
        username: input.username,
        learningLanguage: plan.learning,
        nativeLanguage: plan.native,
        difficultyLevel: 'beginner',
        createdAt: at,
      })
      .returning()
      .get();
    return { progress, previous: null };
  }
  if (existing.learningLanguage === plan.learning) {
    const progress = await save(db, existing.id, { username: input.username, nativeLanguage: plan.native });
    return { progress, previous: plan.learning };
  }
  const progress = await save(db, existing.id, {
    username: input.username,
    learningLanguage: plan.learning,
    nativeLanguage: plan.native,
    difficultyLevel: 'beginner',
    wordsLearned: 0,
    flashcardsReviewed: 0,
    correctAnswers: 0,
  });
  return { progress, previous: existing.learningLanguage };
}

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

// ---- /practice ----------------------------------------------------------------------------------

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

// ---- /quiz --------------------------------------------------------------------------------------

export interface Quiz {
  ok: true;
  questionId: string;
  level: DifficultyLevel;
  prompt: string;
  promptLanguage: DeckLanguage;
  learningLanguage: string;
  /** Four answers in the learning language; one is right. */
  options: string[];
}

/** A multiple-choice question of the given level (the member's own by default); writes nothing until answered. */
export async function createQuiz(
  src: DeckSource,
  now: Date,
  random: () => number,
  guildId: string,
  userId: string,
  difficulty?: DifficultyLevel,
): Promise<Quiz | Refusal> {
  const db = src.db;
  const row = await findProgress(db, guildId, userId);
  if (!row) return refuse(NOT_LEARNING);
  const learning = row.learningLanguage;
  const cards = await loadCards(src, learning);
  if (!Array.isArray(cards)) return cards;
  const level = difficulty ?? row.difficultyLevel;
  const pool = cards.filter((c) => c.level === level);
  const word = pick(pool, random);
  const right = word.word;
  const distractors: string[] = [];
  for (const w of shuffle(pool, random)) {
    const text = w.word;
    if (text !== right && !distractors.includes(text)) distractors.push(text);
    if (distractors.length === 3) break;
  }
  const options = shuffle([right, ...distractors], random);
  const promptLanguage = cardLanguage(row.nativeLanguage);
  const questionId = rememberQuestion(db, {
    guildId,
    userId,
    kind: 'quiz',
    options,
    correct: options.indexOf(right),
    issuedAt: now.getTime(),
  });
  return {
    ok: true,
    questionId,
    level,
    prompt: deckWord(word.id)!.text[promptLanguage],
    promptLanguage,
    learningLanguage: learning,
    options,
  };
}

// ---- Answers (quiz buttons, flashcard self-check) -----------------------------------------------

export interface AnswerResult {
  ok: true;
  kind: 'card' | 'quiz';
  correct: boolean;
  /** The right answer (quiz) in the learning language. */
  answer: string;
  chosen: string;
  /** The new level when this answer moved the member up. */
  promoted: DifficultyLevel | null;
  accuracy: number;
  flashcardsReviewed: number;
  correctAnswers: number;
}

export const EXPIRED = `This question has expired: each question can be answered once, within ${QUESTION_TTL_MS / 60_000} minutes. Run /quiz or /practice for a new one.`;

/**
 * A quiz answer counts a reviewed card and, when right, a correct answer (and may move the
 * member up a level). A flashcard's "I knew it" counts a correct answer (the card was counted
 * when shown). Each question counts once; an expired or unknown one writes nothing.
 */
export async function answerQuestion(
  db: Db,
  now: Date,
  input: { guildId: string; userId: string; questionId: string; choice: number },
): Promise<AnswerResult | Refusal> {
  const q = findQuestion(db, input.questionId, input.guildId, now);
  if (!q) return refuse(EXPIRED);
  if (q.userId !== input.userId)
    return refuse('This question belongs to another member. Run /quiz to get your own.');
  if (input.choice < 0 || input.choice >= q.options.length) return refuse('That is not one of the answers.');
  forgetQuestion(db, input.questionId);
  return await asMember(db, input.guildId, input.userId, () => countAnswer(db, now, input, q));
}

async function countAnswer(
  db: Db,
  now: Date,
  input: { guildId: string; userId: string; choice: number },
  q: PendingQuestion,
): Promise<AnswerResult | Refusal> {
  const row = await findProgress(db, input.guildId, input.userId);
  if (!row) return refuse(NOT_LEARNING);
  const correct = input.choice === q.correct;
  const change: Partial<Progress> =
    q.kind === 'card'
      ? { correctAnswers: row.correctAnswers + (correct ? 1 : 0) }
      : {
          flashcardsReviewed: row.flashcardsReviewed + 1,
          correctAnswers: row.correctAnswers + (correct ? 1 : 0),
          practiceStreak: nextStreak(row.practiceStreak, row.lastPracticedAt, now),
          lastPracticedAt: now,
        };
  const reviewed = change.flashcardsReviewed ?? row.flashcardsReviewed;
  const right = change.correctAnswers ?? row.correctAnswers;
  const level = correct ? nextDifficulty(row.difficultyLevel, right, reviewed) : row.difficultyLevel;
  if (level !== row.difficultyLevel) change.difficultyLevel = level;
  const saved = await save(db, row.id, change);
  return {
    ok: true,
    kind: q.kind,
    correct,
    answer: q.options[q.correct]!,
    chosen: q.options[input.choice]!,
    promoted: level !== row.difficultyLevel ? level : null,
    accuracy: learnerAccuracy(saved.correctAnswers, saved.flashcardsReviewed),
    flashcardsReviewed: saved.flashcardsReviewed,
    correctAnswers: saved.correctAnswers,
  };
}

// ---- /progress ----------------------------------------------------------------------------------

export async function progressReport(db: Db, now: Date, guildId: string, userId: string) {
  const row = await findProgress(db, guildId, userId);
  if (!row) return refuse(NOT_LEARNING);
  return {
    ok: true as const,
    learningLanguage: row.learningLanguage,
    learningLanguageName: languageName(row.learningLanguage),
    nativeLanguage: row.nativeLanguage,
    difficultyLevel: row.difficultyLevel,
    wordsLearned: row.wordsLearned,
    deckSize: DECK.length,
    practiceStreak: currentStreak(row.practiceStreak, row.lastPracticedAt, now),
    flashcardsReviewed: row.flashcardsReviewed,
    correctAnswers: row.correctAnswers,
    accuracy: learnerAccuracy(row.correctAnswers, row.flashcardsReviewed),
  };
}
