import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { guildChannels } from '../../db/schema';
import { type Browser, launchBrowser, PHONE, shot, startWebServer } from '../helpers/browser';
import { setGuildPlan } from '../helpers/guilds';
import type { TestServer } from '../helpers/server';
import { adminPage, insertGuild, screenshotMatrix } from './admin-screens-helpers';

let server: TestServer;
let browser: Browser;
const GENERAL_EN = '210000000000000001';
const GENERAL_ES = '210000000000000002';
const INTERNATIONAL = '210000000000000003';
const NEWS = '210000000000000004';

const link = (guildId: string, name: string, channels: { channelId: string; language: string }[]) =>
  server.api(`/api/channels/links?guildId=${guildId}`, {
    method: 'POST',
    admin: true,
    body: { name, channels },
  });
const rooms = async (guildId: string) =>
  (await server.api(`/api/channels/rooms?guildId=${guildId}`, { admin: true })).json;

beforeAll(async () => {
  [server, browser] = await Promise.all([startWebServer(), launchBrowser()]);
  await insertGuild(server, 'rooms1', [
    { id: GENERAL_EN, name: 'general-en' },
    { id: GENERAL_ES, name: 'general-es' },
    { id: INTERNATIONAL, name: 'international' },
  ]);
  // A voice channel is never offered; an announcement channel is.
  await server.services.db
    .insert(guildChannels)
    .values([
      { id: '210000000000000009', guildId: 'rooms1', name: 'Lounge', type: 2, position: 8 },
      { id: NEWS, guildId: 'rooms1', name: 'news', type: 5, position: 9 },
    ])
    .run();
  await setGuildPlan(server.services, 'rooms1', 'plus');
  const mirror = await link('rooms1', 'Global chat', [
    { channelId: GENERAL_EN, language: 'en' },
    { channelId: GENERAL_ES, language: 'es' },
  ]);
  expect(mirror.status).toBe(201);

  // A Free server with its two links used: rooms are locked until it upgrades.
  await insertGuild(server, 'rooms-full', [
    { id: '220000000000000001', name: 'one' },
    { id: '220000000000000002', name: 'two' },
    { id: '220000000000000003', name: 'three' },
  ]);
  await link('rooms-full', 'One', [{ channelId: '220000000000000001', language: 'en' }]);
  await link('rooms-full', 'Two', [{ channelId: '220000000000000002', language: 'en' }]);
  await insertGuild(server, 'rooms-none');
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('Translation rooms on the Channels screen', () => {
  it('creates a room from a picked channel and languages, shows it beside the links, edits, pauses and removes it', async () => {
    const page = await adminPage(browser, server, '/admin/channels?guildId=rooms1');
    await page.getByText('No translation rooms yet').waitFor();
    // The mirror link is still there, on its own.
    await page.getByTestId('channel-link').waitFor();
    expect(await page.getByTestId('channel-link').count()).toBe(1);

    await page.getByRole('button', { name: 'New Room' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'New Translation Room' });
    const create = dialog.getByRole('button', { name: 'Create room' });
    expect(await create.isDisabled()).toBe(true);
    await dialog.getByRole('combobox', { name: 'Channel' }).click();
    // Channels of the link are shown, disabled, saying where they are; voice is not offered.
    const linked = page.getByRole('option', { name: '#general-en (in link Global chat)' });
    expect(await linked.getAttribute('data-combobox-disabled')).toBe('true');
    expect(await page.getByRole('option', { name: /Lounge/ }).count()).toBe(0);
    expect(await page.getByRole('option', { name: '#news' }).count()).toBe(1);
    await page.getByRole('option', { name: '#international' }).click();
    // A channel alone is not enough: the room needs a language.
    expect(await create.isDisabled()).toBe(true);
    await dialog.getByLabel('Translate into').click();
    await page.getByRole('option', { name: 'Spanish', exact: true }).click();
    await page.getByRole('option', { name: 'Japanese', exact: true }).click();
    await page.keyboard.press('Escape');
    expect(await create.isDisabled()).toBe(false);
    await shot(page, 'channels-room-create-dialog');

    await create.click();
    await page.getByText('Translation room created').waitFor();
    await page.getByText('Each message in #international gets a reply in Spanish and Japanese.').waitFor();
    await dialog.waitFor({ state: 'hidden' });
    const card = page.getByTestId('translation-room');
    await card.waitFor();
    const text = await card.textContent();
    for (const expected of [
      '#international',
      'Active',
      'Spanish',
      'Japanese',
      'Created less than a minute ago',
    ])
      expect(text).toContain(expected);
    expect(await page.getByTestId('channel-link').count()).toBe(1);
    expect(await rooms('rooms1')).toMatchObject([
      { channelId: INTERNATIONAL, channelName: 'international', languages: ['es', 'ja'], active: true },
    ]);
    await shot(page, 'channels-room-card');

    // Edit its languages: Japanese out (Backspace removes the last), French in.
    await page.getByRole('button', { name: 'Edit languages of #international' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit #international' });
    const langs = edit.getByLabel('Translate into');
    await langs.click();
    await page.keyboard.press('Backspace');
    await page.getByRole('option', { name: 'French', exact: true }).click();
    await page.keyboard.press('Escape');
    // Deliver in a thread started from each message (issue 28).
    await edit.getByText('Thread from each message').click();
    await edit.getByText('A thread started from each message holds its translations').waitFor();
    await shot(page, 'channels-room-edit-dialog');
    await edit.getByRole('button', { name: 'Save room' }).click();
    await page.getByText('Room saved').waitFor();
    await page
      .getByText('#international now translates into Spanish and French (thread from each message).')
      .waitFor();
    await edit.waitFor({ state: 'hidden' });
    await card.getByText('French').waitFor();
    await card.getByText('Thread per message').waitFor();
    expect(await card.getByText('Japanese').count()).toBe(0);
    expect((await rooms('rooms1'))[0]).toMatchObject({ languages: ['es', 'fr'], delivery: 'thread' });

    // Pause and resume.
    await card.getByRole('switch', { name: 'Translate messages in #international' }).click({ force: true });
    await page.getByText('Room paused').waitFor();
    await card.getByText('Paused', { exact: true }).waitFor();
    expect((await rooms('rooms1'))[0].active).toBe(false);
    await card.getByRole('switch', { name: 'Translate messages in #international' }).click({ force: true });
    await page.getByText('Room resumed').waitFor();
    await card.getByText('Active', { exact: true }).waitFor();
    expect((await rooms('rooms1'))[0].active).toBe(true);

    // The room's channel is no longer offered to a new room.
    await page.getByRole('button', { name: 'New Room' }).click();
    await dialog.getByRole('combobox', { name: 'Channel' }).click();
    await page.getByRole('option', { name: '#international (already a room)' }).waitFor();
    await page.keyboard.press('Escape');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });

    // Remove asks first.
    await page.getByRole('button', { name: 'Remove room #international' }).click();
    await page
      .getByRole('dialog', { name: /^Remove this room\?/ })
      .getByRole('button', { name: 'Delete', exact: true })
      .click();
    await page.getByText('Translation room removed').waitFor();
    await page.getByText('#international is an ordinary channel again.').waitFor();
    await page.getByText('No translation rooms yet').waitFor();
    expect(await rooms('rooms1')).toEqual([]);
    expect(await page.getByTestId('channel-link').count()).toBe(1);
    await page.context().close();
  });

  it("shows the server's error in a toast and keeps the dialog open", async () => {
    const page = await adminPage(browser, server, '/admin/channels?guildId=rooms1');
    await page.getByText('No translation rooms yet').waitFor();
    await page.getByRole('button', { name: 'New Room' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'New Translation Room' });
    await dialog.getByRole('combobox', { name: 'Channel' }).click();
    await page.getByRole('option', { name: '#news' }).click();
    await dialog.getByLabel('Translate into').click();
    await page.getByRole('option', { name: 'German', exact: true }).click();
    await page.keyboard.press('Escape');
    // Meanwhile someone links #news elsewhere.
    expect((await link('rooms1', 'News', [{ channelId: NEWS, language: 'en' }])).status).toBe(201);
    await dialog.getByRole('button', { name: 'Create room' }).click();
    await page.getByText('Could not create the room').waitFor();
    await page.getByText(/channelId: already linked: #news .*in link "News"/).waitFor();
    expect(await dialog.isVisible()).toBe(true);
    expect(await rooms('rooms1')).toEqual([]);
    await page.context().close();
  });

  it('a server at its plan limit sees rooms locked with the plan named and an upgrade button', async () => {
    const page = await adminPage(browser, server, '/admin/channels?guildId=rooms-full');
    await page.getByText('The Free plan is full').waitFor();
    await page
      .getByText(/allows 2 channel links and rooms together, and this server has 2\. Upgrade to Plus/)
      .waitFor();
    expect(await page.getByRole('link', { name: 'Upgrade to Plus' }).count()).toBe(1);
    expect(await page.getByRole('button', { name: 'New Room' }).isDisabled()).toBe(true);
    await page.context().close();
  });

  it('screenshots: a room beside a link, the empty state and the locked state, dark and light, desktop and phone', async () => {
    const made = await server.api('/api/channels/rooms?guildId=rooms1', {
      method: 'POST',
      admin: true,
      body: { channelId: INTERNATIONAL, languages: ['es', 'fr', 'de', 'ja', 'pt'], delivery: 'thread' },
    });
    expect(made.status).toBe(201);
    const errors = await screenshotMatrix(
      browser,
      server,
      'channels-rooms',
      {
        data: '/admin/channels?guildId=rooms1',
        empty: '/admin/channels?guildId=rooms-none',
        locked: '/admin/channels?guildId=rooms-full',
      },
      async (page, kind) => {
        await (kind === 'data'
          ? page.getByTestId('translation-room')
          : kind === 'empty'
            ? page.getByText('No translation rooms yet')
            : page.getByText('The Free plan is full')
        ).waitFor();
      },
    );
    expect(errors).toEqual([]);

    // The dialog on a phone, light: the room's channel is offered no more, the others are.
    const phone = await adminPage(browser, server, '/admin/channels?guildId=rooms1', {
      theme: 'light',
      ...PHONE,
    });
    await phone.getByTestId('translation-room').waitFor();
    await phone.getByRole('button', { name: 'New Room' }).click();
    const dialog = phone.getByRole('dialog', { name: 'New Translation Room' });
    await dialog.getByRole('combobox', { name: 'Channel' }).click();
    await phone.getByRole('option', { name: '#international (already a room)' }).waitFor();
    await shot(phone, 'channels-room-dialog-light-phone');
    await phone.context().close();
  }, 240_000);
});
