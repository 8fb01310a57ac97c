import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { guilds } from '../../db/schema';
import {
  type Browser,
  blankPage,
  launchBrowser,
  loginAsAdmin,
  type Page,
  PHONE,
  pageErrors,
  settled,
  shot,
  startWebServer,
  THEMES_AND_WIDTHS,
  unlabelledControls,
} from '../helpers/browser';
import type { TestServer } from '../helpers/server';

const ITEMS: [string, string][] = [
  ['Dashboard', '/admin'],
  ['Translation', '/admin/translation'],
  ['Channels', '/admin/channels'],
  ['Announcements', '/admin/announcements'],
  ['Support Tickets', '/admin/tickets'],
  ['Polls', '/admin/polls'],
  ['Welcome & Roles', '/admin/welcome'],
  ['Moderation', '/admin/moderation'],
  ['Language Learning', '/admin/language-learning'],
  ['Voice Translation', '/admin/voice-translation'],
  ['Integrations', '/admin/integrations'],
  ['Analytics', '/admin/analytics'],
  ['Settings', '/admin/settings'],
];

let server: TestServer;
let browser: Browser;
beforeAll(async () => {
  [server, browser] = await Promise.all([startWebServer(), launchBrowser()]);
  await server.services.db
    .insert(guilds)
    .values([
      { id: '111111111111111111', name: 'Polyglot Gamers', present: true },
      { id: '222222222222222222', name: 'Lingua Club', present: true },
    ])
    .run();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

async function adminPage(path: string, opts: Parameters<typeof blankPage>[1] = {}): Promise<Page> {
  const page = await blankPage(browser, opts);
  await loginAsAdmin(page, server);
  await page.goto(`${server.url}${path}`);
  await page.getByTestId('sidebar-toggle').waitFor();
  return page;
}

const nav = (page: Page) => page.getByRole('navigation', { name: 'Navigation' });
const navbarWidth = (page: Page) =>
  page.locator('[data-testid="sidebar"]').evaluate((el) => Math.round(el.getBoundingClientRect().width));

async function sidebarCookie(page: Page) {
  return (await page.context().cookies()).find((c) => c.name === 'sidebar_state');
}

describe('admin shell', { timeout: 60_000 }, () => {
  it('has the title, the Navigation group with the 13 items and routes, and the footer', async () => {
    const page = await adminPage('/admin');
    const errors = pageErrors(page);
    await page.getByText('Navigation', { exact: true }).waitFor();
    await page.getByText('AI-Powered Translation').waitFor();
    const links = nav(page).getByRole('link');
    expect(await links.count()).toBe(ITEMS.length);
    for (const [i, [label, path]] of ITEMS.entries()) {
      expect((await links.nth(i).textContent())?.trim()).toBe(label);
      expect(new URL(await links.nth(i).evaluate((a) => (a as HTMLAnchorElement).href)).pathname).toBe(path);
    }
    // The header: sidebar toggle, guild picker, theme control and logout, each labelled.
    for (const name of ['Collapse sidebar', 'Switch to light theme', 'Log out']) {
      await page.getByRole('button', { name }).waitFor();
    }
    await page.locator('input[aria-label="Discord server"]').waitFor();
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('marks the item of the current path active, /admin/dashboard included', async () => {
    const page = await adminPage('/admin/tickets');
    const current = nav(page).locator('[aria-current="page"]');
    expect(await current.textContent()).toBe('Support Tickets');
    await nav(page).getByRole('link', { name: 'Language Learning' }).click();
    await page.waitForURL(`${server.url}/admin/language-learning`);
    expect(await current.textContent()).toBe('Language Learning');
    await page.goto(`${server.url}/admin/dashboard`);
    await nav(page).waitFor();
    expect(await current.textContent()).toBe('Dashboard');
    await page.context().close();
  });

  it('Ctrl+B collapses the sidebar to 3 rem icons and the cookie keeps it for 7 days across a reload', async () => {
    const page = await adminPage('/admin');
    expect(await navbarWidth(page)).toBe(256);
    await page.keyboard.press('Control+b');
    await page.waitForFunction(
      () => document.querySelector('[data-testid="sidebar"]')?.getBoundingClientRect().width === 48,
    );
    const cookie = await sidebarCookie(page);
    expect(cookie?.value).toBe('false');
    const days = ((cookie?.expires ?? 0) * 1000 - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.9);
    expect(days).toBeLessThanOrEqual(7);
    // Icons only, each still named for assistive technology.
    expect(await nav(page).getByRole('link', { name: 'Support Tickets' }).isVisible()).toBe(true);
    expect(await unlabelledControls(page)).toEqual([]);
    expect(await page.getByText('AI-Powered Translation', { exact: true }).count()).toBe(0);
    await shot(page, 'shell-collapsed-dark-desktop');

    await page.reload();
    await nav(page).waitFor();
    expect(await navbarWidth(page)).toBe(48);
    await page.keyboard.press('Meta+b');
    await page.waitForFunction(
      () => document.querySelector('[data-testid="sidebar"]')?.getBoundingClientRect().width === 256,
    );
    expect((await sidebarCookie(page))?.value).toBe('true');
    await page.getByRole('button', { name: 'Collapse sidebar' }).click();
    await page.waitForFunction(
      () => document.querySelector('[data-testid="sidebar"]')?.getBoundingClientRect().width === 48,
    );
    await page.context().close();
  });

  it('below 768 px the sidebar is a slide-in sheet of 18 rem', async () => {
    const page = await adminPage('/admin', PHONE);
    // The desktop sidebar is off screen; the content has the full width.
    expect(await nav(page).count()).toBe(0);
    await page.getByRole('button', { name: 'Open sidebar' }).click();
    const sheet = page.getByRole('dialog', { name: 'Navigation menu' });
    await sheet.waitFor();
    await settled(page); // slid in
    const box = await sheet.locator('nav[aria-label="Navigation"]').evaluate((el) => {
      const r = el.closest('section')?.getBoundingClientRect() ?? el.getBoundingClientRect();
      return { left: Math.round(r.left), width: Math.round(r.width) };
    });
    expect(box).toEqual({ left: 0, width: 288 });
    await shot(page, 'shell-sheet-dark-phone');
    await sheet.getByRole('link', { name: 'Polls' }).click();
    await page.waitForURL(`${server.url}/admin/polls`);
    await sheet.waitFor({ state: 'hidden' });
    await page.keyboard.press('Control+b');
    await sheet.waitFor();
    await page.keyboard.press('Escape');
    await sheet.waitFor({ state: 'hidden' });
    await page.context().close();
  });

  it('the guild picker sets ?guildId= and the sidebar links keep it', async () => {
    const page = await adminPage('/admin/channels');
    await page.locator('input[aria-label="Discord server"]').click();
    await page.getByRole('option', { name: /Lingua Club/ }).click();
    await page.waitForURL(`${server.url}/admin/channels?guildId=222222222222222222`);
    const href = await nav(page).getByRole('link', { name: 'Polls' }).getAttribute('href');
    expect(href).toBe('/admin/polls?guildId=222222222222222222');
    await nav(page).getByRole('link', { name: 'Polls' }).click();
    await page.waitForURL(`${server.url}/admin/polls?guildId=222222222222222222`);
    expect(await page.locator('input[aria-label="Discord server"]').inputValue()).toBe('Lingua Club');
    await page.locator('input[aria-label="Discord server"]').click();
    // One entry per server: the operator's default server is listed once, by its name.
    expect(await page.getByRole('option', { name: /Default server/ }).count()).toBe(1);
    expect(await page.getByRole('option', { name: /Lingua Club/ }).count()).toBe(1);
    await page.getByRole('option', { name: /Default server/ }).click();
    await page.waitForURL(`${server.url}/admin/polls?guildId=default`);
    await page.context().close();
  });

  it('can be used with the keyboard alone, with a visible focus ring', async () => {
    const page = await adminPage('/admin');
    // Tab from the top: skip link first, then into the header and the sidebar.
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Skip to content');
    let reached = false;
    for (let i = 0; i < 12 && !reached; i++) {
      await page.keyboard.press('Tab');
      reached = (await page.evaluate(() => document.activeElement?.textContent?.trim())) === 'Translation';
    }
    expect(reached).toBe(true);
    const outline = await page.evaluate(
      () => getComputedStyle(document.activeElement as Element).outlineStyle,
    );
    expect(outline).not.toBe('none');
    await page.keyboard.press('Enter');
    await page.waitForURL(`${server.url}/admin/translation`);
    await page.context().close();
  });

  for (const [theme, device, size] of THEMES_AND_WIDTHS) {
    it(`screenshot: ${theme} ${device}`, async () => {
      const page = await adminPage('/admin/settings', { theme, ...size });
      expect(await page.evaluate(() => document.documentElement.className)).toBe(theme);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      expect(await unlabelledControls(page)).toEqual([]);
      await shot(page, `shell-${theme}-${device}`);
      await page.context().close();
    });
  }

  it('logout returns to the login page and the admin routes ask to log in again', async () => {
    const page = await adminPage('/admin');
    await page.getByRole('button', { name: 'Log out' }).click();
    await page.waitForURL(`${server.url}/login`);
    await page.getByRole('heading', { name: 'Log in to the dashboard' }).waitFor();
    await page.goto(`${server.url}/admin/polls`);
    await page.getByRole('heading', { name: 'Log in to the dashboard' }).waitFor();
    expect(await page.getByText('Bot Dashboard').count()).toBe(0);
    await page.context().close();
  });
});
