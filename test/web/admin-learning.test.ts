import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { learnerProgress } from '../../db/schema';
import { createSession, SESSION_COOKIE } from '../../src/server/core/admin-token';
import { type Browser, blankPage, launchBrowser, startWebServer } from '../helpers/browser';
import { seedGuild } from '../helpers/guilds';
import type { TestServer } from '../helpers/server';
import {
  adminPage,
  expectSkeletonWhileLoading,
  insertGuild,
  screenshotMatrix,
  seedDemoGuild,
} from './admin-screens-helpers';

let server: TestServer;
let browser: Browser;

const NAMES = [
  'maria',
  'kenji',
  'lena',
  'omar',
  'sofia',
  'yuki',
  'pierre',
  'ana',
  'li',
  'ivan',
  'eva',
  'tom',
  'zoe',
];
const LANGS = ['es', 'ja', 'fr', 'de', 'es', 'ko', 'ja', 'fr', 'es', 'pt', 'it', 'xx', 'es'];
const LEVELS = ['beginner', 'intermediate', 'advanced'] as const;

beforeAll(async () => {
  [server, browser] = await Promise.all([startWebServer(), launchBrowser()]);
  // These screens belong to paid plans: the servers here are on Ultimate (the plan table).
  for (const id of ['g-learn', 'g-empty', 'g-demo'])
    await seedGuild(server.services, id, { plan: 'ultimate' });
  await insertGuild(server, 'g-learn');
  await insertGuild(server, 'g-empty');
  await server.services.db
    .insert(learnerProgress)
    .values(
      NAMES.map((username, i) => ({
        guildId: 'g-learn',
        userId: `40000000000000000${String(i).padStart(2, '0')}`,
        username,
        learningLanguage: LANGS[i],
        nativeLanguage: i % 2 ? 'en' : 'pt',
        difficultyLevel: LEVELS[i % 3],
        // maria (the first) logs in with Discord below: the journey card is hers.
        wordsLearned: 500 - i * 30,
        practiceStreak: i % 4 === 3 ? 0 : 12 - i,
        flashcardsReviewed: 200 - i * 10,
        correctAnswers: 150 - i * 10,
      })),
    )
    .run();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('Language Learning', () => {
  it("shows the logged-in member's journey card, the community figures, charts and the first 10 learners", async () => {
    // Maria logged in with Discord and manages g-learn (her session as Discord last listed it).
    const { cookieValue } = await createSession(server.services.db, new Date(), {
      discordUserId: '4000000000000000000',
      username: 'maria',
      avatar: null,
      accessToken: 'unused-here',
      guilds: [
        { id: 'g-learn', name: 'Guild g-learn', icon: null, owner: false, permissions: String(1 << 5) },
      ],
    });
    const page = await blankPage(browser, { theme: 'dark' });
    page.context().setDefaultTimeout(30_000);
    await page.context().addCookies([{ name: SESSION_COOKIE, value: cookieValue, url: server.url }]);
    await page.goto(`${server.url}/admin/language-learning?guildId=g-learn`);
    await page.getByText('Track your progress and help others learn languages').waitFor();
    const journey = page.getByTestId('journey-card');
    await journey.getByText('Your Learning Journey').waitFor();
    await journey.getByText('Learning Spanish').waitFor();
    await journey.getByText('75%').waitFor(); // 150 / 200
    await journey.getByText('12 days').waitFor();

    const words = NAMES.reduce((s, _n, i) => s + 500 - i * 30, 0);
    const cards = await page.getByTestId('stat-card').allInnerTexts();
    expect(cards[0]).toMatch(/Active Learners\s+13/);
    expect(cards[1]).toMatch(new RegExp(`Words Learned\\s+${words.toLocaleString('en-US')}`));
    expect(cards[2]).toMatch(/Practice Sessions\s+1,820/);
    expect(cards[3]).toMatch(/Avg Accuracy\s+64%/); // 1,170 correct of 1,820

    const rows = page.getByTestId('learner-row');
    expect(await rows.count()).toBe(10);
    await page.getByText('And 3 more learners...').waitFor();
    await rows.first().getByText('maria').waitFor();
    expect(await rows.getByText('eva').count()).toBe(0);
    // A flame only where the streak is above 0 (omar and pierre have none).
    expect(await rows.getByTestId('streak-flame').count()).toBe(8);
    await page.getByText('How to Use Language Learning').waitFor();
    for (const c of ['/learn [language]', '/practice', '/quiz [difficulty]', '/progress']) {
      await page.getByText(c, { exact: true }).first().waitFor();
    }
    // Eight languages: the five largest, then the rest summed as Other (six colours).
    expect(await page.locator('.recharts-pie-sector').count()).toBe(6);
    await page.getByText('Spanish: 4').waitFor();
    await page.getByText('Other: 3').waitFor();
    await page.context().close();
  });

  it('explains how to start when nobody learns yet', async () => {
    const page = await adminPage(browser, server, '/admin/language-learning?guildId=g-empty');
    await page
      .getByTestId('start-learning')
      .getByText('130+ supported languages', { exact: false })
      .waitFor();
    expect(await page.getByText('/learn [language]').count()).toBe(1);
    expect(await page.getByText('How to Use Language Learning').count()).toBe(0);
    expect(await page.getByTestId('learner-row').count()).toBe(0);
    const cards = await page.getByTestId('stat-card').allInnerTexts();
    expect(cards[0]).toMatch(/Active Learners\s+0/);
    await page.context().close();
  });

  it('shows a loading skeleton until the data arrives', async () => {
    await expectSkeletonWhileLoading(
      browser,
      server,
      '/admin/language-learning?guildId=g-learn',
      'stat-grid-skeleton',
    );
  });

  it('looks finished with data and empty, dark and light, desktop and phone', async () => {
    await seedDemoGuild(server, 'g-demo');
    const errors = await screenshotMatrix(
      browser,
      server,
      'learning',
      { demo: '/admin/language-learning?guildId=g-demo', empty: '/admin/language-learning?guildId=g-empty' },
      async (page, kind) => {
        if (kind === 'demo') {
          await page.getByText(/And \d+ more learners/).waitFor();
          await page.locator('.recharts-bar-rectangle').first().waitFor({ state: 'attached' });
        } else {
          await page.getByText('Start Learning').waitFor();
        }
      },
    );
    expect(errors).toEqual([]);
  }, 180_000);
});
