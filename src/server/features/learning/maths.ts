import { DIFFICULTY_LEVELS, type DifficultyLevel, learnerAccuracy } from '../../../common/learning/schemas';

/** The arithmetic of learning progress: practice streaks over UTC days and moving up a level. */

const DAY_MS = 86_400_000;
const utcDay = (d: Date) => Math.floor(d.getTime() / DAY_MS);

/** The streak after practising at `now`: the same UTC day keeps it, the next day adds one, a gap restarts at 1. */
export function nextStreak(streak: number, last: Date | null, now: Date): number {
  if (!last) return 1;
  const gap = utcDay(now) - utcDay(last);
  if (gap <= 0) return Math.max(streak, 1);
  if (gap === 1) return streak + 1;
  return 1;
}

/** The streak as members read it: 0 once a whole UTC day went by without practice. */
export function currentStreak(streak: number, last: Date | null, now: Date): number {
  if (!last) return 0;
  return utcDay(now) - utcDay(last) <= 1 ? streak : 0;
}

/** Moving up needs this many correct answers in all and this overall accuracy (percent). */
export const PROMOTION: Record<
  Exclude<DifficultyLevel, 'beginner'>,
  { minCorrect: number; minAccuracy: number }
> = {
  intermediate: { minCorrect: 10, minAccuracy: 80 },
  advanced: { minCorrect: 30, minAccuracy: 85 },
};

/** The level after the member's latest counts: up one step on sustained accuracy, never down. */
export function nextDifficulty(
  level: DifficultyLevel,
  correctAnswers: number,
  flashcardsReviewed: number,
): DifficultyLevel {
  const next = DIFFICULTY_LEVELS[DIFFICULTY_LEVELS.indexOf(level) + 1] as
    | Exclude<DifficultyLevel, 'beginner'>
    | undefined;
  if (!next) return level;
  const rule = PROMOTION[next];
  const accuracy = learnerAccuracy(correctAnswers, flashcardsReviewed);
  return correctAnswers >= rule.minCorrect && accuracy >= rule.minAccuracy ? next : level;
}
