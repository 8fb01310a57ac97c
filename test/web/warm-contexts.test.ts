import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Browser, launchBrowser, startWebServer } from '../helpers/browser';
import type { TestServer } from '../helpers/server';

/**
 * The browser files' contexts are kept warm between tests (test/helpers/warm-contexts.ts): a
 * context a test closes is wiped and handed to the next test that asks for the same options. What
 * one test left in it must not reach the next; only the HTTP cache stays.
 */
let server: TestServer;
let browser: Browser;
beforeAll(async () => {
  [server, browser] = await Promise.all([startWebServer(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const OPTIONS = { viewport: { width: 800, height: 600 } };

describe('warm contexts', () => {
  it("a closed context comes back with nothing of the last test's but its HTTP cache", async () => {
    const first = await browser.newContext(OPTIONS);
    let pagesSeenByOldListener = 0;
    first.on('page', () => pagesSeenByOldListener++);
    await first.addInitScript(() => {
      (window as unknown as { probe: string }).probe = 'init script';
    });
    await first.route('**/probe-route', (route) => route.fulfill({ body: 'routed' }));
    await first.grantPermissions(['clipboard-read'], { origin: server.url });
    await first.setExtraHTTPHeaders({ 'x-probe': '1' });
    await first.addCookies([{ name: 'probe', value: '1', url: server.url }]);
    const before = await first.newPage();
    // What a test may give the page itself, which outlives the test (parked for the next one).
    let consoleSeenByOldListener = 0;
    before.on('console', () => consoleSeenByOldListener++);
    await before.addInitScript(() => {
      (window as unknown as { pageProbe: string }).pageProbe = 'page init script';
    });
    await before.route('**/probe-page-route', (route) => route.fulfill({ body: 'routed' }));
    await before.setViewportSize({ width: 500, height: 400 });
    await before.goto(`${server.url}/`);
    await before.evaluate(async () => {
      localStorage.setItem('probe', '1');
      sessionStorage.setItem('probe', '1');
      await new Promise((resolve, reject) => {
        const open = indexedDB.open('probe-db');
        open.onsuccess = () => {
          open.result.close();
          resolve(null);
        };
        open.onerror = () => reject(open.error);
      });
    });
    expect(await before.evaluate(() => (window as unknown as { probe?: string }).probe)).toBe('init script');
    expect(pagesSeenByOldListener).toBe(1);
    await first.close();

    const second = await browser.newContext(OPTIONS);
    expect(second).toBe(first);
    // The page is kept, on a plain file of its site, for the next test's first newPage().
    expect(second.pages()).toEqual([before]);
    expect(before.url()).toBe(`${server.url}/robots.txt`);
    expect(await second.cookies()).toEqual([]);
    const page = await second.newPage();
    expect(page).toBe(before);
    expect(page.viewportSize()).toEqual(OPTIONS.viewport);
    const headers: (string | undefined)[] = [];
    page.on('request', (r) => headers.push(r.headers()['x-probe']));
    await page.goto(`${server.url}/`);
    await page.evaluate(() => console.log('probe'));
    const seen = await page.evaluate(async () => ({
      probe: (window as unknown as { probe?: string }).probe ?? null,
      pageProbe: (window as unknown as { pageProbe?: string }).pageProbe ?? null,
      local: localStorage.getItem('probe'),
      session: sessionStorage.getItem('probe'),
      databases: (await indexedDB.databases()).map((d) => d.name),
      routed: await (await fetch('/probe-route')).text(),
      pageRouted: await (await fetch('/probe-page-route')).text(),
      clipboard: (await navigator.permissions.query({ name: 'clipboard-read' as PermissionName })).state,
      // Scripts the first page fetched come from the HTTP cache: nothing transferred.
      cachedScripts: performance
        .getEntriesByType('resource')
        .filter((e) => e.name.endsWith('.js') && (e as PerformanceResourceTiming).transferSize === 0).length,
    }));
    expect(seen).toMatchObject({
      probe: null,
      pageProbe: null,
      local: null,
      session: null,
      databases: [],
      clipboard: 'prompt',
    });
    expect(seen.routed).not.toBe('routed');
    expect(seen.pageRouted).not.toBe('routed');
    expect(consoleSeenByOldListener).toBe(0);
    expect(seen.cachedScripts).toBeGreaterThan(0);
    expect(headers.filter(Boolean)).toEqual([]);
    expect(pagesSeenByOldListener).toBe(1);
    expect(browser.contexts()).toEqual([second]);
    await second.close();
    expect(browser.contexts()).toEqual([]);
  });

  it('a context of other options, or asked for while the first is in use, is another one', async () => {
    const a = await browser.newContext(OPTIONS);
    const b = await browser.newContext(OPTIONS);
    const c = await browser.newContext({ viewport: { width: 400, height: 600 } });
    expect(new Set([a, b, c]).size).toBe(3);
    expect(browser.contexts()).toHaveLength(3);
    // Closing twice (a page's close handler and the test) gives it back once.
    await Promise.all([a.close(), a.close()]);
    await b.close();
    await c.close();
    const again = [await browser.newContext(OPTIONS), await browser.newContext(OPTIONS)];
    expect(new Set(again)).toEqual(new Set([a, b]));
    await Promise.all(again.map((x) => x.close()));
  });
});
