import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Browser, launchBrowser, startWebServer } from '../helpers/browser';
import { setGuildPlan } from '../helpers/guilds';
import type { TestServer } from '../helpers/server';
import { tableCounts } from '../helpers/server';
import { adminPage, insertGuild, screenshotMatrix } from './admin-screens-helpers';

/** The Escalation rules card on the Moderation screen: add a rule, a bad one refused, remove; locked on Free. */

let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startWebServer(), launchBrowser()]);
  await insertGuild(server, 'e-plus');
  await insertGuild(server, 'e-free');
  await setGuildPlan(server.services, 'e-plus', 'plus');
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const rules = async () => (await server.api('/api/cases/escalations?guildId=e-plus', { admin: true })).json;

describe('Escalation rules on the Moderation screen', () => {
  it('adds a rule, refuses a bad one by name writing nothing, and removes a rule', async () => {
    const page = await adminPage(browser, server, '/admin/moderation?guildId=e-plus');
    const card = page.getByTestId('escalations-card');
    await card.getByTestId('escalations-empty').waitFor();

    await card.getByRole('button', { name: 'Add rule' }).click();
    await page.getByText('Escalation rule added').waitFor();
    await card.getByTestId('escalation-row').filter({ hasText: '3 warns in 7 days → timeout 1h' }).waitFor();
    expect(await rules()).toMatchObject([
      { counts: 'warn', threshold: 3, windowDays: 7, durationSeconds: 3600 },
    ]);

    const before = await tableCounts(server.services);
    await card.getByLabel('For').fill('soon');
    await card.getByRole('button', { name: 'Add rule' }).click();
    await card.getByText('Duration: "soon" is not a duration').waitFor();
    await card.getByLabel('For').fill('1h');
    await card.getByLabel('After', { exact: true }).fill('1');
    await card.getByRole('button', { name: 'Add rule' }).click();
    await card.getByText('threshold: at least 2').waitFor();
    expect(await tableCounts(server.services)).toEqual(before);

    await card.getByLabel('After', { exact: true }).fill('2');
    await card.getByLabel('Of', { exact: true }).click();
    await page.getByRole('option', { name: 'timeouts', exact: true }).click();
    await card.getByLabel('Within days').fill('30');
    await card.getByLabel('Then', { exact: true }).click();
    await page.getByRole('option', { name: 'ban', exact: true }).click();
    await card.getByRole('button', { name: 'Add rule' }).click();
    await card.getByTestId('escalation-row').filter({ hasText: '2 timeouts in 30 days → ban' }).waitFor();

    const [first] = await rules();
    await card.getByRole('button', { name: `Remove rule #${first.id}` }).click();
    await page.getByText('Escalation rule removed').waitFor();
    await expect.poll(() => card.getByTestId('escalation-row').count()).toBe(1);
    expect((await rules()).map((r: { action: string }) => r.action)).toEqual(['ban']);
    await page.context().close();
  });

  it('screenshots (dark/light, desktop/phone), Plus and Free', async () => {
    const errors = await screenshotMatrix(
      browser,
      server,
      'moderation-escalations',
      { plus: '/admin/moderation?guildId=e-plus', free: '/admin/moderation?guildId=e-free' },
      async (page, kind) => {
        const card = page.getByTestId('escalations-card');
        await card
          .getByText(kind === 'plus' ? '2 timeouts in 30 days → ban' : 'needs the Plus plan')
          .first()
          .waitFor();
        await card.scrollIntoViewIfNeeded();
      },
    );
    expect(errors).toEqual([]);
  }, 180_000);
});
