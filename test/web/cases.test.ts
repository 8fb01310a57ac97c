import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertCase } from '../../src/server/features/cases/cases';
import { type Browser, launchBrowser, startWebServer } from '../helpers/browser';
import { setGuildPlan } from '../helpers/guilds';
import type { TestServer } from '../helpers/server';
import { adminPage, insertGuild, screenshotMatrix } from './admin-screens-helpers';

/** The Cases card on the Moderation screen: filter, search, edit a reason, revoke; locked on Free. */

let server: TestServer;
let browser: Browser;
const ANA = '100000000000000001';
const BEN = '100000000000000002';

beforeAll(async () => {
  [server, browser] = await Promise.all([startWebServer(), launchBrowser()]);
  await insertGuild(server, 'c-plus');
  await insertGuild(server, 'c-free');
  await setGuildPlan(server.services, 'c-plus', 'plus');
  const now = Date.now();
  const rows = [
    { action: 'warn', targetId: ANA, targetName: 'ana_es', reason: 'Spam links in #general' },
    { action: 'timeout', targetId: BEN, targetName: 'ben', reason: 'Flooding', durationSeconds: 7200 },
    { action: 'warn', targetId: BEN, targetName: 'ben', reason: '' },
    { action: 'ban', targetId: ANA, targetName: 'ana_es', reason: 'Scam links after two warnings' },
  ] as const;
  for (const [i, r] of rows.entries()) {
    await insertCase(
      server.services.db,
      'c-plus',
      { moderatorId: '100000000000000009', moderatorName: 'chloe', durationSeconds: null, ...r },
      new Date(now - (rows.length - i) * 3600_000),
    );
  }
  await insertCase(
    server.services.db,
    'c-plus',
    {
      action: 'timeout',
      targetId: BEN,
      targetName: '',
      moderatorId: null,
      moderatorName: '',
      reason: 'Automatic: flood',
      durationSeconds: 600,
    },
    new Date(now - 60_000),
  );
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const cases = async () => (await server.api('/api/cases?guildId=c-plus', { admin: true })).json;

describe('Cases on the Moderation screen', () => {
  it('filters by action, searches a member, edits a reason and revokes a case', async () => {
    const page = await adminPage(browser, server, '/admin/moderation?guildId=c-plus');
    const rows = page.getByTestId('case-row');
    await rows.first().waitFor();
    await expect.poll(() => rows.count()).toBe(5);
    await rows
      .filter({ hasText: 'Automatic: flood' })
      .getByText(/· automatic$/)
      .waitFor({ timeout: 5000 });
    // Names, never ids: a member the server knows no name of is "Unknown member" (id in a tooltip),
    // the moderator by name with an avatar.
    const auto = rows.filter({ hasText: 'Automatic: flood' });
    await auto.getByTestId('member-name').getByText('Unknown member').waitFor();
    expect(await auto.textContent()).not.toContain(BEN);
    await rows
      .filter({ hasText: 'Flooding' })
      .getByTestId('member-name')
      .filter({ hasText: 'chloe' })
      .waitFor();
    expect(await rows.filter({ hasText: 'Flooding' }).textContent()).not.toContain('100000000000000009');

    await page.getByTestId('cases-card').getByLabel('Action', { exact: true }).click();
    await page.getByRole('option', { name: 'Ban', exact: true }).click();
    await expect.poll(() => rows.count()).toBe(1);
    await page.getByText('Scam links after two warnings').waitFor();
    await page.getByTestId('cases-card').getByLabel('Action', { exact: true }).click();
    await page.getByRole('option', { name: 'Warn', exact: true }).click();
    await expect.poll(() => rows.count()).toBe(2);
    await page.getByLabel('Member').fill('ana');
    await expect.poll(() => rows.count()).toBe(1);
    await page.getByLabel('Member').fill('nobody');
    await page.getByText('No case matches').waitFor();
    await page.getByLabel('Member').fill('');
    await expect.poll(() => rows.count()).toBe(2);

    const ben = rows.filter({ hasText: 'No reason given' });
    await ben.getByRole('button', { name: 'Edit reason' }).click();
    await page.getByLabel('Reason of case #3').fill('Insults in voice chat');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Case #3 updated').waitFor();
    await expect
      .poll(async () => (await cases()).find((c: { number: number }) => c.number === 3)?.reason)
      .toBe('Insults in voice chat');

    await rows.filter({ hasText: 'Insults in voice chat' }).getByRole('button', { name: 'Revoke' }).click();
    await page.getByText('Case #3 revoked').waitFor();
    await rows.filter({ hasText: 'Insults in voice chat' }).getByText('Revoked').waitFor();
    expect((await cases()).find((c: { number: number }) => c.number === 3)?.revokedAt).toEqual(
      expect.any(String),
    );
    await page.context().close();
  });

  it('on Free the card names the Plus plan', async () => {
    const page = await adminPage(browser, server, '/admin/moderation?guildId=c-free');
    await page.getByTestId('cases-card').getByText('Moderation cases needs the Plus plan').waitFor();
    await page.context().close();
  });

  it('screenshots (dark/light, desktop/phone)', async () => {
    const errors = await screenshotMatrix(
      browser,
      server,
      'moderation-cases',
      { plus: '/admin/moderation?guildId=c-plus', free: '/admin/moderation?guildId=c-free' },
      async (page, kind) => {
        const card = page.getByTestId('cases-card');
        await card
          .getByText(kind === 'plus' ? 'Scam links after two warnings' : 'needs the Plus plan')
          .first()
          .waitFor();
        await card.scrollIntoViewIfNeeded();
      },
    );
    expect(errors).toEqual([]);
  }, 180_000);
});
