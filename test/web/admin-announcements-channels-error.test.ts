import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { announcements } from '../../db/schema';
import { type Browser, launchBrowser, type Page, startWebServer } from '../helpers/browser';
import { seedChannels, seedGuild } from '../helpers/guilds';
import type { TestServer } from '../helpers/server';
import { adminPage, screenshotMatrix } from './admin-screens-helpers';

/**
 * The Create Announcement dialog when this server's channel list cannot be loaded: a clear error
 * with Retry, and no channel id to type (the server takes only the synced channels). The list is
 * served from what the bot synced (guilds.channels, not a call to Discord), so the failure is the
 * browser's request itself failing (the connection dropped), for as long as the test says.
 */
let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startWebServer(), launchBrowser()]);
  for (const id of ['g-chanfail', 'g-chanfail-shots'])
    await seedGuild(server.services, id, { plan: 'ultimate' });
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/**
 * While `failing()` says so, the page's own request for the channel list alone (the dialog asks
 * again on opening while none are known) fails as a dropped connection would.
 */
async function dropChannelRequests(page: Page, failing: () => boolean) {
  await page.route(
    (url) => url.pathname === '/trpc/guilds.channels',
    async (route) => (failing() ? await route.abort('connectionreset') : await route.continue()),
  );
}

async function openCreate(page: Page) {
  await page.getByText('No announcements yet').waitFor();
  await page.getByRole('button', { name: 'Create Announcement' }).first().click();
  return page.getByRole('dialog', { name: 'Create Announcement' });
}

describe('Create Announcement without a channel list', () => {
  it('says the channels could not be loaded, offers Retry and no id field; Retry brings the pickers back', async () => {
    let failing = false;
    const page = await adminPage(browser, server, '/admin/announcements?guildId=g-chanfail', {
      beforeGoto: (p) => dropChannelRequests(p, () => failing),
    });
    await page.getByText('No announcements yet').waitFor();
    // The bot syncs the channels after the page loaded; the dialog asks for them again, and fails.
    await seedChannels(server.services, 'g-chanfail', [{ id: '200000000000000011', name: 'anuncios' }]);
    failing = true;
    const dialog = await openCreate(page);
    const alert = dialog.getByTestId('channels-error');
    await alert.getByText("This server's channels could not be loaded").waitFor();
    // No channel id to type, no picker, nothing to create.
    expect(await dialog.getByPlaceholder(/Channel ID/).count()).toBe(0);
    expect(await dialog.getByLabel('Spanish channel').count()).toBe(0);
    await dialog.getByLabel('Announcement').fill('Server maintenance tonight');
    expect(await dialog.getByRole('button', { name: 'Create', exact: true }).isDisabled()).toBe(true);

    // Retry while the connection still fails: the error stays.
    const retry = alert.getByRole('button', { name: 'Retry' });
    const dropped = page.waitForEvent('requestfailed', (r) => r.url().includes('/trpc/guilds.channels'));
    await retry.click();
    await dropped;
    await expect.poll(() => retry.getAttribute('data-loading')).toBeNull();
    expect(await alert.isVisible()).toBe(true);

    failing = false;
    await retry.click();
    await alert.waitFor({ state: 'detached' });
    for (const lang of ['French', 'German']) {
      await dialog.locator('.mantine-Pill-root', { hasText: lang }).locator('.mantine-Pill-remove').click();
    }
    await dialog.getByLabel('Spanish channel').click();
    await page.getByRole('option', { name: '#anuncios' }).click();
    await dialog.getByRole('button', { name: 'Create', exact: true }).click();
    await page
      .getByText(/^Draft saved/)
      .first()
      .waitFor();
    const stored = await server.services.db
      .select()
      .from(announcements)
      .where(eq(announcements.guildId, 'g-chanfail'))
      .all();
    expect(stored.map((a) => a.targetChannels)).toEqual([
      [{ language: 'es', channelId: '200000000000000011' }],
    ]);
    await page.context().close();
  });

  it('screenshots the error state, dark and light, desktop and phone', async () => {
    const errors = await screenshotMatrix(
      browser,
      server,
      'announcements-channels-error',
      { create: '/admin/announcements?guildId=g-chanfail-shots' },
      async (page) => {
        await dropChannelRequests(page, () => true);
        const dialog = await openCreate(page);
        await dialog.getByTestId('channels-error').getByRole('button', { name: 'Retry' }).waitFor();
      },
    );
    expect(errors).toEqual([]);
  });
});
