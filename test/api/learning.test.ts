import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { guilds, learnerProgress } from '../../db/schema';
import { createCaller } from '../../src/server/app/router';
import { seedGuild } from '../helpers/guilds';
import { startTestServer, type TestServer } from '../helpers/server';

let s: TestServer;
const LEVELS = ['beginner', 'intermediate', 'advanced'] as const;

async function learner(guildId: string, userId: string, words: number, reviewed: number, correct: number) {
  await s.services.db.insert(guilds).values({ id: guildId }).onConflictDoNothing().run();
  await s.services.db
    .insert(learnerProgress)
    .values({
      guildId,
      userId,
      username: `name-${userId}`,
      learningLanguage: words % 2 ? 'ja' : 'es',
      nativeLanguage: 'en',
      difficultyLevel: LEVELS[words % 3],
      wordsLearned: words,
      practiceStreak: words % 5,
      flashcardsReviewed: reviewed,
      correctAnswers: correct,
    })
    .run();
}

beforeAll(async () => {
  s = await startTestServer({
    guilds: [
      { id: '888', plan: 'plus' },
      { id: '889', plan: 'plus' },
      { id: 'default', plan: 'plus' },
    ],
  });
  for (let i = 0; i < 12; i++) await learner('888', `m${i}`, 10 + i * 7, 60, 45);
  await learner('888', 'zero', 3, 0, 0);
  await learner('888', 'third', 5, 3, 2);
  await learner('889', 'solo', 40, 10, 9);
  await learner('890', 'solo', 15, 0, 0);
  await learner('default', 'me', 20, 4, 1);
});
afterAll(() => s.close());

const api = (path: string) => s.api(path, { admin: true });

describe('GET /api/language-learning/learners/:guildOrUserId', () => {
  it("lists a guild's learners, most words first, with accuracy", async () => {
    const res = await api('/api/language-learning/learners/888');
    expect(res.status).toBe(200);
    expect(res.json).toHaveLength(14);
    expect(res.json[0]).toMatchObject({
      userId: 'm11',
      wordsLearned: 87,
      flashcardsReviewed: 60,
      accuracy: 75,
    });
    const words = res.json.map((l: { wordsLearned: number }) => l.wordsLearned);
    expect(words).toEqual([...words].sort((a, b) => b - a));
    const byUser = Object.fromEntries(
      res.json.map((l: { userId: string; accuracy: number }) => [l.userId, l.accuracy]),
    );
    expect(byUser.zero).toBe(0); // nothing reviewed
    expect(byUser.third).toBe(67); // 2 of 3, rounded
    expect(res.json[0]).toMatchObject({
      learningLanguage: 'ja',
      nativeLanguage: 'en',
      difficultyLevel: 'beginner',
    });
  });

  it('answers 403 for an id that is not a server the bot is in, and 403 naming Plus on a Free server', async () => {
    const res = await api('/api/language-learning/learners/solo');
    expect(res.status).toBe(403);
    expect(res.json.error).toMatch(/may not manage this server/);
    const free = await api('/api/language-learning/learners/890');
    expect(free.status).toBe(403);
    expect(free.json).toEqual({
      error: 'Language learning needs the Plus plan; upgrade this server to use it',
      locked: { capability: 'learning', plan: 'plus' },
    });
  });

  it("reads the default guild for the dashboard's literal 'default'", async () => {
    const res = await api('/api/language-learning/learners/default');
    expect(res.json).toEqual([expect.objectContaining({ userId: 'me', accuracy: 25 })]);
  });

  it('rejects a malformed id with 400 and needs credentials', async () => {
    const bad = await api('/api/language-learning/learners/not%20an%20id');
    expect(bad.status).toBe(400);
    expect(bad.json.error).toContain('guildOrUserId');
    expect((await s.api('/api/language-learning/learners/888')).status).toBe(401);
  });
});

describe('GET /api/language-learning/progress/:serverId/:userId', () => {
  it("gives one member's progress with accuracy", async () => {
    const res = await api('/api/language-learning/progress/888/third');
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ guildId: '888', userId: 'third', wordsLearned: 5, accuracy: 67 });
    const mine = await api('/api/language-learning/progress/default/me');
    expect(mine.json).toMatchObject({ userId: 'me', accuracy: 25 });
  });

  it('answers null for a member who never started, and in another guild', async () => {
    const res = await api('/api/language-learning/progress/888/stranger');
    expect(res.status).toBe(200);
    expect(res.json).toBeNull();
    expect((await api('/api/language-learning/progress/888/solo')).json).toBeNull();
  });

  it('rejects malformed ids with 400 and needs credentials', async () => {
    const bad = await api('/api/language-learning/progress/888/a%20b');
    expect(bad.status).toBe(400);
    expect(bad.json.error).toContain('userId');
    const badServer = await api('/api/language-learning/progress/%24%24/me');
    expect(badServer.status).toBe(400);
    expect(badServer.json.error).toContain('serverId');
    expect((await s.api('/api/language-learning/progress/888/third')).status).toBe(401);
  });
});

describe('one member pressing at the same moment (the bot handles interactions concurrently)', () => {
  it('/learn, /practice and quiz answers at once: one progress row, and every card and answer counted', async () => {
    const guildId = '891';
    await seedGuild(s.services, guildId, { plan: 'plus' });
    const bot = createCaller({ ...s.services, actor: { kind: 'bot' }, clientIp: '127.0.0.1' });
    const userId = '4242';
    // A warm pool (as in production): each call has its connection at once.
    await Promise.all([1, 2, 3, 4].map(() => bot.learning.bot.learnChoices({ query: 'es' })));
    await Promise.all([1, 2, 3, 4].map(() => bot.learning.bot.progress({ guildId, userId })));

    const learn = () =>
      bot.learning.bot.learn({ guildId, userId, username: 'racer', locale: 'en-US', language: 'es' });
    const learned = await Promise.all([learn(), learn(), learn()]);
    expect(learned.every((l) => l.ok)).toBe(true);

    const cards = await Promise.all([1, 2, 3, 4].map(() => bot.learning.bot.practice({ guildId, userId })));
    const words = cards.map((c) => (c.ok ? c.wordId : c.message));
    expect(new Set(words).size).toBe(4);

    const quizzes = [];
    for (let i = 0; i < 4; i++) quizzes.push(await bot.learning.bot.quiz({ guildId, userId }));
    await Promise.all(
      quizzes.map((q) =>
        bot.learning.bot.answer({ guildId, userId, questionId: q.ok ? q.questionId : '', choice: 0 }),
      ),
    );
    const progress = await api(`/api/language-learning/progress/${guildId}/${userId}`);
    expect(progress.json).toMatchObject({ wordsLearned: 4, flashcardsReviewed: 8 });
  });
});
