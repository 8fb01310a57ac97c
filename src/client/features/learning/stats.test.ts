import { describe, expect, it } from 'vitest';
import { communityStats, difficultyDistribution, languageDistribution } from './stats';

const learner = (
  learningLanguage: string,
  difficultyLevel: string,
  words: number,
  reviewed: number,
  correct: number,
) => ({
  learningLanguage,
  difficultyLevel,
  wordsLearned: words,
  flashcardsReviewed: reviewed,
  correctAnswers: correct,
});

describe('language learning figures', () => {
  const learners = [
    learner('es', 'beginner', 10, 20, 15),
    learner('es', 'advanced', 5, 10, 10),
    learner('xx', 'beginner', 0, 0, 0),
  ];

  it('sums words and flashcards and weighs accuracy by cards reviewed', () => {
    expect(communityStats(learners)).toEqual({
      activeLearners: 3,
      wordsLearned: 15,
      practiceSessions: 30,
      avgAccuracy: 83,
    });
    expect(communityStats([]).avgAccuracy).toBe(0);
  });

  it('counts learners per language with names, unknown codes upper-cased', () => {
    expect(languageDistribution(learners).map(({ name, value }) => [name, value])).toEqual([
      ['Spanish', 2],
      ['XX', 1],
    ]);
  });

  it('sums the smallest languages into Other beyond six, one colour each', () => {
    const many = ['es', 'es', 'fr', 'de', 'ja', 'ko', 'pt', 'ru'].map((code) =>
      learner(code, 'beginner', 0, 0, 0),
    );
    const slices = languageDistribution(many);
    expect(slices.map((s) => `${s.name}:${s.value}`)).toEqual([
      'Spanish:2',
      'French:1',
      'German:1',
      'Japanese:1',
      'Korean:1',
      'Other:2',
    ]);
    expect(new Set(slices.map((s) => s.color)).size).toBe(6);
  });

  it('always lists the three difficulty levels', () => {
    expect(difficultyDistribution(learners)).toEqual([
      { level: 'Beginner', learners: 2 },
      { level: 'Intermediate', learners: 0 },
      { level: 'Advanced', learners: 1 },
    ]);
  });
});
