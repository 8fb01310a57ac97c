import { and, eq } from 'drizzle-orm';
import { type Db, lockFor } from '../../../../db/client';
import { learnerProgress } from '../../../../db/schema';
import { languageName } from '../../../common/languages';
import { learnerAccuracy } from '../../../common/learning/schemas';
import { DECK } from './deck';
import { currentStreak } from './maths';

/**
 * Language learning for members (/learn, /practice, /quiz, /progress): one learner_progress row
 * per member and server (this file: the row, its lock, /progress), chosen by /learn (learn.ts),
 * flashcards (practice.ts) and quizzes (quiz.ts) from the built-in deck (ten languages, no provider
 * needed) or from decks the provider writes once for any other language of the table
 * (generated-decks.ts). Questions waiting for an answer are kept by questions.ts.
 */

export type Progress = typeof learnerProgress.$inferSelect;
export interface Refusal {
  ok: false;
  message: string;
}
export const refuse = (message: string): Refusal => ({ ok: false, message });

export const NOT_LEARNING =
  'You are not learning a language yet. Start with /learn and pick a language, for example /learn language:es.';

export async function findProgress(db: Db, guildId: string, userId: string): Promise<Progress | undefined> {
  return await db
    .select()
    .from(learnerProgress)
    .where(and(eq(learnerProgress.guildId, guildId), eq(learnerProgress.userId, userId)))
    .get();
}

export async function save(db: Db, id: number, change: Partial<Progress>): Promise<Progress> {
  return await db.update(learnerProgress).set(change).where(eq(learnerProgress.id, id)).returning().get();
}

/**
 * One member's progress is read and written under their lock: commands and buttons of one member
 * at the same moment (the bot handles interactions concurrently) run one after the other, so none
 * is lost and /learn makes one row.
 */
export async function asMember<T>(db: Db, guildId: string, userId: string, fn: () => Promise<T>): Promise<T> {
  return await db.$transaction(async (tx) => {
    await lockFor(tx, `learning:${guildId}:${userId}`);
    return await fn();
  });
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
