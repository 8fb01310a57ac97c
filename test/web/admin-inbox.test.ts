import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Browser, launchBrowser, shot, startWebServer } from '../helpers/browser';
import type { TestServer } from '../helpers/server';
import { adminPage, insertGuild } from './admin-screens-helpers';

/** The operator's contact inbox in the dashboard: list, filter, read, reply by email, archive. */

let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startWebServer(), launchBrowser()]);
  await insertGuild(server, 'g-inbox');
  const send = (body: Record<string, string>) => server.api('/api/contact', { method: 'POST', body });
  await send({
    name: 'Ana Souza',
    email: 'ana@example.com',
    subject: 'Bot stopped translating',
    type: 'bug',
    message: 'Since yesterday nothing is translated in #general.\nServer 123.',
  });
  await send({
    name: 'Kenji',
    email: 'kenji@example.com',
    subject: 'Please add Klingon',
    type: 'feature',
    message: 'Qapla!',
  });
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('Inbox', () => {
  it('the operator finds it in the sidebar, filters by type, opens a message (read), replies by email and archives it', async () => {
    const page = await adminPage(browser, server, '/admin?guildId=g-inbox');
    page.context().setDefaultTimeout(8000);
    await page.getByRole('link', { name: 'Inbox' }).click();
    await page.getByText('Messages from the contact form, for the operator of this installation').waitFor();
    const rows = page.getByTestId('inbox-row');
    await rows.first().waitFor();
    expect(await rows.count()).toBe(2);
    await page.getByTestId('unread-count').getByText('2 unread').waitFor();
    expect(await rows.first().textContent()).toMatch(
      /Please add Klingon[\s\S]*Kenji · kenji@example.com[\s\S]*Feature Request/i,
    );
    await page.getByText('Email forwarding is off: set SMTP_URL and CONTACT_TO').waitFor();

    await page.getByLabel('Filter by type').first().click();
    await page.getByRole('option', { name: 'Bug Report' }).click();
    await page.getByText('Please add Klingon').waitFor({ state: 'hidden' });
    expect(await rows.count()).toBe(1);

    await rows.first().click();
    const detail = page.getByTestId('inbox-detail');
    await detail.getByText('Since yesterday nothing is translated in #general.').waitFor();
    await page.getByTestId('unread-count').getByText('1 unread').waitFor();
    const href = await detail.getByRole('link', { name: 'Reply by email' }).getAttribute('href');
    expect(href).toMatch(/^mailto:ana%40example\.com\?subject=Re%3A%20Bot%20stopped%20translating&body=/);
    expect(decodeURIComponent(href!.split('body=')[1]!)).toContain('> Since yesterday nothing is translated');
    await shot(page, 'inbox-detail');

    await detail.getByRole('button', { name: 'Archive' }).click();
    await page.getByText('Message archived').waitFor();
    await page.getByText('No messages', { exact: true }).waitFor();
    await page.getByText('Archived', { exact: true }).click();
    await rows.first().getByText('Bot stopped translating').waitFor();
    const stored = server.services.db
      .$sqlite!.prepare(
        "select read_at, archived_at from contact_messages where subject = 'Bot stopped translating'",
      )
      .get() as { read_at: number | null; archived_at: number | null };
    expect(stored.read_at).not.toBeNull();
    expect(stored.archived_at).not.toBeNull();
    await page.context().close();
  });

  it('looks finished on a phone, light theme', async () => {
    const page = await adminPage(browser, server, '/admin/inbox?guildId=g-inbox', {
      theme: 'light',
      width: 375,
      height: 800,
    });
    await page.getByTestId('inbox-row').first().waitFor();
    await shot(page, 'inbox-phone-light');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
    expect(overflow).toBe(false);
    await page.context().close();
  });
});
