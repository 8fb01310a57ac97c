import type { Locator } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Browser,
  launchBrowser,
  loginAsAdmin,
  type Page,
  shot,
  startWebServer,
  THEMES_AND_WIDTHS,
} from '../helpers/browser';
import type { TestServer } from '../helpers/server';
import { focusInside, hasFocus, loaded, openContext, type TabResult, tabTo } from './a11y-helpers';
import { insertGuild, seedDemoGuild } from './admin-screens-helpers';

/**
 * The dashboard's main flows by keyboard alone (issue 31): every step is a key press (Tab, Enter,
 * Space, arrows, typing); locators only tell the test where the focus should have arrived. Dialogs
 * keep the focus inside while open and give it back to the button that opened them; every control
 * reached shows its focus (an outline or a ring, whatever its colour). Each flow runs in every
 * theme and width: light and dark, at desktop width and at phone width (the sidebar a sheet); with
 * screenshots off, the diagonal, which still runs each theme and each width (THEMES_AND_WIDTHS).
 * One browser context per variant (its one page reused by every flow), each variant on servers of
 * its own (what one variant creates is not in the other's lists).
 */
const VARIANTS = THEMES_AND_WIDTHS.map(([theme, device, size], n) => ({ theme, device, size, n }));

let server: TestServer;
let browser: Browser;
beforeAll(async () => {
  [server, browser] = await Promise.all([startWebServer(), launchBrowser()]);
  for (const { theme, device, n } of VARIANTS) {
    await seedDemoGuild(server, `g-demo-${theme}-${device}`);
    // Channels no link holds yet (a channel belongs to one link).
    await insertGuild(
      server,
      `g-kb-${theme}-${device}`,
      ['lobby-en', 'lobby-es', 'lobby-fr', 'lobby-de'].map((name, i) => ({
        id: `4${n}000000000000000${i + 1}`,
        name,
      })),
    );
  }
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** Tabs through the open dialog past its last control: the focus never leaves it. */
async function expectTrapped(page: Page, dialog: Locator): Promise<void> {
  for (let i = 0; i < 15; i++) {
    await page.keyboard.press('Tab');
    expect(await focusInside(dialog)).toBe(true);
  }
}

/**
 * As a keyboard user picks option n of the focused picker: ArrowDown opens its list (the first
 * option highlighted), ArrowDown again until option n is the highlighted one (read from the list
 * the picker controls, aria-controls, after each key), Enter; then waits until the picker shows
 * that option's label with its list closed (aria-expanded false). Enter picks the highlighted
 * option and is never the form's (src/client/components/admin/keyboard-pick.ts).
 */
async function pick(page: Page, n: number): Promise<void> {
  const picker = page.locator('*:focus');
  await page.keyboard.press('ArrowDown');
  let listId: string | null = null;
  await expect.poll(async () => (listId = await picker.getAttribute('aria-controls'))).toBeTruthy();
  const target = page.locator(`[id="${listId}"]`).getByRole('option').nth(n);
  const label = (await target.textContent())?.trim() ?? '';
  await expect
    .poll(async () => {
      if ((await target.getAttribute('data-combobox-selected')) !== null) return true;
      await page.keyboard.press('ArrowDown');
      return false;
    })
    .toBe(true);
  await page.keyboard.press('Enter');
  await expect.poll(() => picker.inputValue()).toBe(label);
  await expect.poll(() => picker.getAttribute('aria-expanded')).toBe('false');
}

for (const { theme, device, size } of VARIANTS) {
  describe(`keyboard only: ${theme} ${device}`, { timeout: 180_000 }, () => {
    let page: Page;
    beforeAll(async () => {
      page = await openContext(browser, theme, size);
      await loginAsAdmin(page, server);
    });
    afterAll(async () => {
      await page?.context().close();
    });

    /** Loads the screen afresh in the variant's one page (the focus starts at the top of the document). */
    async function screen(path: string, guildId = `g-demo-${theme}-${device}`): Promise<Page> {
      await page.goto(`${server.url}${path}?guildId=${guildId}`);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      await loaded(page);
      return page;
    }

    it('creates a channel link', async () => {
      await screen('/admin/channels', `g-kb-${theme}-${device}`);
      const seen: TabResult = { unseen: [] };
      const opener = page.getByRole('button', { name: 'Create Link' }).first();
      await tabTo(page, opener, { seen });
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog', { name: 'Create Channel Link' });
      await dialog.waitFor();
      expect(await focusInside(dialog)).toBe(true);
      await expectTrapped(page, dialog);
      // Escape (from a text field: a picker keeps it to close its list) closes the dialog and gives
      // the focus back to the opener.
      await tabTo(page, dialog.getByLabel('Link name'), { seen });
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'hidden' });
      expect(await hasFocus(opener)).toBe(true);

      await page.keyboard.press('Enter');
      await dialog.waitFor();
      await tabTo(page, dialog.getByLabel('Link name'), { seen });
      await page.keyboard.type('Keyboard link');
      await tabTo(page, dialog.getByRole('combobox', { name: 'Channel 1', exact: true }), { seen });
      await pick(page, 0);
      await tabTo(page, dialog.getByRole('combobox', { name: 'Channel 2', exact: true }), { seen });
      await pick(page, 1);
      // Create Link is disabled (out of the Tab order) until the dialog has taken both channels.
      const create = dialog.getByRole('button', { name: 'Create Link' });
      await expect.poll(() => create.isEnabled()).toBe(true);
      await tabTo(page, create, { seen });
      await page.keyboard.press('Enter');
      await page
        .getByText('Channel link created')
        .waitFor()
        .catch(async (e) => {
          await shot(page, `a11y-keyboard-link-failed-${theme}-${device}`);
          throw e;
        });
      await page.getByTestId('channel-link').filter({ hasText: 'Keyboard link' }).waitFor();
      expect(seen.unseen).toEqual([]);
    });

    it('creates a poll', async () => {
      await screen('/admin/polls');
      const seen: TabResult = { unseen: [] };
      const opener = page.getByRole('button', { name: 'Create Poll' }).first();
      await tabTo(page, opener, { seen });
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog', { name: 'Create Multilingual Poll' });
      await dialog.waitFor();
      await expectTrapped(page, dialog);
      await tabTo(page, dialog.getByLabel('Question'), { seen });
      await page.keyboard.type('Keyboard or mouse?');
      await tabTo(page, dialog.getByRole('textbox', { name: 'Option 1' }), { seen });
      await page.keyboard.type('Keyboard');
      await tabTo(page, dialog.getByRole('textbox', { name: 'Option 2' }), { seen });
      await page.keyboard.type('Mouse');
      await tabTo(page, dialog.getByRole('button', { name: 'Create Poll' }), { seen });
      await page.keyboard.press('Enter');
      await page.getByText('Poll created').waitFor();
      await dialog.waitFor({ state: 'hidden' });
      expect(await hasFocus(opener)).toBe(true);
      await page.getByTestId('poll').filter({ hasText: 'Keyboard or mouse?' }).waitFor();
      expect(seen.unseen).toEqual([]);
    });

    it('creates an announcement', async () => {
      await screen('/admin/announcements');
      const seen: TabResult = { unseen: [] };
      await tabTo(page, page.getByRole('button', { name: 'Create Announcement' }).first(), { seen });
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog', { name: 'Create Announcement' });
      await dialog.waitFor();
      await tabTo(page, dialog.getByLabel('Announcement'), { seen });
      await page.keyboard.type('Keyboard night on Friday');
      for (const [i, language] of ['Spanish', 'French', 'German'].entries()) {
        await tabTo(page, dialog.getByLabel(`${language} channel`), { seen });
        await pick(page, i + 1);
      }
      await tabTo(page, dialog.getByRole('button', { name: 'Create', exact: true }), { seen });
      await page.keyboard.press('Enter');
      await dialog.waitFor({ state: 'hidden' });
      await page.getByTestId('announcement-card').filter({ hasText: 'Keyboard night on Friday' }).waitFor();
      expect(seen.unseen).toEqual([]);
    });

    it('replies to a ticket, then reads the toast with F8', async () => {
      await screen('/admin/tickets');
      const seen: TabResult = { unseen: [] };
      const row = page.getByTestId('ticket-row').first();
      await tabTo(page, row, { seen });
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog');
      await dialog.getByText('Ticket Details').waitFor();
      // The member's words carry their language (lang), beside the support language's translation.
      await dialog.getByTestId('ticket-message').first().waitFor();
      const langs = await dialog
        .getByTestId('ticket-message')
        .locator('[lang]')
        .evaluateAll((els) => els.map((e) => e.getAttribute('lang')));
      expect(langs).toContain('en');
      expect(langs.some((l) => l !== 'en')).toBe(true);
      await tabTo(page, dialog.getByLabel('Reply to User'), { seen });
      await page.keyboard.type('Answered by keyboard.');
      await tabTo(page, dialog.getByRole('button', { name: 'Send Reply' }), { seen });
      await page.keyboard.press('Enter');
      await page.getByText('Reply saved').waitFor();
      await dialog.getByText('Answered by keyboard.').waitFor();
      // Spec section 9: F8 moves the focus to the notification area.
      await page.keyboard.press('F8');
      expect(
        await page.evaluate(
          () => document.activeElement?.closest('.mantine-Notifications-root')?.textContent,
        ),
      ).toContain('Reply saved');
      expect(seen.unseen).toEqual([]);
    });

    it('changes settings and toggles the sidebar with Ctrl+B', async () => {
      await screen('/admin/settings');
      const seen: TabResult = { unseen: [] };
      const prefix = page.getByLabel('Command prefix');
      await tabTo(page, prefix, { seen });
      await page.keyboard.press('Control+A');
      await page.keyboard.type('?');
      const leveling = page.getByRole('switch', { name: 'Leveling system' });
      const before = await leveling.isChecked();
      await tabTo(page, leveling, { seen });
      await page.keyboard.press('Space');
      expect(await leveling.isChecked()).toBe(!before);
      await tabTo(page, page.getByRole('button', { name: 'Save Settings' }), { seen });
      await page.keyboard.press('Enter');
      await page.getByText('Settings saved').waitFor();
      expect(seen.unseen).toEqual([]);

      if (device === 'phone') {
        // Below 768 px the sidebar is a sheet: Ctrl+B opens it with the focus inside, Escape closes it.
        const sheet = page.getByRole('dialog', { name: 'Navigation menu' });
        await page.keyboard.press('Control+b');
        await sheet.waitFor();
        await expect.poll(() => focusInside(sheet)).toBe(true);
        await page.keyboard.press('Escape');
        await sheet.waitFor({ state: 'hidden' });
        return;
      }
      const sidebar = page.getByTestId('sidebar');
      const state = await sidebar.getAttribute('data-state');
      await page.keyboard.press('Control+b');
      await page.waitForFunction(
        (s) => document.querySelector('[data-testid="sidebar"]')?.getAttribute('data-state') !== s,
        state,
      );
    });
  });
}
