import { languageName } from '../../../common/languages';
import { DIFFICULTY_LEVELS } from '../../../common/learning/schemas';
import { chartSlices } from '../../lib/chart-slices';

export interface LearnerLike {
  learningLanguage: string;
  difficultyLevel: string;
  wordsLearned: number;
  flashcardsReviewed: number;
  correctAnswers: number;
}

export const DIFFICULTY_LABELS: Record<string, string> = {
  beginner: 'Beginner',
  intermediate: 'Intermediate',
  advanced: 'Advanced',
};

/** Community figures of the stat cards. */
export function communityStats(learners: LearnerLike[]) {
  const words = learners.reduce((sum, l) => sum + l.wordsLearned, 0);
  const reviewed = learners.reduce((sum, l) => sum + l.flashcardsReviewed, 0);
  const correct = learners.reduce((sum, l) => sum + l.correctAnswers, 0);
  return {
    activeLearners: learners.length,
    wordsLearned: words,
    practiceSessions: reviewed,
    // Correct answers over flashcards reviewed across the community, as a rounded percent.
    avgAccuracy: reviewed > 0 ? Math.round((correct / reviewed) * 100) : 0,
  };
}

/**
 * Learners per learning language, most learners first, for the pie chart. Beyond six languages
 * the smallest are summed into 'Other', so each slice keeps its own colour of the six.
 */
export function languageDistribution(learners: LearnerLike[]) {
  const counts = new Map<string, number>();
  for (const l of learners) counts.set(l.learningLanguage, (counts.get(l.learningLanguage) ?? 0) + 1);
  const sorted = [...counts.entries()]
    .sort((a, b) => b[1] - a[1])
    .map(([code, value]) => ({ name: languageName(code), value }));
  return chartSlices(sorted);
}

/** Learners per difficulty level, always the three levels in order, for the bar chart. */
export function difficultyDistribution(learners: LearnerLike[]) {
  return DIFFICULTY_LEVELS.map((level) => ({
    level: DIFFICULTY_LABELS[level],
    learners: learners.filter((l) => l.difficultyLevel === level).length,
  }));
}
