import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Browser, launchBrowser, startWebServer } from '../helpers/browser';
import { setGuildPlan } from '../helpers/guilds';
import type { TestServer } from '../helpers/server';
import { adminPage, insertGuild, screenshotMatrix } from './admin-screens-helpers';

let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startWebServer(), launchBrowser()]);
  await insertGuild(server, 'gw-plus');
  await insertGuild(server, 'gw-free');
  await insertGuild(server, 'gw-pro');
  await setGuildPlan(server.services, 'gw-plus', 'plus');
  await setGuildPlan(server.services, 'gw-pro', 'pro');
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const glossary = async (g: string) =>
  (await server.api(`/api/translation/glossary?guildId=${g}`, { admin: true })).json.terms;

describe('Glossary card on the Translation screen', () => {
  it('adds a never-translate term and a term with a fixed translation, and removes one', async () => {
    const page = await adminPage(browser, server, '/admin/translation?guildId=gw-plus');
    await page.getByTestId('glossary-empty').waitFor();
    await page.getByLabel('New term').fill('Minecraft');
    await page.getByRole('button', { name: 'Add term' }).click();
    await page.getByRole('cell', { name: 'Minecraft', exact: true }).waitFor();
    expect(await page.getByText('Never translated', { exact: true }).count()).toBe(1);

    await page.getByLabel('New term').fill('raid');
    await page.getByRole('button', { name: 'Fixed translation' }).click();
    await page.getByLabel('In English').fill('raid');
    await page.getByRole('button', { name: 'Fixed translation' }).click();
    await page.getByLabel('In Spanish').fill('incursión');
    await page.getByRole('button', { name: 'Add term' }).click();
    await page.getByText('Spanish: incursión').waitFor();
    expect(await glossary('gw-plus')).toEqual([
      expect.objectContaining({ term: 'Minecraft', translations: {} }),
      expect.objectContaining({ term: 'raid', translations: { en: 'raid', es: 'incursión' } }),
    ]);

    await page.getByRole('button', { name: 'Remove Minecraft' }).click();
    await page.getByText('Term removed').waitFor();
    expect((await glossary('gw-plus')).map((t: { term: string }) => t.term)).toEqual(['raid']);
    await page.context().close();
  });

  it('a refused term shows why', async () => {
    const page = await adminPage(browser, server, '/admin/translation?guildId=gw-plus');
    await page.getByLabel('New term').waitFor();
    await page.getByLabel('New term').fill('RAID');
    await page.getByRole('button', { name: 'Add term' }).click();
    await page.getByText('"RAID" is already in the glossary').waitFor();
    await page.context().close();
  });

  it('on Free the glossary names the plan that unlocks it; slang and instructions name Pro', async () => {
    const page = await adminPage(browser, server, '/admin/translation?guildId=gw-free');
    await page.getByText('Server glossary needs the Plus plan').waitFor();
    await page.getByText('Slang-aware translation needs the Pro plan').waitFor();
    await page.context().close();
  });

  it('on Pro the slang switch and the custom instructions save', async () => {
    const page = await adminPage(browser, server, '/admin/translation?guildId=gw-pro');
    const slang = page.getByRole('switch', { name: 'Slang-aware translation' });
    await slang.waitFor();
    await slang.click({ force: true });
    await page.getByText('Settings updated').first().waitFor();
    await page
      .getByLabel('Custom instructions')
      .fill('We are a Minecraft server; keep block names in English.');
    await page.getByRole('button', { name: 'Save instructions' }).click();
    await expect
      .poll(async () => (await server.api('/api/translation/style?guildId=gw-pro', { admin: true })).json)
      .toEqual({
        customInstructions: 'We are a Minecraft server; keep block names in English.',
        slang: true,
      });
    await page.context().close();
  });

  it('screenshots (dark/light, desktop/phone)', async () => {
    const errors = await screenshotMatrix(
      browser,
      server,
      'translation-glossary',
      { plus: '/admin/translation?guildId=gw-plus', free: '/admin/translation?guildId=gw-free' },
      async (page, kind) => {
        await page
          .getByText(kind === 'plus' ? 'incursión' : 'needs the Plus plan')
          .first()
          .waitFor();
        await page.getByRole('heading', { name: 'Glossary' }).scrollIntoViewIfNeeded();
      },
    );
    expect(errors).toEqual([]);
  }, 120_000);
});
