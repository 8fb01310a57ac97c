import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_SCREENS } from '../../src/common/pages';
import {
  type Browser,
  goInApp,
  launchBrowser,
  type Page,
  PHONE,
  requestsDone,
  shot,
  startWebServer,
  THEMES_AND_WIDTHS,
} from '../helpers/browser';
import { seedGuild } from '../helpers/guilds';
import type { TestServer } from '../helpers/server';
import { adminContext, seedDemoGuild } from './admin-screens-helpers';

/**
 * Every dashboard screen at 375 px, dark and light, on the demo server (Ultimate, full of data) and
 * on an empty Free server (lock cards): nothing wider than the phone, no badge or button whose label
 * is cut, nothing sticking out of the screen. Each screen is saved as
 * test-results/screenshots/phone-<screen>-<kind>-<theme>.png to be looked at.
 */

let server: TestServer;
let browser: Browser;
const KINDS = { demo: 'phone1', free: 'phone2' } as const;

beforeAll(async () => {
  [server, browser] = await Promise.all([startWebServer(), launchBrowser()]);
  await seedDemoGuild(server, KINDS.demo);
  await seedGuild(server.services, KINDS.free, { name: 'A Free Server', plan: 'free' });
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** What is cut or sticks out on the page as it stands: each a short description. */
function cutThings(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    const text = (el: Element) => (el.textContent ?? '').trim().slice(0, 60);
    const overflow = document.documentElement.scrollWidth - window.innerWidth;
    if (overflow > 0) found.push(`the page is ${overflow}px wider than the screen`);
    // A label shortened with an ellipsis, or running past its badge, which hides what does not fit
    // (Mantine's badge root and its label, a button's label, all clip their overflow).
    for (const el of document.querySelectorAll(
      '.mantine-Badge-root, .mantine-Badge-label, .mantine-Button-label',
    ))
      if (el.scrollWidth > el.clientWidth + 1) found.push(`cut label "${text(el)}"`);
    // Text or a box running past a box that hides its overflow (a long URL past its card), except
    // where the cut is meant and shown (an ellipsis) and visually hidden labels (1 px wide).
    for (const el of document.querySelectorAll('main *')) {
      const style = getComputedStyle(el);
      if (style.overflowX !== 'hidden' && style.overflowX !== 'clip') continue;
      if (style.textOverflow === 'ellipsis' || el.clientWidth <= 2) continue;
      // Nothing to read in it (a switch's thumb sits a few pixels into its track's edge).
      if (!el.textContent?.trim()) continue;
      if (el.matches('.mantine-Badge-root, .mantine-Badge-label, .mantine-Button-label')) continue;
      const hidden = el.scrollWidth - el.clientWidth;
      if (hidden > 1) found.push(`${el.tagName.toLowerCase()} hides ${hidden}px of "${text(el)}"`);
    }
    // A badge past the screen's right edge, or past the box that clips it.
    for (const el of document.querySelectorAll('.mantine-Badge-root')) {
      const r = el.getBoundingClientRect();
      if (r.width === 0) continue;
      if (r.right > window.innerWidth + 0.5) found.push(`badge "${text(el)}" past the screen`);
      for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) {
        const style = getComputedStyle(p);
        if (style.overflowX === 'visible') continue;
        if (style.overflowX === 'auto' || style.overflowX === 'scroll') break;
        const box = p.getBoundingClientRect();
        if (r.right > box.right + 0.5 || r.left < box.left - 0.5) {
          found.push(`badge "${text(el)}" clipped by its box`);
          break;
        }
      }
    }
    return found;
  });
}

/** Waits for a screen's own content: its heading, no request running, no skeleton left. */
async function ready(page: Page): Promise<void> {
  await page.getByRole('main').getByRole('heading').first().waitFor();
  await requestsDone(page);
  await page.locator('[data-testid$="skeleton"]').first().waitFor({ state: 'detached' });
}

describe('the dashboard at 375 px', () => {
  it('the check finds a cut badge and a badge clipped by its box', async () => {
    const page = await adminContext(browser, server, { theme: 'dark', ...PHONE });
    try {
      await page.goto(`${server.url}/admin/channels?guildId=${KINDS.demo}`);
      await ready(page);
      expect(await cutThings(page)).toEqual([]);
      // A badge squeezed into 40 px (its label ends in …), and a whole one in a 30 px box that hides
      // the rest (a badge that may not shrink in a row too narrow).
      await page.evaluate(() => {
        const badge = document.querySelector('.mantine-Badge-root') as HTMLElement;
        const squeezed = badge.cloneNode(true) as HTMLElement;
        squeezed.style.maxWidth = '40px';
        const box = document.createElement('div');
        box.style.cssText = 'display:flex;width:30px;overflow:hidden';
        const unshrunk = badge.cloneNode(true) as HTMLElement;
        unshrunk.style.flexShrink = '0';
        unshrunk.style.width = 'max-content';
        box.append(unshrunk);
        document.querySelector('main')?.append(squeezed, box);
      });
      const found = await cutThings(page);
      expect(
        found.some((f) => f.startsWith('cut label')),
        found.join('; '),
      ).toBe(true);
      expect(
        found.some((f) => f.endsWith('clipped by its box')),
        found.join('; '),
      ).toBe(true);
    } finally {
      await page.context().close();
    }
  });

  // Both themes with screenshots, the diagonal's phone theme without (THEMES_AND_WIDTHS): the
  // check measures boxes, which a theme does not change.
  for (const [theme] of THEMES_AND_WIDTHS.filter(([, device]) => device === 'phone')) {
    it(`every screen, ${theme}: no cut badge, nothing past the screen`, async () => {
      const page = await adminContext(browser, server, { theme, ...PHONE });
      const problems: string[] = [];
      try {
        // The first screen a fresh load at 375 px, the others reached in the app as a link would.
        let loaded = false;
        for (const [kind, guildId] of Object.entries(KINDS)) {
          for (const screen of ADMIN_SCREENS) {
            const path = `/admin${screen ? `/${screen}` : ''}?guildId=${guildId}`;
            if (loaded) await goInApp(page, path);
            else await page.goto(`${server.url}${path}`);
            loaded = true;
            await ready(page);
            expect(await page.evaluate(() => document.documentElement.className)).toBe(theme);
            const name = screen || 'home';
            for (const p of await cutThings(page)) problems.push(`${name} (${kind}): ${p}`);
            await shot(page, `phone-${name}-${kind}-${theme}`);
            // The screen's other tabs (Welcome's Reaction Roles…), each looked at the same way.
            const tabs = page.getByRole('main').getByRole('tab', { selected: false });
            for (const label of await tabs.allTextContents()) {
              await page.getByRole('main').getByRole('tab', { name: label }).click();
              await requestsDone(page);
              for (const p of await cutThings(page)) problems.push(`${name}/${label} (${kind}): ${p}`);
              await shot(page, `phone-${name}-${label.toLowerCase().replace(/\W+/g, '-')}-${kind}-${theme}`);
            }
          }
        }
      } finally {
        await page.context().close();
      }
      expect(problems).toEqual([]);
    });
  }
});
