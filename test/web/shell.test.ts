import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Browser,
  launchBrowser,
  loginAsAdmin,
  openPage,
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

describe('admin shell', () => {
  it('shows the sidebar with the 12 items once logged in', async () => {
    const page = await openPage(browser, `${server.url}/`);
    await loginAsAdmin(page, server);
    await page.goto(`${server.url}/admin`);
    const nav = page.getByRole('navigation', { name: 'Navigation' });
    await nav.waitFor();
    expect(await nav.getByRole('link').count()).toBe(12);
    await shot(page, 'shell-dark-desktop');
    await page.context().close();
  });
});
