import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { announcements } from '../../db/schema';
import { TranslationUnavailableError } from '../../src/server/core/translator';
import type { Locator } from 'playwright-core';
import { type Browser, launchBrowser, shot, startWebServer } from '../helpers/browser';
import { CHANNEL_TYPE, seedGuild } from '../helpers/guilds';
import { recordingTranslator } from '../helpers/recording-translator';
import type { TestServer } from '../helpers/server';
import {
  adminPage,
  expectSkeletonWhileLoading,
  insertGuild,
  screenshotMatrix,
  seedDemoGuild,
} from './admin-screens-helpers';

const rec = recordingTranslator();

/** The target languages picked: the picker's pills, in order. */
const picked = async (dialog: Locator) => await dialog.locator('.mantine-Pill-label').allTextContents();
/** Takes a language off the targets with its pill's remove button. */
const unpick = async (dialog: Locator, name: string) =>
  await dialog.locator('.mantine-Pill-root', { hasText: name }).locator('.mantine-Pill-remove').click();
let server: TestServer;
let browser: Browser;
const CHANNELS = [
  { id: '100000000000000001', name: 'general-es' },
  { id: '100000000000000002', name: 'general-fr' },
  { id: '100000000000000003', name: 'general-de' },
  { id: '100000000000000004', name: 'general-ja' },
];

beforeAll(async () => {
  [server, browser] = await Promise.all([
    startWebServer({ overrides: { translator: rec.translator } }),
    launchBrowser(),
  ]);
  await insertGuild(server, 'g-ann', CHANNELS);
  // Smart announcements belong to Plus and up: the servers here are on Ultimate (the plan table).
  for (const id of ['g-ann', 'g-nochan', 'g-empty', 'g-demo'])
    await seedGuild(server.services, id, { plan: 'ultimate' });
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const rows = async () =>
  await server.services.db.select().from(announcements).where(eq(announcements.guildId, 'g-ann')).all();

describe('Smart Announcements', () => {
  it('creates an announcement after the missing-channel error, posts it and deletes it', async () => {
    const posted: number[] = [];
    server.services.events.on('announcement:post', (e) => posted.push(e.announcementId));
    const page = await adminPage(browser, server, '/admin/announcements?guildId=g-ann');
    await page.getByText('No announcements yet').waitFor();

    await page.getByRole('button', { name: 'Create Announcement' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Create Announcement' });
    const create = dialog.getByRole('button', { name: 'Create', exact: true });
    expect(await create.isDisabled()).toBe(true);
    await dialog.getByLabel('Announcement').fill('Server maintenance tonight at 22:00 UTC');
    // The default targets are es, fr, de; the picker offers the whole table but the original (English).
    expect(await picked(dialog)).toEqual(['Spanish', 'French', 'German']);
    await dialog.getByLabel('Target languages').click();
    await page.getByRole('option', { name: 'Swahili', exact: true }).waitFor();
    expect(await page.getByRole('option', { name: 'English', exact: true }).count()).toBe(0);
    await dialog.getByLabel('Announcement').click();
    expect(await create.isDisabled()).toBe(true);

    await dialog.getByLabel('Spanish channel').click();
    await page.getByRole('option', { name: '#general-es' }).click();
    expect(await create.isDisabled()).toBe(false);
    await create.click();
    await dialog.getByText('Please select a Discord channel for: French, German').waitFor();
    await shot(page, 'announcements-create-missing-channel');
    expect(await rows()).toHaveLength(0);
    expect(rec.calls).toHaveLength(0);

    // Unchecking German drops it; French still needs its channel.
    await unpick(dialog, 'German');
    await dialog.getByText('Please select a Discord channel for: French').waitFor();
    await dialog.getByLabel('French channel').click();
    await page.getByRole('option', { name: '#general-fr' }).click();
    expect(await dialog.getByText(/Please select a Discord channel/).count()).toBe(0);
    await create.click();
    await page.getByText('Draft saved', { exact: true }).waitFor();
    await dialog.waitFor({ state: 'hidden' });

    expect(rec.calls).toHaveLength(1);
    expect(rec.calls[0].targets).toEqual(['es', 'fr']);
    const [stored] = await rows();
    expect(stored.targetChannels).toEqual([
      { language: 'es', channelId: CHANNELS[0].id },
      { language: 'fr', channelId: CHANNELS[1].id },
    ]);
    const card = page.getByTestId('announcement-card');
    await card.getByText('Draft', { exact: true }).waitFor();
    await card.getByText('Spanish (#general-es):').waitFor();

    // The dialog was reset: defaults again, empty text.
    await page.getByRole('button', { name: 'Create Announcement' }).first().click();
    expect(await dialog.getByLabel('Announcement').inputValue()).toBe('');
    expect(await picked(dialog)).toContain('German');
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    await card.getByRole('button', { name: 'View translations' }).click();
    const translations = page.getByRole('dialog', { name: 'Translations' });
    await translations.getByText('[fr] Server maintenance tonight at 22:00 UTC').waitFor();
    await shot(page, 'announcements-translations-dialog');
    await page.keyboard.press('Escape');

    await card.getByRole('button', { name: 'Post Now' }).click();
    // No bot is connected: the toast and the card say queued, never posted.
    await page.getByText('Announcement queued').waitFor();
    await page
      .getByText(/Queued: delivered when the bot connects/)
      .first()
      .waitFor();
    expect(posted).toEqual([stored.id]);
    expect((await rows())[0].postRequestedAt).toBeInstanceOf(Date);
    await card.getByText('Queued', { exact: true }).waitFor();

    // The bot reports one channel failing: the card names the channel and the reason.
    await server.services.db
      .update(announcements)
      .set({
        status: 'failed',
        postRequestedAt: null,
        postResults: [
          { channelId: CHANNELS[0].id, language: 'es', ok: true, messageId: '1' },
          { channelId: CHANNELS[1].id, language: 'fr', ok: false, error: 'Missing Access' },
        ],
      })
      .run();
    await page.reload();
    await card.getByText('Partly posted', { exact: true }).waitFor();
    await card.getByText('failed: Missing Access').waitFor();
    expect(await card.getByRole('button', { name: 'Post Now' }).count()).toBe(1);

    await card.getByRole('button', { name: 'Delete' }).click();
    await page.getByText('Announcement deleted!').waitFor();
    await page.getByText('No announcements yet').waitFor();
    expect(await rows()).toHaveLength(0);
    await page.context().close();
  });

  it('saves an untranslated draft when translation is not configured, naming the languages it lacks', async () => {
    rec.state.fail = new TranslationUnavailableError();
    try {
      const page = await adminPage(browser, server, '/admin/announcements?guildId=g-ann');
      await page.getByRole('button', { name: 'Create Announcement' }).first().click();
      const dialog = page.getByRole('dialog', { name: 'Create Announcement' });
      await dialog.getByLabel('Announcement').fill('Hello');
      for (const lang of ['German', 'French']) await unpick(dialog, lang);
      await dialog.getByLabel('Spanish channel').click();
      await page.getByRole('option', { name: '#general-es' }).click();
      await dialog.getByRole('button', { name: 'Create', exact: true }).click();
      const toast = page.locator('.mantine-Notification-root');
      await toast.getByText('Draft saved untranslated').waitFor();
      await toast.getByText(/Not translated yet: Spanish/).waitFor();
      const card = page.getByTestId('announcement-card').first();
      await card
        .getByTestId('announcement-untranslated')
        .getByText(/Spanish: translated when it is posted/)
        .waitFor();
      expect((await rows())[0].translations).toEqual({});
      // Translate now, once the provider works again: the languages fill in.
      rec.state.fail = null;
      await card.getByRole('button', { name: 'Translate now' }).click();
      await page.getByText('Translated', { exact: true }).waitFor();
      await card.getByTestId('announcement-untranslated').waitFor({ state: 'detached' });
      expect((await rows())[0].translations).toEqual({ es: '[es] Hello' });
      await server.services.db.delete(announcements).run();
      await page.context().close();
    } finally {
      rec.state.fail = null;
    }
  });

  it('offers no channel id to type while the bot has synced no channel; once it has, the channel is picked', async () => {
    await insertGuild(server, 'g-nochan');
    const page = await adminPage(browser, server, '/admin/announcements?guildId=g-nochan');
    await page.getByRole('button', { name: 'Create Announcement' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Create Announcement' });
    await dialog.getByLabel('Announcement').fill('Typed ids');
    for (const lang of ['French', 'German']) await unpick(dialog, lang);
    // The server refuses a channel it has not synced: nothing to type, the dialog says what to do.
    await dialog.getByText('No text channel to choose from').waitFor();
    const spanish = dialog.getByRole('combobox', { name: 'Spanish channel' });
    expect(await spanish.isDisabled()).toBe(true);
    expect(await dialog.getByRole('textbox', { name: 'Spanish channel' }).count()).toBe(0);
    expect(await dialog.getByRole('button', { name: 'Create', exact: true }).isDisabled()).toBe(true);
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    // The bot syncs the server's channels (a forum among them, where no announcement can go); the
    // dialog opened again offers the text channel.
    await insertGuild(server, 'g-nochan', [
      { id: '200000000000000001', name: 'anuncios' },
      { id: '200000000000000002', name: 'help-forum', type: CHANNEL_TYPE.forum },
    ]);
    await page.getByRole('button', { name: 'Create Announcement' }).first().click();
    await dialog.getByLabel('Announcement').fill('Typed ids');
    for (const lang of ['French', 'German']) await unpick(dialog, lang);
    await spanish.click();
    await page.getByRole('option', { name: '#anuncios' }).waitFor();
    expect(await page.getByRole('option', { name: 'help-forum' }).count()).toBe(0);
    await page.getByRole('option', { name: '#anuncios' }).click();
    await dialog.getByRole('button', { name: 'Create', exact: true }).click();
    await page.getByText('Draft saved', { exact: true }).waitFor();
    const stored = await server.services.db
      .select()
      .from(announcements)
      .where(eq(announcements.guildId, 'g-nochan'))
      .all();
    expect(stored[0].targetChannels).toEqual([{ language: 'es', channelId: '200000000000000001' }]);
    await page.context().close();
  });

  it('shows a loading skeleton until the data arrives', async () => {
    await expectSkeletonWhileLoading(
      browser,
      server,
      '/admin/announcements?guildId=g-ann',
      'stat-grid-skeleton',
    );
  });

  it('looks finished with data and empty, dark and light, desktop and phone', async () => {
    await seedDemoGuild(server, 'g-demo');
    const errors = await screenshotMatrix(
      browser,
      server,
      'announcements',
      { demo: '/admin/announcements?guildId=g-demo', empty: '/admin/announcements?guildId=g-empty' },
      async (page, kind) => {
        if (kind === 'demo') {
          await page.getByTestId('announcement-card').first().waitFor();
        } else {
          await page.getByText('No announcements yet').waitFor();
        }
      },
    );
    expect(errors).toEqual([]);
  }, 180_000);
});
