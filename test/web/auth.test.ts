import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginCodesOf } from '../../src/server/core/admin-token';
import { type Browser, launchBrowser, openPage, type Page, startWebServer } from '../helpers/browser';
import { TEST_ADMIN_TOKEN, type TestServer } from '../helpers/server';

let server: TestServer;
let browser: Browser;
beforeAll(async () => {
  [server, browser] = await Promise.all([startWebServer(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const loginHeading = (page: Page) => page.getByRole('heading', { name: 'Log in to the dashboard' });
const tokenField = (page: Page) => page.getByLabel(/^Admin token/);

describe('dashboard login', { timeout: 60_000 }, () => {
  it('an admin route without a session shows the login; a wrong token says so; the right one shows the shell', async () => {
    const page = await openPage(browser, `${server.url}/admin/tickets`);
    await loginHeading(page).waitFor();
    expect(await page.getByText('Bot Dashboard').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Log in' }).isDisabled()).toBe(true);

    await tokenField(page).fill('wrong-token-wrong-token');
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByRole('alert').getByText('that admin token is not right').waitFor();
    expect(await page.getByText('Bot Dashboard').count()).toBe(0);

    await tokenField(page).fill(TEST_ADMIN_TOKEN);
    await tokenField(page).press('Enter');
    await page.getByText('Bot Dashboard').waitFor();
    // Still on the screen that was asked for.
    expect(new URL(page.url()).pathname).toBe('/admin/tickets');
    const current = page.getByRole('navigation', { name: 'Navigation' }).locator('[aria-current="page"]');
    expect(await current.textContent()).toBe('Support Tickets');

    // The session cookie is HttpOnly and lasts across a reload.
    const cookie = (await page.context().cookies()).find((c) => c.name === 'pb_session');
    expect(cookie?.httpOnly).toBe(true);
    await page.reload();
    await page.getByText('Bot Dashboard').waitFor();
    await page.context().close();
  });

  it('/login?code=... (the one-time link the server prints) opens the dashboard once; again, it says why not', async () => {
    const { code } = loginCodesOf(server.services).issue();
    const page = await openPage(browser, `${server.url}/login?code=${code}`);
    await page.waitForURL(`${server.url}/admin`);
    await page.getByText('Bot Dashboard').waitFor();
    await page.context().close();

    const again = await openPage(browser, `${server.url}/login?code=${code}`);
    await again
      .getByRole('alert')
      .getByText('That one-time login link has expired or was already used')
      .waitFor();
    expect(again.url()).toBe(`${server.url}/login?error=link`);
    // The token field is there to use instead.
    await tokenField(again).fill(TEST_ADMIN_TOKEN);
    await tokenField(again).press('Enter');
    await again.getByText('Bot Dashboard').waitFor();
    await again.context().close();
  });

  it('/login?token=... no longer logs in: the token leaves the address bar and the page says what to do', async () => {
    const page = await openPage(browser, `${server.url}/login?token=${TEST_ADMIN_TOKEN}`);
    await page.getByRole('alert').getByText('Links carrying the admin token no longer log in').waitFor();
    await loginHeading(page).waitFor();
    expect(page.url()).toBe(`${server.url}/login?error=token-link`);
    expect(await page.getByText('Bot Dashboard').count()).toBe(0);
    await page.context().close();
  });

  it('the login form is usable by keyboard and labelled', async () => {
    const page = await openPage(browser, `${server.url}/admin`);
    await loginHeading(page).waitFor();
    // The token field has focus at once.
    expect(await page.evaluate(() => document.activeElement?.getAttribute('type'))).toBe('password');
    await page.keyboard.type(TEST_ADMIN_TOKEN);
    await page.keyboard.press('Enter');
    await page.getByText('Bot Dashboard').waitFor();
    await page.context().close();
  });
});
