import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Browser, launchBrowser, startWebServer } from '../helpers/browser';
import { countUntranslated } from '../../src/server/features/translation/untranslated';
import { countSkippedTrivial } from '../../src/server/features/translation/skipped';
import { translationLogs } from '../../db/schema';
import { seedGuild } from '../helpers/guilds';
import type { TestServer } from '../helpers/server';
import { insertLogs, type Log, SAMPLE_LOGS, SAMPLE_NOW } from '../helpers/translation-logs';
import {
  adminPage,
  expectSkeletonWhileLoading,
  insertGuild,
  screenshotMatrix,
  seedDemoGuild,
} from './admin-screens-helpers';

let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  // The operator's Gemini with DeepL as its fallback (no call is made: the providers card names the
  // lanes of the logs below by their role).
  [server, browser] = await Promise.all([
    startWebServer({
      env: { GEMINI_API_KEY: 'operator-key', DEEPL_API_KEY: 'deepl-key:fx', TRANSLATION_FALLBACK: 'deepl' },
    }),
    launchBrowser(),
  ]);
  // These screens belong to paid plans: the servers here are on Ultimate (the plan table).
  for (const id of ['g-stats', 'g-many', 'g-empty', 'g-demo', 'g-prov'])
    await seedGuild(server.services, id, { plan: 'ultimate' });
  // The sample logs moved to end today (same hours), so the 30-day trend shows them.
  const DAY = 86_400_000;
  const shift = Math.floor(Date.now() / DAY) * DAY - Math.floor(SAMPLE_NOW.getTime() / DAY) * DAY;
  const recent = SAMPLE_LOGS.map(
    (l): Log => [...l.slice(0, 4), new Date(Date.parse(l[4]) + shift).toISOString(), ...l.slice(5)] as Log,
  );
  await insertLogs(server, 'g-stats', recent);
  // Twelve translators: the table stops at ten.
  const many: Log[] = Array.from({ length: 12 }, (_, i) => [
    `m${i}`,
    `member${String(i).padStart(2, '0')}`,
    'en',
    'es',
    '2026-03-17T10:00:00Z',
    150,
  ]);
  await insertLogs(server, 'g-many', many);
  await insertGuild(server, 'g-empty');
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('Advanced Analytics', () => {
  it('shows quality, trend, languages, hourly activity, translators and pairs of the guild', async () => {
    const page = await adminPage(browser, server, '/admin/analytics?guildId=g-stats');
    await page.getByRole('heading', { name: 'Advanced Analytics' }).waitFor();
    await page.getByTestId('top-translators').waitFor();
    const cards = await page.getByTestId('stat-card').allInnerTexts();
    // 12 ok and 1 error (the rate-limited one is not an attempt); 2,700 ms over 12.
    expect(cards[0]).toMatch(/Total Translations\s+12/);
    expect(cards[1]).toMatch(/Success Rate\s+92\.3%/);
    expect(cards[2]).toMatch(/Avg Response Time\s+225 ms/);
    expect(cards[3]).toMatch(/Error Rate\s+7\.7%/);
    expect(await page.getByText('Sample data').count()).toBe(0);

    await page.getByText('Translation Trend').waitFor();
    await page.locator('.recharts-area-area').first().waitFor();
    // Targets es, en, fr, ja.
    expect(await page.locator('.recharts-pie-sector').count()).toBe(4);
    await page.getByText('Spanish (42%)').waitFor();
    await page.getByText('Hourly Activity').waitFor();
    expect(await page.locator('.recharts-bar-rectangle').count()).toBeGreaterThan(0);

    const translators = page.getByTestId('top-translators').locator('tbody tr');
    expect(await translators.allInnerTexts()).toEqual([
      expect.stringMatching(/1\s+Alice\s+5\s+100%/),
      expect.stringMatching(/2\s+Bob\s+4\s+80%/),
      expect.stringMatching(/3\s+Eve\s+2\s+100%/),
      // u3's translation carried no name: an unknown member, not the id shown as a name.
      expect.stringMatching(/4\s+Unknown member\s+1\s+100%/),
    ]);
    const pairs = page.getByTestId('language-pairs').locator('tbody tr');
    await pairs.first().getByText('EN → ES').waitFor();
    const deRow = pairs.filter({ hasText: 'EN → DE' });
    expect(await deRow.textContent()).toMatch(/0%/);
    await page.context().close();
  });

  it('lists the messages marked as not translated in time, per reason, with those copied later, and the short chatter skipped', async () => {
    const now = new Date();
    for (let i = 0; i < 3; i++)
      await countUntranslated(server.services.db, 'g-stats', 'overloaded', 'marked', now);
    for (let i = 0; i < 2; i++)
      await countUntranslated(server.services.db, 'g-stats', 'overloaded', 'recovered', now);
    await countUntranslated(server.services.db, 'g-stats', 'paused', 'marked', now);
    // Short chatter skipped: 2 today, 1 forty days ago (outside the 30 days).
    await countSkippedTrivial(server.services.db, 'g-stats', now);
    await countSkippedTrivial(server.services.db, 'g-stats', now);
    await countSkippedTrivial(server.services.db, 'g-stats', new Date(now.getTime() - 40 * 86_400_000));
    const page = await adminPage(browser, server, '/admin/analytics?guildId=g-stats');
    const rows = page.getByTestId('untranslated').locator('tbody tr');
    await rows.first().waitFor();
    const texts = await rows.allInnerTexts();
    expect(texts.find((t) => t.includes('🕓'))).toMatch(/Busy[\s\S]*\s3\s+2$/);
    expect(texts.find((t) => t.includes('⏸️'))).toMatch(/Paused[\s\S]*\s1\s+0$/);
    expect(texts.find((t) => t.includes('⚠️'))).toMatch(/Provider down[\s\S]*\s0\s+0$/);
    expect(await page.getByTestId('untranslated-none').count()).toBe(0);
    expect(await page.getByTestId('skipped-trivial').textContent()).toMatch(/^2 short chatter messages/);
    await page.context().close();
    // A server without marks says so.
    const empty = await adminPage(browser, server, '/admin/analytics?guildId=g-empty');
    await empty.getByTestId('untranslated-none').waitFor();
    expect(await empty.getByTestId('skipped-trivial').textContent()).toMatch(/^0 short chatter messages/);
    await empty.context().close();
  });

  it('shows which provider served each share: names and roles, share bars, characters and errors; an empty state', async () => {
    const at = new Date();
    const log = (provider: string | null, outcome: 'ok' | 'error', characters: number) =>
      server.services.db
        .insert(translationLogs)
        .values({
          guildId: 'g-prov',
          sourceLanguage: 'en',
          targetLanguage: 'es',
          characters,
          outcome,
          provider,
          createdAt: at,
        })
        .run();
    for (let i = 0; i < 3; i++) await log('gemini:gemini-2.5-flash', 'ok', 100);
    await log('gemini:gemini-2.5-flash', 'error', 50);
    await log('deepl:deepl', 'ok', 70);
    await log('own:openai-compatible:llama-3', 'ok', 1234);
    const page = await adminPage(browser, server, '/admin/analytics?guildId=g-prov');
    const rows = page.getByTestId('provider-row');
    await rows.first().waitFor();
    expect(await rows.allInnerTexts()).toEqual([
      expect.stringMatching(
        /^Gemini · gemini-2\.5-flash\s+Operator's provider\s+60%\s+3 translations · 300 characters · 1 error$/,
      ),
      expect.stringMatching(
        /^DeepL\s+Fallback, while the first provider was down\s+20%\s+1 translation · 70 characters · 0 errors$/,
      ),
      expect.stringMatching(
        /^OpenAI-compatible · llama-3\s+Your server's own key\s+20%\s+1 translation · 1,234 characters · 0 errors$/,
      ),
    ]);
    // Each bar says what it shows to a screen reader.
    await page.getByRole('progressbar', { name: 'Gemini · gemini-2.5-flash: 60% of translations' }).waitFor();
    expect(await page.getByTestId('providers-none').count()).toBe(0);
    await page.context().close();
    const empty = await adminPage(browser, server, '/admin/analytics?guildId=g-empty');
    await empty.getByTestId('providers-none').waitFor();
    expect(await empty.getByTestId('providers').count()).toBe(0);
    await empty.context().close();
  });

  it('lists at most 10 top translators', async () => {
    const page = await adminPage(browser, server, '/admin/analytics?guildId=g-many');
    const rows = page.getByTestId('top-translators').locator('tbody tr');
    await rows.first().waitFor();
    expect(await rows.count()).toBe(10);
    await page.context().close();
  });

  it('marks the fallback 97.8% / 2.2% as sample data when the guild has no translations', async () => {
    const page = await adminPage(browser, server, '/admin/analytics?guildId=g-empty');
    await page.getByText('Sample data').waitFor();
    const cards = await page.getByTestId('stat-card').allInnerTexts();
    expect(cards[0]).toMatch(/Total Translations\s+0/);
    expect(cards[1]).toMatch(/Success Rate\s+97\.8%/);
    expect(cards[3]).toMatch(/Error Rate\s+2\.2%/);
    await page.getByText('No one has translated a message yet').waitFor();
    await page.getByText('No language pairs yet').waitFor();
    await page.context().close();
  });

  it('shows a loading skeleton until the data arrives', async () => {
    await expectSkeletonWhileLoading(
      browser,
      server,
      '/admin/analytics?guildId=g-stats',
      'stat-grid-skeleton',
    );
  });

  it('looks finished with data and empty, dark and light, desktop and phone', async () => {
    await seedDemoGuild(server, 'g-demo');
    for (const [reason, marked, recovered] of [
      ['overloaded', 7, 6],
      ['unavailable', 3, 3],
      ['queue_full', 1, 0],
    ] as const) {
      for (let i = 0; i < marked; i++)
        await countUntranslated(server.services.db, 'g-demo', reason, 'marked', new Date());
      for (let i = 0; i < recovered; i++)
        await countUntranslated(server.services.db, 'g-demo', reason, 'recovered', new Date());
    }
    const errors = await screenshotMatrix(
      browser,
      server,
      'analytics',
      { demo: '/admin/analytics?guildId=g-demo', empty: '/admin/analytics?guildId=g-empty' },
      async (page, kind) => {
        if (kind === 'demo') {
          await page.getByTestId('top-translators').waitFor();
          await page.getByTestId('untranslated').waitFor();
          await page.getByTestId('providers').waitFor();
          await page.locator('.recharts-area-area').first().waitFor({ state: 'attached' });
        } else {
          await page.getByText('Sample data').waitFor();
        }
      },
    );
    expect(errors).toEqual([]);
  }, 180_000);
});
