import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Browser, launchBrowser, startWebServer } from '../helpers/browser';
import { seedGuild } from '../helpers/guilds';
import type { TestServer } from '../helpers/server';
import { screenshotMatrix } from './admin-screens-helpers';

/**
 * Screens of capabilities the Free plan lacks show the lock card the other screens use (issue 26):
 * the plan that unlocks them and Upgrade, never a red "Failed to fetch" alert nor a Create button.
 */
let server: TestServer;
let browser: Browser;
beforeAll(async () => {
  [server, browser] = await Promise.all([startWebServer(), launchBrowser()]);
  await seedGuild(server.services, 'g-free', { plan: 'free' });
});
afterAll(async () => {
  await Promise.all([server?.close(), browser?.close()]);
});

const SCREENS = {
  announcements: {
    path: '/admin/announcements?guildId=g-free',
    lock: 'Smart announcements needs the Plus plan',
  },
  analytics: { path: '/admin/analytics?guildId=g-free', lock: 'Analytics needs the Plus plan' },
  learning: {
    path: '/admin/language-learning?guildId=g-free',
    lock: 'Language learning needs the Plus plan',
  },
} as const;

describe('locked screens on the Free plan', { timeout: 120_000 }, () => {
  it('show the lock card with Upgrade, no error alert, no create button (dark and light, desktop and phone)', async () => {
    const errors = await screenshotMatrix(
      browser,
      server,
      'locked',
      Object.fromEntries(Object.entries(SCREENS).map(([k, v]) => [k, v.path])) as Record<
        keyof typeof SCREENS,
        string
      >,
      async (page, kind) => {
        const screen = SCREENS[kind];
        await page.getByText(screen.lock).waitFor();
        await page.getByRole('link', { name: 'Upgrade to Plus' }).waitFor();
        expect(await page.getByText(/Failed to fetch/).count()).toBe(0);
        expect(await page.locator('.mantine-Alert-root').count()).toBe(0);
        expect(await page.getByRole('button', { name: /Create Announcement/ }).count()).toBe(0);
        // One lock card: the exchange panel's own lock does not repeat it under Language Learning.
        expect(await page.getByText(/needs the .* plan/).count()).toBe(1);
      },
    );
    expect(errors).toEqual([]);
  });
});
