import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SUPPORT_TARGETS } from '../../src/common/plans';
import { type Browser, launchBrowser, shotOf, startWebServer, visit } from '../helpers/browser';
import { seedGuild } from '../helpers/guilds';
import type { TestServer } from '../helpers/server';
import { adminPage, screenshotMatrix } from './admin-screens-helpers';

/**
 * Ultimate's account manager in the browser: the operator assigns one from a verified Ultimate
 * message in the inbox; the message is tagged with them; the server's Plan & Usage card (Settings)
 * names them; an Ultimate server without one reads that none is assigned yet, and the reply time.
 */

const ASSIGNED = '710000000000000001';
const WAITING = '710000000000000002';
let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startWebServer(), launchBrowser()]);
  await seedGuild(server.services, ASSIGNED, { plan: 'ultimate' });
  await seedGuild(server.services, WAITING, { plan: 'ultimate' });
  // The operator's token counts as managing every server: the message is verified, Ultimate.
  const res = await server.api('/api/contact', {
    method: 'POST',
    admin: true,
    body: {
      name: 'Ana Souza',
      email: 'ana@example.com',
      type: 'support',
      subject: 'Our network grows',
      message: 'Who is our contact?',
      serverId: ASSIGNED,
    },
  });
  expect(res.status).toBe(201);
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('account manager', { timeout: 180_000 }, () => {
  it('the operator assigns one in the inbox; the message is tagged; the server’s Settings names them', async () => {
    const page = await adminPage(browser, server, `/admin/inbox?guildId=${ASSIGNED}`);
    await page.getByTestId('inbox-row').first().click();
    const form = page.getByTestId('account-manager-form');
    await form.getByLabel(/^Name/).fill('Maya Chen');
    await form.getByLabel(/^Email/).fill('maya@polyglot.example');
    await form.getByRole('button', { name: 'Assign' }).click();
    await page.getByText("Maya Chen is this server's account manager").waitFor();
    await page.getByTestId('inbox-row').first().getByTestId('account-manager-badge').waitFor();
    expect(
      await page.getByTestId('inbox-row').first().getByTestId('account-manager-badge').textContent(),
    ).toBe('For Maya Chen');
    await form.getByRole('button', { name: 'Change' }).waitFor();

    await page.goto(`${server.url}/admin/settings?guildId=${ASSIGNED}`);
    const line = page.getByTestId('account-manager');
    await line.getByText('Maya Chen').waitFor();
    expect(await line.textContent()).toBe('Your account manager: Maya Chen · maya@polyglot.example');
    expect(await line.getByRole('link').getAttribute('href')).toBe('mailto:maya@polyglot.example');

    // Signed in, writing about that server on the contact page: told who receives it too.
    await visit(page, `${server.url}/contact`);
    await page.getByLabel('Server ID (optional)').fill(ASSIGNED);
    await page.getByTestId('manager-note').waitFor();
    expect(await page.getByTestId('manager-note').textContent()).toBe(
      'This message is marked for your account manager, Maya Chen.',
    );
    await shotOf(page.getByTestId('manager-note').locator('xpath=..'), 'account-manager-contact-note');

    await page.goto(`${server.url}/admin/settings?guildId=${WAITING}`);
    await page
      .getByTestId('account-manager')
      .getByText(/No account manager is assigned/)
      .waitFor();
    expect(await page.getByTestId('account-manager').textContent()).toContain(
      `support answers within ${SUPPORT_TARGETS.ultimate.label}`,
    );
    await page.context().close();
  });

  it('screenshots: the inbox with the form, Settings with and without a manager', async () => {
    const errors = await screenshotMatrix(
      browser,
      server,
      'account-manager',
      {
        inbox: `/admin/inbox?guildId=${ASSIGNED}`,
        assigned: `/admin/settings?guildId=${ASSIGNED}`,
        waiting: `/admin/settings?guildId=${WAITING}`,
      },
      async (page, kind) => {
        if (kind === 'inbox') {
          await page.getByTestId('inbox-row').first().click();
          await page.getByTestId('account-manager-form').getByRole('button', { name: 'Change' }).waitFor();
        } else {
          await page.getByTestId('account-manager').waitFor();
        }
      },
    );
    expect(errors).toEqual([]);
  });
});
