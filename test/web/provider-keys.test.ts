import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeDeepL, startFakeDeepL } from '../fakes/deepl';
import { type Browser, launchBrowser, startWebServer } from '../helpers/browser';
import { setGuildPlan } from '../helpers/guilds';
import type { TestServer } from '../helpers/server';
import { adminPage, insertGuild, screenshotMatrix } from './admin-screens-helpers';

/** Issue 28: the "Your own provider key" card on Translation settings, against the fake DeepL. */
const KEY = 'deepl-test-key:fx';
let server: TestServer;
let browser: Browser;
let deepl: FakeDeepL;

beforeAll(async () => {
  deepl = await startFakeDeepL(KEY);
  [server, browser] = await Promise.all([
    startWebServer({
      env: { DEEPL_SERVER_URL: deepl.url, PROVIDER_KEY_SECRET: Buffer.alloc(32, 3).toString('base64') },
    }),
    launchBrowser(),
  ]);
  await insertGuild(server, 'pk1');
  await setGuildPlan(server.services, 'pk1', 'plus');
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
  await deepl?.close();
});

describe('Your own provider key card', () => {
  it('checks and saves a DeepL key, shows only its last 4, and is looked at in both themes and sizes', async () => {
    const page = await adminPage(browser, server, '/admin/translation?guildId=pk1');
    const card = page.getByTestId('provider-key');
    await card.getByText('DeepL', { exact: true }).click();
    await card.getByLabel('Key').fill(KEY);
    await card.getByRole('button', { name: 'Check and save' }).click();
    await card.getByText('key ending in').waitFor();
    expect(await card.textContent()).not.toContain(KEY);
    expect(deepl.requests.at(-1)?.path).toBe('/v2/usage');
    await page.context().close();
    const errors = await screenshotMatrix(
      browser,
      server,
      'provider-key',
      { saved: '/admin/translation?guildId=pk1' },
      async (p) => {
        await p.getByTestId('provider-key').getByText('key ending in').waitFor();
      },
    );
    expect(errors).toEqual([]);
  });
});
