import type { Db } from '../../../../db/client';
import { type DifficultyLevel, learnerAccuracy } from '../../../common/learning/schemas';
import { type DeckLanguage, deckWord } from './deck';
import type { DeckSource } from './generated-decks';
import { cardLanguage } from './learn';
import { nextDifficulty, nextStreak } from './maths';
import { loadCards } from './practice';
import { asMember, findProgress, NOT_LEARNING, type Progress, type Refusal, refuse, save } from './progress';
import {
  findQuestion,
  forgetQuestion,
  type PendingQuestion,
  pick,
  QUESTION_TTL_MS,
  rememberQuestion,
  shuffle,
} from './questions';

/** /quiz: multiple-choice questions, and the answers to them and to flashcards' self-check. */

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
