import type { Locator } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Browser,
  DESKTOP,
  launchBrowser,
  loginAsAdmin,
  type Page,
  startWebServer,
} from '../helpers/browser';
import { seedRoles } from '../helpers/guilds';
import type { TestServer } from '../helpers/server';
import { loaded, openContext } from './a11y-helpers';
import { insertGuild } from './admin-screens-helpers';

/**
 * An empty picker taken by a fast keyboard user, in a dialog's form: Tab onto it and ArrowDown
 * sent back to back (the ArrowDown reaches the page before a list opened by the focus would have
 * settled: Mantine's default, which lost the pick), which opens the list with the first option
 * highlighted; then Enter, right away or once the open list has been painted (two animation
 * frames). Enter picks the first option and stays the picker's: an Enter a picker does not take is
 * the form's and submits the dialog (HTML implicit submission). Each flow then creates once, by
 * clicking, and finds exactly one result: the Enters created nothing.
 */
let server: TestServer;
let browser: Browser;
let page: Page;
const GUILD = 'g-pick';
/** The channels' ids: this and 1, 2, 3. */
const CHANNEL_ID = '5100000000000000';

beforeAll(async () => {
  [server, browser] = await Promise.all([startWebServer(), launchBrowser()]);
  await insertGuild(
    server,
    GUILD,
    ['lobby-en', 'lobby-es', 'lobby-fr'].map((name, i) => ({ id: `${CHANNEL_ID}${i + 1}`, name })),
  );
  await seedRoles(server.services, GUILD, [
    { id: '510000000000000100', name: 'Gamer' },
    { id: '510000000000000101', name: 'Artist' },
  ]);
  page = await openContext(browser, 'light', DESKTOP);
  await loginAsAdmin(page, server);
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const api = async (path: string) => (await server.api(`${path}?guildId=${GUILD}`, { admin: true })).json;

async function screen(path: string): Promise<void> {
  await page.goto(`${server.url}${path}?guildId=${GUILD}`);
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  await loaded(page);
}

/** Two animation frames in the page: what the last key changed has been painted. */
const twoFrames = () =>
  page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));

/**
 * From the control before the empty `picker` (its list gone), Tab and ArrowDown back to back,
 * then (after `settle`, if given) Enter. Returns the option the list showed highlighted when Enter
 * went (read in the page as the key arrives), once the picker shows it with its list closed.
 */
async function tabArrowDownEnter(picker: Locator, settle?: () => Promise<unknown>): Promise<string> {
  await picker.focus();
  await page.keyboard.press('Shift+Tab');
  await expect.poll(() => page.getByRole('listbox').count()).toBe(0);
  expect(await picker.inputValue()).toBe('');
  await page.evaluate(() => {
    const w = window as unknown as { highlighted?: string };
    w.highlighted = undefined;
    window.addEventListener(
      'keydown',
      (e) => {
        if (e.key !== 'Enter' || w.highlighted !== undefined) return;
        const list = document.getElementById(document.activeElement?.getAttribute('aria-controls') ?? '');
        w.highlighted = list?.querySelector('[data-combobox-selected]')?.textContent?.trim() ?? '';
      },
      { capture: true },
    );
  });
  await Promise.all([page.keyboard.press('Tab'), page.keyboard.press('ArrowDown')]);
  await settle?.();
  await page.keyboard.press('Enter');
  const highlighted = await page.evaluate(() => (window as unknown as { highlighted?: string }).highlighted);
  expect(highlighted).toBeTruthy();
  await expect.poll(() => picker.inputValue()).toBe(highlighted);
  await expect.poll(() => picker.getAttribute('aria-expanded')).toBe('false');
  return highlighted ?? '';
}

describe('an empty picker in a form: Tab, ArrowDown, Enter', () => {
  it('picks the first channel in Create Channel Link, the dialog staying open', async () => {
    await screen('/admin/channels');
    await page.getByRole('button', { name: 'Create Link' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Create Channel Link' });
    await dialog.waitFor();
    // With a name, an Enter the form took after a channel is picked would create the link.
    await dialog.getByLabel('Link name').fill('Picked by keyboard');
    const first = dialog.getByRole('combobox', { name: 'Channel 1', exact: true });
    const second = dialog.getByRole('combobox', { name: 'Channel 2', exact: true });
    expect(await tabArrowDownEnter(first)).toBe('#lobby-en');
    expect(await tabArrowDownEnter(second, twoFrames)).toBe('#lobby-en');
    // With a value: ArrowDown opens on it, the next ArrowDown moves on, Enter picks that one.
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect.poll(() => second.inputValue()).toBe('#lobby-es');
    await expect.poll(() => second.getAttribute('aria-expanded')).toBe('false');
    expect(await dialog.isVisible()).toBe(true);

    await dialog.getByRole('button', { name: 'Create Link' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByTestId('channel-link').filter({ hasText: 'Picked by keyboard' }).waitFor();
    expect(await page.getByTestId('channel-link').count()).toBe(1);
    expect(await api('/api/channels/links')).toMatchObject([{ name: 'Picked by keyboard' }]);
  });

  it('picks the first channel and role in Create Reaction Role, the dialog staying open', async () => {
    await screen('/admin/welcome');
    await page.getByRole('tab', { name: 'Reaction Roles' }).click();
    await page.getByText('No reaction roles yet').waitFor();
    await page.getByRole('button', { name: 'Create Reaction Role' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create Reaction Role' });
    await dialog.waitFor();
    await dialog.getByLabel('Message ID').fill('510000000000000900');
    await dialog.getByLabel('Emoji 1').fill('🎮');
    const channel = dialog.getByRole('combobox', { name: 'Channel' });
    expect(await tabArrowDownEnter(channel, twoFrames)).toBe('#lobby-en');
    // Roles are listed as Discord orders them, the highest first: the last seeded.
    expect(await tabArrowDownEnter(dialog.getByRole('combobox', { name: 'Role 1' }))).toBe('Artist');
    expect(await dialog.isVisible()).toBe(true);

    await dialog.getByRole('button', { name: 'Create', exact: true }).click();
    await page.getByText('Reaction role created').waitFor();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByTestId('reaction-role').waitFor();
    expect(await page.getByTestId('reaction-role').count()).toBe(1);
    expect(await api('/api/reaction-roles')).toMatchObject([
      {
        channelId: `${CHANNEL_ID}1`,
        roles: [{ emoji: '🎮', roleId: '510000000000000101' }],
      },
    ]);
  });
});
