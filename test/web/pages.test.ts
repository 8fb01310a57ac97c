import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAGE_PATHS } from '../../src/common/pages';
import {
  type Browser,
  launchBrowser,
  openPage,
  type Page,
  pageErrors,
  shot,
  startWebServer,
} from '../helpers/browser';
import type { TestServer } from '../helpers/server';

let server: TestServer;
let browser: Browser;
beforeAll(async () => {
  [server, browser] = await Promise.all([startWebServer(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const notFoundHeading = (page: Page) => page.getByRole('heading', { name: '404 Page Not Found' });

describe('the pages the server knows', () => {
  it('are exactly the client router’s routes', async () => {
    const { createAppRouter } = await import('../../src/client/router');
    const router = createAppRouter();
    const routed = Object.keys(router.routesByPath).map((p) => (p.length > 1 ? p.replace(/\/$/, '') : p));
    expect([...new Set(routed)].sort()).toEqual([...PAGE_PATHS].sort());
  });

  it.each(PAGE_PATHS)('%s answers 200 with the app', async (path) => {
    const res = await fetch(server.url + path);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('<div id="root">');
  });

  it.each(['/nope', '/admin-nope/x', '/pricing/extra', '/admin/polls/1', '/index', '/trpcx', '/apix'])(
    '%s answers 404 with the app, which shows the site’s 404 page',
    async (path) => {
      const res = await fetch(server.url + path);
      expect(res.status).toBe(404);
      expect(res.headers.get('content-type')).toMatch(/^text\/html/);
      expect(await res.text()).toContain('<div id="root">');
    },
  );

  it('a browser sees the 404 page (status 404) on an unknown path, and a real page on a known one', async () => {
    const page = await openPage(browser, `${server.url}/no-such-page`);
    const errors = pageErrors(page);
    const res = await page.goto(`${server.url}/no-such-page?x=1`);
    expect(res?.status()).toBe(404);
    await notFoundHeading(page).waitFor();
    await page.getByRole('link', { name: 'Back to home' }).click();
    await page.waitForURL(`${server.url}/`);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    expect(await notFoundHeading(page).count()).toBe(0);
    for (const path of ['/pricing', '/contact', '/terms', '/privacy']) {
      const r = await page.goto(server.url + path);
      expect(r?.status()).toBe(200);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      expect(await notFoundHeading(page).count()).toBe(0);
    }
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('the 404 page in dark and light', async () => {
    for (const theme of ['dark', 'light'] as const) {
      const page = await openPage(browser, `${server.url}/no-such-page`, { theme });
      await notFoundHeading(page).waitFor();
      expect(await page.evaluate(() => document.documentElement.className)).toBe(theme);
      await shot(page, `not-found-${theme}-desktop`);
      await page.context().close();
    }
  });
});
