import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Browser,
  launchBrowser,
  openPage,
  shot,
  startWebServer,
  THEMES_AND_WIDTHS,
  unlabelledControls,
} from '../helpers/browser';
import type { TestServer } from '../helpers/server';
import { insertLogs } from '../helpers/translation-logs';

/** Screenshots of every public page, dark and light, desktop and phone (test-results/screenshots). */
const PAGES = [
  { name: 'landing', path: '/', ready: 'AI translation that reads the conversation' },
  { name: 'pricing', path: '/pricing', ready: 'Simple, transparent pricing' },
  { name: 'contact', path: '/contact', ready: 'Send us a message' },
  { name: 'terms', path: '/terms', ready: 'Last updated: 22 October 2025' },
  { name: 'privacy', path: '/privacy', ready: 'Last updated: 22 October 2025' },
  { name: '404', path: '/no-such-page', ready: '404 Page Not Found' },
  { name: 'login', path: '/login', ready: 'Log in to the dashboard' },
];

let server: TestServer;
let browser: Browser;
beforeAll(async () => {
  [server, browser] = await Promise.all([
    startWebServer({ env: { DISCORD_CLIENT_ID: '123456789012345678', SUPPORT_EMAIL: 'help@polyglot.test' } }),
    launchBrowser(),
  ]);
  await insertLogs(server, 'g1', [['u1', 'Alice', 'en', 'es', '2026-01-01T00:00:00Z', 100]]);
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('public page screenshots', { timeout: 60_000 }, () => {
  for (const [theme, device, size] of THEMES_AND_WIDTHS) {
    it(`${theme} ${device}`, async () => {
      const page = await openPage(browser, 'about:blank', { theme, ...size });
      for (const p of PAGES) {
        await page.goto(`${server.url}${p.path}`);
        await page.getByText(p.ready).first().waitFor();
        expect(await page.evaluate(() => document.documentElement.className)).toBe(theme);
        // Nothing wider than the screen (no sideways scrolling at 375 px).
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow, `${p.name} overflows by ${overflow}px`).toBeLessThanOrEqual(0);
        // No button label cut off ("Add to Discord - It's Fre").
        const clipped = await page.evaluate(() =>
          [...document.querySelectorAll('.mantine-Button-label')]
            .filter((el) => el.scrollWidth > el.clientWidth + 1)
            .map((el) => el.textContent),
        );
        expect(clipped, `${p.name}: clipped button labels`).toEqual([]);
        // Every control has an accessible name.
        expect(await unlabelledControls(page), `${p.name}: unlabelled controls`).toEqual([]);
        await shot(page, `${p.name}-${theme}-${device}`);
      }
      await page.context().close();
    });
  }
});
