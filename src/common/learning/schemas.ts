import { z } from 'zod';
import { SERVER_ID_PATTERN } from '../schemas/util';

export const DIFFICULTY_LEVELS = ['beginner', 'intermediate', 'advanced'] as const;
export type DifficultyLevel = (typeof DIFFICULTY_LEVELS)[number];

/** A guild id or a Discord user id in a path. */
export const pathId = z
  .string()
  .trim()
  .regex(SERVER_ID_PATTERN, 'must be a server or user id (1 to 32 letters, digits, - or _)');

/** Spec section 9: correct answers over flashcards reviewed, rounded percent, 0 when none. */
export function learnerAccuracy(correctAnswers: number, flashcardsReviewed: number): number {
  return flashcardsReviewed > 0 ? Math.round((correctAnswers / flashcardsReviewed) * 100) : 0;
}
