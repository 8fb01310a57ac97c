import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../../db/demo';
import { type Browser, holdRequests, launchBrowser, startWebServer } from '../helpers/browser';
import type { TestServer } from '../helpers/server';
import { adminPage, insertGuild, screenshotMatrix } from './admin-screens-helpers';

let server: TestServer;
let browser: Browser;
beforeAll(async () => {
  [server, browser] = await Promise.all([startWebServer(), launchBrowser()]);
  await seedDemo(server.services.db, 'demo1', new Date());
  await insertGuild(server, 'empty1');
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('Dashboard screen', () => {
  it('shows a 4-card skeleton while the stats load', async () => {
    // Start on another screen so the shell (and its own calls) is loaded, then hold the stats call.
    const page = await adminPage(browser, server, '/admin/translation?guildId=demo1');
    await page.getByRole('heading', { name: 'Translation Settings' }).waitFor();
    const release = await holdRequests(page, '**/trpc/stats.guild*');
    await page
      .getByRole('navigation', { name: 'Navigation' })
      .getByRole('link', { name: 'Dashboard' })
      .click();
    const skeleton = page.getByTestId('stat-grid-skeleton');
    await skeleton.waitFor();
    expect(await skeleton.getByTestId('skeleton-card').count()).toBe(4);
    release();
    await page.getByText('Total Translations').waitFor();
    expect(await skeleton.count()).toBe(0);
    await page.context().close();
  });

  it("shows the guild's own figures, the weekly chart, recent translations and top languages", async () => {
    const stats = (await server.api('/api/stats?guildId=demo1', { admin: true })).json;
    const activity = (await server.api('/api/activity?guildId=demo1', { admin: true })).json;
    expect(stats.hasData).toBe(true);
    const page = await adminPage(browser, server, '/admin?guildId=demo1');
    const cards = page.getByTestId('stat-card');
    await cards.first().waitFor();
    expect(await cards.count()).toBe(4);
    const total = cards.filter({ hasText: 'Total Translations' });
    expect(await total.textContent()).toContain(stats.totalTranslations.toLocaleString('en-US'));
    expect(await cards.filter({ hasText: 'Linked Channels' }).textContent()).toContain(
      String(stats.linkedChannels),
    );
    expect(await cards.filter({ hasText: 'Active Users' }).textContent()).toContain(
      stats.activeUsers.toLocaleString('en-US'),
    );
    expect(await page.getByTestId('sample-badge').count()).toBe(0);
    for (const day of ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun']) {
      await page.locator('.recharts-cartesian-axis-tick-value', { hasText: day }).first().waitFor();
    }
    expect(await page.getByTestId('recent-translation').count()).toBe(activity.recent.length);
    expect(await page.getByTestId('top-language').count()).toBe(activity.topLanguages.length);
    await page.context().close();
  });

  it('marks the fallback sample figures when the guild has no data', async () => {
    const page = await adminPage(browser, server, '/admin?guildId=empty1');
    await page.getByTestId('sample-badge').waitFor();
    await page.getByText('These are sample figures').waitFor();
    const total = page.getByTestId('stat-card').filter({ hasText: 'Total Translations' });
    expect(await total.textContent()).toContain('+12%');
    expect(await page.getByTestId('stat-card').filter({ hasText: 'Active Users' }).textContent()).toContain(
      '+8%',
    );
    expect(await page.getByTestId('recent-translation').count()).toBeGreaterThan(0);
    await page.context().close();
  });

  it('screenshots: demo data and empty, dark and light, desktop and phone', async () => {
    const errors = await screenshotMatrix(
      browser,
      server,
      'dashboard',
      { data: '/admin?guildId=demo1', empty: '/admin?guildId=empty1' },
      async (page) => {
        await page.locator('.recharts-line-curve').first().waitFor();
      },
    );
    expect(errors).toEqual([]);
  }, 180_000);
});
