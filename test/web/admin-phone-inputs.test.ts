import type { Locator } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_SCREENS } from '../../src/common/pages';
import {
  type Browser,
  DESKTOP,
  goInApp,
  launchBrowser,
  type Page,
  PHONE,
  requestsDone,
  settled,
  shotOf,
  startWebServer,
  THEMES_AND_WIDTHS,
  type Theme,
} from '../helpers/browser';
import type { TestServer } from '../helpers/server';
import { adminContext, seedDemoGuild } from './admin-screens-helpers';

/**
 * Every dashboard screen at 375 px on the demo server (Ultimate, full of data), in light and dark
 * (one theme with screenshots off: THEMES_AND_WIDTHS), with the main dialogs open, and the header's
 * server picker: no input, select value, picked pill, badge or button label whose text is cut (its
 * text wider than its box), in one browser page moved in-app. The placeholder of an empty field
 * counts too: it is what the admin reads there.
 */

let server: TestServer;
let browser: Browser;
const DEMO = 'phone-inputs';

beforeAll(async () => {
  [server, browser] = await Promise.all([startWebServer(), launchBrowser()]);
  await seedDemoGuild(server, DEMO);
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** The visible inputs, select values, pills and badges whose text does not fit: each described. */
function cutTexts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    const visible = (el: Element) => {
      const r = el.getBoundingClientRect();
      return r.width > 2 && r.height > 2 && getComputedStyle(el).visibility !== 'hidden';
    };
    // A text field or a select's input: its value (or placeholder when empty) measured against its width.
    const measure = document.createElement('canvas').getContext('2d');
    for (const el of document.querySelectorAll<HTMLInputElement>(
      'header input, main input, [role="dialog"] input',
    )) {
      if (['hidden', 'checkbox', 'radio', 'range', 'file', 'color', 'date'].includes(el.type)) continue;
      if (!visible(el) || !measure) continue;
      const style = getComputedStyle(el);
      const shown = el.value || el.placeholder;
      if (!shown) continue;
      measure.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      const room =
        el.clientWidth - Number.parseFloat(style.paddingLeft) - Number.parseFloat(style.paddingRight);
      const need = measure.measureText(shown).width;
      const label = el.getAttribute('aria-label') ?? el.labels?.[0]?.textContent ?? el.name;
      if (need > room + 1)
        found.push(
          `${el.value ? 'value' : 'placeholder'} "${shown.slice(0, 50)}" of "${label}" needs ${Math.ceil(need)}px, has ${Math.floor(room)}px`,
        );
    }
    for (const el of document.querySelectorAll(
      '.mantine-Badge-label, .mantine-Pill-label, .mantine-Button-label, .mantine-SegmentedControl-innerLabel',
    ))
      if (visible(el) && el.scrollWidth > el.clientWidth + 1)
        found.push(`cut text "${(el.textContent ?? '').trim().slice(0, 50)}"`);
    return found;
  });
}

async function ready(page: Page): Promise<void> {
  await page.getByRole('main').getByRole('heading').first().waitFor();
  await requestsDone(page);
  await page.locator('[data-testid$="skeleton"]').first().waitFor({ state: 'detached' });
}

describe('the dashboard inputs at 375 px', () => {
  it('the check finds a cut value and a cut placeholder', async () => {
    const page = await adminContext(browser, server, { theme: 'dark', ...PHONE });
    try {
      await page.goto(`${server.url}/admin/settings?guildId=${DEMO}`);
      await ready(page);
      await page.evaluate(() => {
        const main = document.querySelector('main');
        for (const attr of ['value', 'placeholder']) {
          const input = document.createElement('input');
          input.setAttribute('aria-label', `narrow ${attr}`);
          input.setAttribute(attr, 'a value far too long for forty pixels');
          input.style.width = '40px';
          main?.append(input);
        }
      });
      const found = await cutTexts(page);
      expect(found.some((f) => f.includes('"narrow value"'))).toBe(true);
      expect(found.some((f) => f.includes('"narrow placeholder"'))).toBe(true);
    } finally {
      await page.context().close();
    }
  });

  // Both themes with screenshots, the diagonal's phone theme without (THEMES_AND_WIDTHS): the check
  // measures text against boxes, which a theme does not change.
  const themes = THEMES_AND_WIDTHS.filter(([, device]) => device === 'phone').map(([theme]) => theme);
  it(`no cut input, select value, pill, badge or label on any screen or main dialog, ${themes.join(' and ')}`, async () => {
    const page = await adminContext(browser, server, { theme: themes[0], ...PHONE });
    const problems: string[] = [];
    const check = async (where: string) => {
      for (const p of await cutTexts(page)) problems.push(`${where}: ${p}`);
    };
    const switchTo = async (theme: Theme) => {
      await page.getByRole('button', { name: `Switch to ${theme} theme` }).click();
      await page.locator(`html[data-mantine-color-scheme="${theme}"]`).waitFor({ state: 'attached' });
    };
    try {
      await page.goto(`${server.url}/admin?guildId=${DEMO}`);
      await ready(page);
      for (const [i, theme] of themes.entries()) {
        if (i > 0) await switchTo(theme);
        await shotOf(page.getByRole('banner'), `phone-inputs-header-${theme}`);
        // Log out has left the phone header for the sheet, where it is labelled.
        await page.getByTestId('sidebar-toggle').click();
        const sheet = page.getByRole('dialog', { name: 'Navigation menu' });
        await sheet.getByRole('button', { name: 'Log out' }).waitFor();
        await shotOf(page, `phone-inputs-sheet-${theme}`); // slid in
        await page.keyboard.press('Escape');
        await sheet.waitFor({ state: 'hidden' });
        for (const screen of ADMIN_SCREENS) {
          await goInApp(page, `/admin${screen ? `/${screen}` : ''}?guildId=${DEMO}`);
          await ready(page);
          await check(`${screen || 'home'} (${theme})`);
          // The export card's dataset picker, widened for its longest name.
          if (screen === 'analytics')
            await shotOf(page.getByTestId('export-card'), `phone-inputs-analytics-export-${theme}`);
          const opener = DIALOGS[screen];
          if (!opener) continue;
          const dialog = await opener(page);
          await requestsDone(page);
          await settled(page); // faded in
          await check(`${screen} dialog (${theme})`);
          await shotOf(page, `phone-inputs-dialog-${screen}-${theme}`);
          await page.keyboard.press('Escape');
          await dialog.waitFor({ state: 'detached' });
        }
      }
      // The desktop header keeps its icon, width and Log out, in both themes.
      const last = themes[themes.length - 1];
      await page.setViewportSize(DESKTOP);
      await page.getByRole('banner').getByRole('button', { name: 'Log out' }).waitFor();
      await shotOf(page.getByRole('banner'), `phone-inputs-desktop-header-${last}`);
      const other = last === 'dark' ? 'light' : 'dark';
      await switchTo(other);
      await shotOf(page.getByRole('banner'), `phone-inputs-desktop-header-${other}`);
    } finally {
      await page.context().close();
    }
    expect(problems).toEqual([]);
  });

  it("an error toast does not cover the open dialog's buttons", async () => {
    const page = await adminContext(browser, server, { theme: 'dark', ...PHONE });
    try {
      // The poll never reaches the server: the dialog stays open and says why in a red toast.
      await page.route('**/trpc/polls.create**', (route) => route.abort('connectionreset'));
      await page.goto(`${server.url}/admin/polls?guildId=${DEMO}`);
      await ready(page);
      const dialog = await DIALOGS.polls(page);
      await dialog.getByLabel('Question').fill('Which day suits the meetup?');
      await dialog.getByLabel('Option 1', { exact: true }).fill('Saturday');
      await dialog.getByLabel('Option 2', { exact: true }).fill('Sunday');
      await dialog.getByRole('button', { name: 'Create Poll' }).click();
      const toast = page
        .locator('.mantine-Notification-root')
        .filter({ hasText: 'Could not create the poll' });
      await toast.waitFor();
      await settled(page); // the toast has slid in
      const boxes = await Promise.all([
        toast.boundingBox(),
        dialog.getByRole('button', { name: 'Cancel' }).boundingBox(),
        dialog.getByRole('button', { name: 'Create Poll' }).boundingBox(),
      ]);
      await shotOf(page, 'phone-inputs-toast-over-dialog-dark');
      const [t, ...buttons] = boxes;
      expect(t).not.toBeNull();
      for (const b of buttons) {
        expect(b).not.toBeNull();
        if (!t || !b) continue;
        const apart =
          t.x + t.width <= b.x || b.x + b.width <= t.x || t.y + t.height <= b.y || b.y + b.height <= t.y;
        expect(apart, `toast ${JSON.stringify(t)} over button ${JSON.stringify(b)}`).toBe(true);
      }
    } finally {
      await page.context().close();
    }
  });
});

/** The main dialog of a screen, opened as an admin does: resolves to the open dialog. */
const DIALOGS: Record<string, (page: Page) => Promise<Locator>> = {
  channels: (page) =>
    openDialog(page, page.getByRole('button', { name: 'Create Link' }), 'Create Channel Link'),
  polls: (page) =>
    openDialog(page, page.getByRole('button', { name: 'Create Poll' }), 'Create Multilingual Poll'),
  announcements: (page) =>
    openDialog(page, page.getByRole('button', { name: 'Create Announcement' }), 'Create Announcement'),
  tickets: (page) => openDialog(page, page.getByTestId('ticket-row'), undefined),
};

async function openDialog(page: Page, opener: Locator, name: string | undefined): Promise<Locator> {
  await opener.first().click();
  const dialog = page.getByRole('dialog', name ? { name } : {});
  await dialog.waitFor();
  return dialog;
}
