import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Browser,
  launchBrowser,
  openPage,
  pageErrors,
  shot,
  startWebServer,
  THEMES_AND_WIDTHS,
} from '../helpers/browser';
import type { TestServer } from '../helpers/server';

/** The footer's "Set up the bot" opens docs/discord-setup.md rendered in the site's type (marked), not raw Markdown. */
let server: TestServer;
let browser: Browser;
beforeAll(async () => {
  // No DISCORD_CLIENT_ID: the footer offers the setup guide instead of Add to Discord.
  [server, browser] = await Promise.all([
    startWebServer({ env: { DISCORD_CLIENT_ID: '' } }),
    launchBrowser(),
  ]);
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('the setup guide page', () => {
  it('the footer link opens /setup, which renders the guide: headings, the permissions table, code, links', async () => {
    const page = await openPage(browser, `${server.url}/`);
    const errors = pageErrors(page);
    await page.getByRole('link', { name: 'Set up the bot (for the owner of this site)' }).click();
    await page.waitForURL(`${server.url}/setup`);
    const guide = page.getByTestId('setup-guide');
    await guide.getByRole('heading', { level: 1, name: 'Setting up the Discord bot' }).waitFor();
    await guide.getByRole('heading', { level: 2, name: '2. Permissions the bot needs' }).waitFor();
    // The permissions table is a table, with the feature rows.
    const table = guide.getByRole('table').first();
    await table.getByRole('columnheader', { name: 'Permissions' }).waitFor();
    await table.getByRole('cell', { name: 'Moderation', exact: true }).waitFor();
    // Markdown's marks are not shown as text.
    const text = (await guide.textContent()) ?? '';
    expect(text).not.toMatch(/^#+ |\|---|\*\*/m);
    // Inline code and the invite example as code; outside links open in a new tab; another doc of docs/ at /docs/.
    expect(await guide.locator('code', { hasText: 'DISCORD_TOKEN' }).count()).toBeGreaterThan(0);
    expect(await guide.locator('pre').count()).toBeGreaterThan(0);
    const portal = guide.getByRole('link', { name: 'https://discord.com/developers/applications' });
    expect(await portal.getAttribute('target')).toBe('_blank');
    expect(await guide.getByRole('link', { name: 'security.md' }).getAttribute('href')).toBe(
      '/docs/security.md',
    );
    expect(await page.title()).toBe('Setting up the bot · Polyglot');
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('screenshots, dark and light, desktop and phone: nothing wider than the screen but the tables’ own scroll', async () => {
    for (const [theme, device, size] of THEMES_AND_WIDTHS) {
      const page = await openPage(browser, `${server.url}/setup`, { theme, ...size });
      await page.getByTestId('setup-guide').getByRole('table').first().waitFor();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await shot(page, `setup-guide-${theme}-${device}`);
      await page.context().close();
    }
  }, 180_000);
});
