import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../../db/demo';
import { type Browser, launchBrowser, type Page, startWebServer } from '../helpers/browser';
import type { TestServer } from '../helpers/server';
import { hideAuthor } from '../../src/server/features/translation/hidden-authors';
import { setTranslated } from '../../src/server/features/translation/opt-outs';
import { adminPage, insertGuild, screenshotMatrix } from './admin-screens-helpers';

let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startWebServer(), launchBrowser()]);
  await insertGuild(server, 't1');
  await insertGuild(server, 't-empty');
  await seedDemo(server.services.db, 'demo1', new Date());
  // Members' own choices on the demo server (the screenshots): two keep out, one hides someone.
  await setTranslated(server.services.db, 'demo1', '900000000000000001', false);
  await setTranslated(server.services.db, 'demo1', '900000000000000002', false);
  await hideAuthor(server.services.db, 'demo1', '900000000000000003', '900000000000000004');
  // The demo server's own short chatter (the screenshots show the field filled).
  await server.api('/api/translation/settings?guildId=demo1', {
    method: 'PATCH',
    admin: true,
    body: { trivialTerms: ['kekw', 'pog', 'órale'] },
  });
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const settings = async (guildId: string) =>
  (await server.api(`/api/translation/settings?guildId=${guildId}`, { admin: true })).json;

/** The fields of each translation.updateSettings call the page makes (besides guildId). */
function recordUpdates(page: Page): string[][] {
  const calls: string[][] = [];
  page.on('request', (req) => {
    if (!req.url().includes('translation.updateSettings')) return;
    const body = req.postDataJSON() as Record<string, { json: Record<string, unknown> }>;
    for (const call of Object.values(body)) calls.push(Object.keys(call.json).filter((k) => k !== 'guildId'));
  });
  return calls;
}

/** Does `act`, waits for the save it makes, then for the success toast. */
async function saved(page: Page, act: () => Promise<void>) {
  const response = page.waitForResponse((r) => r.url().includes('translation.updateSettings'));
  await act();
  expect((await response).ok()).toBe(true);
  await page.getByText('Settings updated', { exact: true }).first().waitFor();
}

describe('Translation Settings', () => {
  it('saves each control on its own at once, and the values survive a reload', async () => {
    const page = await adminPage(browser, server, '/admin/translation?guildId=t1');
    const calls = recordUpdates(page);
    const autoDetect = page.getByRole('switch', { name: 'Auto-detect language' });
    const context = page.getByRole('switch', { name: 'Context preservation' });
    const chatter = page.getByRole('switch', { name: 'Skip short chatter' });
    await autoDetect.waitFor();
    // Defaults of spec section 3 (and issue 28's chatter switch, on).
    expect(await autoDetect.isChecked()).toBe(true);
    expect(await context.isChecked()).toBe(true);
    expect(await chatter.isChecked()).toBe(true);
    expect(await page.getByRole('radio', { name: 'Casual' }).isChecked()).toBe(true);
    expect(await page.getByRole('slider').getAttribute('aria-valuenow')).toBe('50');

    await saved(page, () => autoDetect.click({ force: true }));
    await saved(page, () => context.click({ force: true }));
    await saved(page, () => chatter.click({ force: true }));
    await saved(page, () => page.getByText('Formal', { exact: true }).click());
    // The slider moves in steps of 10.
    await page.getByRole('slider').focus();
    await saved(page, () => page.keyboard.press('ArrowRight'));
    expect(await page.getByTestId('rate-value').textContent()).toBe('60 messages per user per hour');

    expect(calls).toEqual([
      ['autoDetect'],
      ['contextPreservation'],
      ['skipTrivial'],
      ['translationTone'],
      ['rateLimitPerUser'],
    ]);
    expect(await settings('t1')).toMatchObject({
      autoDetect: false,
      contextPreservation: false,
      skipTrivial: false,
      translationTone: 'formal',
      rateLimitPerUser: 60,
    });

    await page.reload();
    await autoDetect.waitFor();
    expect(await autoDetect.isChecked()).toBe(false);
    expect(await context.isChecked()).toBe(false);
    expect(await chatter.isChecked()).toBe(false);
    expect(await page.getByRole('radio', { name: 'Formal' }).isChecked()).toBe(true);
    expect(await page.getByRole('slider').getAttribute('aria-valuenow')).toBe('60');

    // ... between 10 and 200.
    await page.getByRole('slider').focus();
    await saved(page, () => page.keyboard.press('End'));
    expect((await settings('t1')).rateLimitPerUser).toBe(200);
    await saved(page, () => page.keyboard.press('Home'));
    expect((await settings('t1')).rateLimitPerUser).toBe(10);
    await page.context().close();
  });

  it("saves the server's own short-chatter terms in their stored form, names a refused term without saving, and is disabled with the switch off", async () => {
    await insertGuild(server, 't-own');
    const page = await adminPage(browser, server, '/admin/translation?guildId=t-own');
    const calls = recordUpdates(page);
    const input = page.getByTestId('trivial-terms');
    await input.waitFor();
    expect(await input.isDisabled()).toBe(false);
    await saved(page, async () => {
      await input.fill('KEKW');
      await input.press('Enter');
    });
    await saved(page, async () => {
      await input.fill('pog');
      await input.press('Enter');
    });
    expect((await settings('t-own')).trivialTerms).toEqual(['kekw', 'pog']);

    await input.fill('42');
    await input.press('Enter');
    await page.getByText('"42" must contain a letter (a number alone is an answer)').waitFor();
    expect((await settings('t-own')).trivialTerms).toEqual(['kekw', 'pog']);
    expect(calls).toEqual([['trivialTerms'], ['trivialTerms']]);

    await page.reload();
    await input.waitFor();
    await page.getByText('kekw', { exact: true }).waitFor();
    await page.getByText('pog', { exact: true }).waitFor();
    await saved(page, () => page.getByRole('switch', { name: 'Skip short chatter' }).click({ force: true }));
    await expect.poll(() => input.isDisabled()).toBe(true);
    expect((await settings('t-own')).trivialTerms).toEqual(['kekw', 'pog']);
    await page.context().close();
  });

  it("shows the server's message and puts the control back when a save fails", async () => {
    const page = await adminPage(browser, server, '/admin/translation?guildId=t1');
    const context = page.getByRole('switch', { name: 'Context preservation' });
    await context.waitFor();
    const before = await context.isChecked();
    await page.route('**/trpc/translation.updateSettings*', (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify([
          {
            error: {
              json: {
                message: 'database is locked',
                code: -32603,
                data: { code: 'INTERNAL_SERVER_ERROR', httpStatus: 500 },
              },
            },
          },
        ]),
      }),
    );
    await context.click({ force: true });
    await page.getByText('database is locked').waitFor();
    await expect.poll(() => context.isChecked()).toBe(before);
    await page.context().close();
  });

  it("shows members' own choices as counts (never who), with an empty state, and follows a change", async () => {
    const db = server.services.db;
    await insertGuild(server, 't-opt');
    const page = await adminPage(browser, server, '/admin/translation?guildId=t-opt');
    const card = page.getByTestId('opt-outs');
    await card.getByTestId('opt-outs-none').waitFor();
    expect(await card.textContent()).toContain('No member has opted out');
    // Three members keep out (one of them twice: counted once); one member hides two people, another one.
    for (const u of ['1001', '1002', '1003', '1003']) await setTranslated(db, 't-opt', u, false);
    await hideAuthor(db, 't-opt', '2001', '3001');
    await hideAuthor(db, 't-opt', '2001', '3002');
    await hideAuthor(db, 't-opt', '2002', '3001');
    await page.reload();
    await card.getByTestId('opt-outs-not-translated').waitFor();
    expect(await card.getByTestId('opt-outs-not-translated').textContent()).toMatch(
      /^3\s*members keep their messages out of translation\s*\/translate-me off/,
    );
    expect(await card.getByTestId('opt-outs-hiding').textContent()).toMatch(
      /^2\s*members hide someone's translations\s*\/hide-translations-of/,
    );
    expect(await card.getByTestId('opt-outs-none').count()).toBe(0);
    // No member id or name is shown.
    expect(await card.textContent()).not.toMatch(/100[1-3]|200[12]|300[12]/);
    // One member back in: the singular.
    await setTranslated(db, 't-opt', '1001', true);
    await setTranslated(db, 't-opt', '1002', true);
    await page.reload();
    await card.getByText('member keeps their messages out of translation', { exact: true }).waitFor();
    expect(await card.getByTestId('opt-outs-not-translated').textContent()).toMatch(/^1\s*member keeps/);
    await page.context().close();
  });

  it('screenshots: demo data and defaults, dark and light, desktop and phone', async () => {
    const errors = await screenshotMatrix(
      browser,
      server,
      'translation',
      { data: '/admin/translation?guildId=demo1', empty: '/admin/translation?guildId=t-empty' },
      async (page, kind) => {
        await page.getByRole('slider').waitFor();
        await page.getByTestId(kind === 'data' ? 'opt-outs-hiding' : 'opt-outs-none').waitFor();
      },
    );
    expect(errors).toEqual([]);
  }, 180_000);
});
