import { z } from 'zod';

export const DIFFICULTY_LEVELS = ['beginner', 'intermediate', 'advanced'] as const;
export type DifficultyLevel = (typeof DIFFICULTY_LEVELS)[number];

/** A guild id or a Discord user id in a path. */
export const pathId = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_-]{1,32}$/, 'must be a server or user id (1 to 32 letters, digits, - or _)');

/** Spec section 9: correct answers over flashcards reviewed, rounded percent, 0 when none. */
export function learnerAccuracy(correctAnswers: number, flashcardsReviewed: number): number {
  return flashcardsReviewed > 0 ? Math.round((correctAnswers / flashcardsReviewed) * 100) : 0;
}
