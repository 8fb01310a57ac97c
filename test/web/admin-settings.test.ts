import { LANGUAGES } from '../../src/common/languages';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedGuild } from '../helpers/guilds';
import { botConfig, learnerProgress, tickets } from '../../db/schema';
import { type Browser, launchBrowser, type Page, shot, startWebServer } from '../helpers/browser';
import type { TestServer } from '../helpers/server';
import {
  adminPage,
  expectSkeletonWhileLoading,
  insertGuild,
  screenshotMatrix,
  seedDemoGuild,
} from './admin-screens-helpers';

let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startWebServer(), launchBrowser()]);
  for (const id of ['g-set', 'g-keep', 'g-empty', 'default']) await insertGuild(server, id);
  // Leveling is a Plus capability: the server whose switch is turned off here is on Plus.
  await seedGuild(server.services, 'g-set', { plan: 'plus' });
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const configOf = async (guildId: string) =>
  await server.services.db.select().from(botConfig).where(eq(botConfig.guildId, guildId)).get();

async function pickLanguage(page: Page, name: string) {
  await page.getByLabel('Default language').first().click();
  await page.getByRole('option', { name, exact: true }).click();
}

async function addMemberData(guildId: string) {
  await server.services.db
    .insert(tickets)
    .values({
      guildId,
      subject: { en: 'Help' },
      description: { en: 'Please' },
      userLanguage: 'en',
      userId: '1',
    })
    .run();
  await server.services.db
    .insert(learnerProgress)
    .values({ guildId, userId: '1', learningLanguage: 'es' })
    .run();
}

describe('Bot Settings', () => {
  it('saves prefix, default language and leveling, and keeps them after a reload', async () => {
    const page = await adminPage(browser, server, '/admin/settings?guildId=g-set');
    const prefix = page.getByLabel('Command prefix');
    await prefix.waitFor();
    expect(await prefix.inputValue()).toBe('/');
    const save = page.getByRole('button', { name: 'Save Settings' });
    expect(await save.isDisabled()).toBe(true);

    await prefix.fill('a b');
    await page.getByText('No spaces').waitFor();
    expect(await save.isDisabled()).toBe(true);
    await prefix.fill('!');
    // The default language offers the whole table, searched by English name, own name or code.
    const picker = page.getByLabel('Default language').first();
    await picker.click();
    expect(await page.getByRole('option').count()).toBe(LANGUAGES.length);
    await picker.fill('日本');
    expect(await page.getByRole('option').allInnerTexts()).toEqual(['Japanese']);
    await picker.fill('sw');
    expect((await page.getByRole('option').allInnerTexts())[0]).toBe('Swahili');
    await picker.fill('Spani');
    await page.getByRole('option', { name: 'Spanish', exact: true }).click();
    const leveling = page.getByRole('switch', { name: 'Leveling system' });
    expect(await leveling.isChecked()).toBe(true);
    await leveling.click({ force: true });
    await save.click();
    await page.getByText('Settings saved').waitFor();
    expect(await configOf('g-set')).toEqual({
      guildId: 'g-set',
      prefix: '!',
      defaultLanguage: 'es',
      levelingEnabled: false,
    });

    await page.reload();
    await prefix.waitFor();
    expect(await prefix.inputValue()).toBe('!');
    expect(await page.getByLabel('Default language').first().inputValue()).toBe('Spanish');
    expect(await page.getByRole('switch', { name: 'Leveling system' }).isChecked()).toBe(false);
    expect(await save.isDisabled()).toBe(true);

    // Only the changed field is sent.
    await pickLanguage(page, 'German');
    await save.click();
    await page.getByText('Settings saved').waitFor();
    expect(await configOf('g-set')).toMatchObject({
      prefix: '!',
      defaultLanguage: 'de',
      levelingEnabled: false,
    });
    await page.context().close();
  });

  it('resets the guild data only after the guild id is typed', async () => {
    await addMemberData('g-set');
    await addMemberData('g-keep');
    const page = await adminPage(browser, server, '/admin/settings?guildId=g-set');
    await page.getByRole('button', { name: 'Reset Data' }).click();
    const dialog = page.getByRole('dialog', { name: 'Reset all data?' });
    const confirm = dialog.getByRole('button', { name: 'Reset Data' });
    expect(await confirm.isDisabled()).toBe(true);
    await dialog.getByLabel('Server ID').fill('g-se');
    expect(await confirm.isDisabled()).toBe(true);
    await dialog.getByLabel('Server ID').fill('g-set');
    await shot(page, 'settings-reset-dialog');
    await confirm.click();
    await page.getByText('Data reset').waitFor();
    await dialog.waitFor({ state: 'hidden' });
    // The form shows the defaults again.
    await page.waitForFunction(
      () => (document.querySelector('input[maxlength="5"]') as HTMLInputElement)?.value === '/',
    );
    expect(await configOf('g-set')).toBeUndefined();
    const ticketsOf = async (g: string) =>
      await server.services.db.select().from(tickets).where(eq(tickets.guildId, g)).all();
    expect(await ticketsOf('g-set')).toHaveLength(0);
    expect(await ticketsOf('g-keep')).toHaveLength(1);
    await page.context().close();
  });

  it('asks for "default" on the default guild', async () => {
    await addMemberData('default');
    const page = await adminPage(browser, server, '/admin/settings');
    await page.getByRole('button', { name: 'Reset Data' }).click();
    const dialog = page.getByRole('dialog', { name: 'Reset all data?' });
    await dialog.getByLabel('Server ID').fill('default');
    await dialog.getByRole('button', { name: 'Reset Data' }).click();
    await page.getByText('Data reset').waitFor();
    const left = await server.services.db.select().from(tickets).where(eq(tickets.guildId, 'default')).all();
    expect(left).toHaveLength(0);
    await page.context().close();
  });

  it('shows a loading skeleton until the data arrives', async () => {
    await expectSkeletonWhileLoading(browser, server, '/admin/settings?guildId=g-set', 'card-list-skeleton');
  });

  it('looks finished with data and empty, dark and light, desktop and phone', async () => {
    await seedDemoGuild(server, 'g-demo');
    const errors = await screenshotMatrix(
      browser,
      server,
      'settings',
      { demo: '/admin/settings?guildId=g-demo', empty: '/admin/settings?guildId=g-empty' },
      async (page, kind) => {
        if (kind === 'demo') {
          await page.getByLabel('Command prefix').waitFor();
        } else {
          await page.getByLabel('Command prefix').waitFor();
        }
      },
    );
    expect(errors).toEqual([]);
  }, 180_000);
});
