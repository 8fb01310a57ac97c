import { sql } from 'drizzle-orm';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type Db, openDb, rawRun } from '../../../../db/client';
import { guilds } from '../../../../db/schema';
import { loadEnv } from '../../core/env';
import { cardLanguage, planLearning, saveLearning } from './learn';
import { drawFlashcard } from './practice';
import { findProgress, NOT_LEARNING, progressReport } from './progress';
import { answerQuestion, createQuiz, EXPIRED } from './quiz';
import { DECK, deckWord } from './deck';
import { QUESTION_TTL_MS } from './questions';

const day = (iso: string) => new Date(iso);

describe('languages of /learn', () => {
  it('cards use the member language, its base, or English', () => {
    expect(cardLanguage('fr')).toBe('fr');
    expect(cardLanguage('pt-BR')).toBe('pt');
    expect(cardLanguage('ar')).toBe('en');
  });
  it('accepts codes and names; refuses unknown, unsupported and own languages with a clear message', () => {
    expect(planLearning('es', 'en')).toEqual({ ok: true, learning: 'es', native: 'en' });
    expect(planLearning('Japanese', 'fr')).toMatchObject({ ok: true, learning: 'ja' });
    expect(planLearning('klingon', 'en')).toMatchObject({
      ok: false,
      message: expect.stringContaining('"klingon" is not a language I know'),
    });
    expect(planLearning('sw', 'en')).toEqual({ ok: true, learning: 'sw', native: 'en' });
    expect(planLearning('sw', 'sw')).toMatchObject({
      ok: false,
      message: expect.stringContaining('Swahili is your language'),
    });
    expect(planLearning('fr', 'fr')).toMatchObject({
      ok: false,
      message: expect.stringContaining('French is your language'),
    });
    expect(planLearning('en', 'ar')).toMatchObject({
      ok: false,
      message: expect.stringContaining('in English'),
    });
  });
});

describe('flashcards, quizzes and answers on a real SQLite file', () => {
  let dir: string;
  let db: Db;
  const G = '100';
  const U = '200';
  const t0 = day('2026-03-01T09:00:00Z');
  // Deterministic "random": always the first item.
  const first = () => 0;
  // No provider configured: the built-in deck only.
  const src = () => ({ db, env: loadEnv({}) });

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'learning-test-'));
    db = await openDb(join(dir, 'app.db'));
    await db.insert(guilds).values({ id: G, name: 'g' }).run();
  });
  afterEach(async () => {
    await db.$close();
    rmSync(dir, { recursive: true, force: true });
  });

  const start = async (lang = 'es', native = 'en') => {
    const plan = planLearning(lang, native);
    if (!plan.ok) throw new Error(plan.message);
    return await saveLearning(db, t0, { guildId: G, userId: U, username: 'u' }, plan);
  };

  it('nothing works before /learn, and nothing is written', async () => {
    expect(await drawFlashcard(src(), t0, first, G, U)).toEqual({ ok: false, message: NOT_LEARNING });
    expect(await createQuiz(src(), t0, first, G, U)).toEqual({ ok: false, message: NOT_LEARNING });
    expect(await progressReport(db, t0, G, U)).toEqual({ ok: false, message: NOT_LEARNING });
    expect(await findProgress(db, G, U)).toBeUndefined();
  });

  it('flashcards walk the deck in order, counting words, cards and the streak', async () => {
    await start();
    const a = await drawFlashcard(src(), t0, first, G, U);
    const b = await drawFlashcard(src(), new Date(t0.getTime() + 86_400_000), first, G, U);
    expect(a).toMatchObject({
      ok: true,
      prompt: 'hello',
      answer: 'hola',
      isNew: true,
      wordsLearned: 1,
      streak: 1,
    });
    expect(b).toMatchObject({ ok: true, prompt: 'goodbye', answer: 'adiós', wordsLearned: 2, streak: 2 });
    expect(await findProgress(db, G, U)).toMatchObject({
      flashcardsReviewed: 2,
      wordsLearned: 2,
      correctAnswers: 0,
      practiceStreak: 2,
    });
  });

  it('after the whole deck, cards are reviews of the member level', async () => {
    await start();
    await rawRun(db, sql`update learner_progress set words_learned = ${DECK.length}`);
    const card = await drawFlashcard(src(), t0, first, G, U);
    expect(card).toMatchObject({ ok: true, isNew: false, wordsLearned: DECK.length });
    if (card.ok) expect(deckWord(card.wordId)?.level).toBe('beginner');
  });

  it('a quiz has 4 distinct options of its level with the right one among them; answers count once', async () => {
    await start('de', 'fr');
    const q = await createQuiz(src(), t0, Math.random, G, U, 'advanced');
    if (!q.ok) throw new Error(q.message);
    expect(q.options).toHaveLength(4);
    expect(new Set(q.options).size).toBe(4);
    const word = DECK.find((w) => w.level === 'advanced' && w.text.fr === q.prompt)!;
    expect(q.options).toContain(word.text.de);
    expect(await findProgress(db, G, U)).toMatchObject({ flashcardsReviewed: 0 }); // nothing counted yet
    const right = q.options.indexOf(word.text.de);
    const r = await answerQuestion(db, t0, {
      guildId: G,
      userId: U,
      questionId: q.questionId,
      choice: right,
    });
    expect(r).toMatchObject({
      ok: true,
      correct: true,
      answer: word.text.de,
      accuracy: 100,
      flashcardsReviewed: 1,
    });
    expect(
      await answerQuestion(db, t0, { guildId: G, userId: U, questionId: q.questionId, choice: right }),
    ).toEqual({ ok: false, message: EXPIRED });
    expect(await findProgress(db, G, U)).toMatchObject({
      flashcardsReviewed: 1,
      correctAnswers: 1,
      practiceStreak: 1,
    });
  });

  it('a wrong answer names the right one; another member or an expired question writes nothing', async () => {
    await start();
    const q = await createQuiz(src(), t0, first, G, U);
    if (!q.ok) throw new Error(q.message);
    const right = q.options.indexOf('hola');
    const wrong = (right + 1) % 4;
    expect(
      await answerQuestion(db, t0, { guildId: G, userId: '999', questionId: q.questionId, choice: wrong }),
    ).toMatchObject({ ok: false });
    const r = await answerQuestion(db, t0, {
      guildId: G,
      userId: U,
      questionId: q.questionId,
      choice: wrong,
    });
    expect(r).toMatchObject({
      ok: true,
      correct: false,
      answer: 'hola',
      chosen: q.options[wrong],
      accuracy: 0,
    });
    const late = await createQuiz(src(), t0, first, G, U);
    if (!late.ok) throw new Error(late.message);
    const before = await findProgress(db, G, U);
    const after = new Date(t0.getTime() + QUESTION_TTL_MS + 1);
    expect(
      await answerQuestion(db, after, { guildId: G, userId: U, questionId: late.questionId, choice: 0 }),
    ).toEqual({ ok: false, message: EXPIRED });
    expect(await findProgress(db, G, U)).toEqual(before);
  });

  it('ten right answers at 100% move a beginner up to intermediate', async () => {
    await start();
    let promoted = null;
    for (let i = 0; i < 10; i++) {
      const q = await createQuiz(src(), t0, Math.random, G, U, 'beginner');
      if (!q.ok) throw new Error(q.message);
      const word = DECK.find((w) => w.level === 'beginner' && w.text.en === q.prompt)!;
      const r = await answerQuestion(db, t0, {
        guildId: G,
        userId: U,
        questionId: q.questionId,
        choice: q.options.indexOf(word.text.es),
      });
      if (r.ok && r.promoted) promoted = { at: i + 1, level: r.promoted };
    }
    expect(promoted).toEqual({ at: 10, level: 'intermediate' });
    expect(await progressReport(db, t0, G, U)).toMatchObject({
      difficultyLevel: 'intermediate',
      accuracy: 100,
      correctAnswers: 10,
    });
  });

  it('"I knew it" on a flashcard counts a correct answer; switching language starts fresh but keeps the streak', async () => {
    await start();
    const card = await drawFlashcard(src(), t0, first, G, U);
    if (!card.ok) throw new Error(card.message);
    expect(
      await answerQuestion(db, t0, { guildId: G, userId: U, questionId: card.questionId, choice: 0 }),
    ).toMatchObject({
      ok: true,
      kind: 'card',
      accuracy: 100,
    });
    const switched = await start('it');
    expect(switched.previous).toBe('es');
    expect(switched.progress).toMatchObject({
      learningLanguage: 'it',
      difficultyLevel: 'beginner',
      wordsLearned: 0,
      flashcardsReviewed: 0,
      practiceStreak: 1,
    });
  });
});
