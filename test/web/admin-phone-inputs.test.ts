import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_SCREENS } from '../../src/common/pages';
import {
  type Browser,
  launchBrowser,
  PHONE,
  type Page,
  SCREENSHOT_DIR,
  startWebServer,
} from '../helpers/browser';
import type { TestServer } from '../helpers/server';
import { adminContext, seedDemoGuild } from './admin-screens-helpers';

/**
 * Every dashboard screen at 375 px on the demo server (Ultimate, full of data): no input, select
 * value, picked pill or badge whose text is cut (its text wider than its box), in one browser page.
 * The placeholder of an empty field counts too: it is what the admin reads there.
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
    for (const el of document.querySelectorAll<HTMLInputElement>('main input, [role="dialog"] input')) {
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
  await page.waitForLoadState('networkidle');
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

  it('no cut input, select value, pill or badge on any screen (demo server)', async () => {
    const page = await adminContext(browser, server, { theme: 'light', ...PHONE });
    const problems: string[] = [];
    try {
      for (const screen of ADMIN_SCREENS) {
        await page.goto(`${server.url}/admin${screen ? `/${screen}` : ''}?guildId=${DEMO}`);
        await ready(page);
        for (const p of await cutTexts(page)) problems.push(`${screen || 'home'}: ${p}`);
        // The export card's dataset picker, widened for its longest name.
        if (screen === 'analytics')
          await page
            .getByTestId('export-card')
            .screenshot({ path: `${SCREENSHOT_DIR}/phone-inputs-analytics-export-light.png` });
      }
    } finally {
      await page.context().close();
    }
    expect(problems).toEqual([]);
  });
});
