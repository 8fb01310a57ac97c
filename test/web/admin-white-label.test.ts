import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { whiteLabel } from '../../db/schema';
import { type Browser, launchBrowser, shot, startWebServer } from '../helpers/browser';
import { seedGuild } from '../helpers/guilds';
import type { TestServer } from '../helpers/server';
import { adminPage, screenshotMatrix } from './admin-screens-helpers';

/** The White-label card of Bot Settings (Ultimate): the form, its live preview, save and reset, the lock card. */

const PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startWebServer(), launchBrowser()]);
  for (const id of ['g-brand', 'g-plain']) await seedGuild(server.services, id, { plan: 'ultimate' });
  await seedGuild(server.services, 'g-pro', { plan: 'pro' });
  const now = new Date();
  await server.services.db
    .insert(whiteLabel)
    .values({
      guildId: 'g-brand',
      nickname: 'Mochi',
      bio: 'Your friendly helper in every language',
      avatar: PNG,
      brandColor: 0xff8800,
      footer: 'Mochi Community',
      updatedAt: now,
      appliedAt: now,
    })
    .run();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const card = (page: Awaited<ReturnType<typeof adminPage>>) => page.getByTestId('white-label');

describe('White-label card', () => {
  it('shows the saved look, applied in Discord, in the preview', async () => {
    const page = await adminPage(browser, server, '/admin/settings?guildId=g-brand');
    await card(page).getByText('Applied in Discord').waitFor();
    const preview = page.getByTestId('white-label-preview');
    expect(await preview.getByText('Mochi', { exact: true }).count()).toBe(2);
    await preview.getByText('Your friendly helper in every language').waitFor();
    await preview.getByText('Mochi Community').waitFor();
    await page.context().close();
  });

  it('the preview follows the form; save asks Discord; reset goes back to the default look', async () => {
    const page = await adminPage(browser, server, '/admin/settings?guildId=g-plain');
    const c = card(page);
    await c.getByText('Default look').waitFor();
    await c.getByRole('textbox', { name: 'Nickname' }).fill('Kumo');
    await c.getByRole('textbox', { name: 'Footer' }).fill('Kumo Club');
    const preview = page.getByTestId('white-label-preview');
    expect(await preview.getByText('Kumo', { exact: true }).count()).toBe(2);
    await preview.getByText('Kumo Club').waitFor();
    await c.getByRole('button', { name: 'Save' }).click();
    // No bot runs here: the profile waits to be sent.
    await c.getByText('Sending to Discord…').waitFor();
    await shot(page, 'white-label-pending-dark-desktop');
    await c.getByRole('button', { name: 'Reset to default' }).click();
    await c.getByRole('textbox', { name: 'Nickname' }).and(page.locator('[value=""]')).waitFor();
    await preview.getByText('Your bot', { exact: true }).first().waitFor();
    await page.context().close();
  });

  it('below Ultimate: the lock card', async () => {
    const page = await adminPage(browser, server, '/admin/settings?guildId=g-pro');
    await card(page).getByText('White-label needs the Ultimate plan').waitFor();
    await page.context().close();
  });

  it('looks finished, dark and light, desktop and phone', async () => {
    const errors = await screenshotMatrix(
      browser,
      server,
      'white-label',
      { brand: '/admin/settings?guildId=g-brand', locked: '/admin/settings?guildId=g-pro' },
      async (page, kind) => {
        const c = card(page);
        await c.getByText(kind === 'brand' ? 'Applied in Discord' : 'needs the Ultimate plan').waitFor();
      },
    );
    expect(errors).toEqual([]);
  }, 180_000);
});
