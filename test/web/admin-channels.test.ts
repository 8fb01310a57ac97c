import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawRun } from '../../db/client';
import { seedDemo } from '../../db/demo';
import { guildChannels } from '../../db/schema';
import { type Browser, launchBrowser, shot, startWebServer } from '../helpers/browser';
import { CHANNEL_TYPE } from '../helpers/guilds';
import type { TestServer } from '../helpers/server';
import { adminPage, insertGuild, screenshotMatrix } from './admin-screens-helpers';

let server: TestServer;
let browser: Browser;
const CHANNELS = [
  { id: '200000000000000001', name: 'general-en' },
  { id: '200000000000000002', name: 'general-es' },
  { id: '200000000000000003', name: 'general-fr' },
];

beforeAll(async () => {
  [server, browser] = await Promise.all([startWebServer(), launchBrowser()]);
  await insertGuild(server, 'ch1', [
    ...CHANNELS,
    // A forum is offered under its own heading; a voice channel has no place in a link.
    { id: '200000000000000004', name: 'help-forum', type: CHANNEL_TYPE.forum },
    { id: '200000000000000005', name: 'Voice', type: CHANNEL_TYPE.voice },
    { id: '200000000000000006', name: 'help-forum-es', type: CHANNEL_TYPE.forum },
  ]);
  await insertGuild(server, 'ch-limits', [
    { id: '300000000000000001', name: 'lobby-en' },
    { id: '300000000000000002', name: 'lobby-es' },
    { id: '300000000000000003', name: 'lobby-fr' },
  ]);
  await insertGuild(server, 'ch-empty');
  await insertGuild(server, 'ch-bots', [
    { id: '400000000000000001', name: 'news-en' },
    { id: '400000000000000002', name: 'news-es' },
  ]);
  await seedDemo(server.services.db, 'demo1', new Date());
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const links = async (guildId: string) =>
  (await server.api(`/api/channels/links?guildId=${guildId}`, { admin: true })).json;

describe('Channel Management', () => {
  it('creates a link from picked channels (empty rows dropped) and deletes it', async () => {
    const page = await adminPage(browser, server, '/admin/channels?guildId=ch1');
    await page.getByText('No channel links yet').waitFor();
    await page.getByRole('button', { name: 'Create Link' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Create Channel Link' });
    const create = dialog.getByRole('button', { name: 'Create Link' });
    expect(await create.isDisabled()).toBe(true);

    await dialog.getByLabel('Link name').fill('General chat');
    // A name alone is not enough: no row has a channel yet.
    expect(await create.isDisabled()).toBe(true);
    await dialog.getByRole('combobox', { name: 'Channel 1', exact: true }).click();
    // Text channels and forums are offered, each under its heading; a voice channel is not.
    await page.getByRole('option', { name: '#general-fr' }).waitFor();
    await page.getByRole('option', { name: 'help-forum', exact: true }).waitFor();
    const listbox = page.getByRole('listbox');
    expect(await listbox.getByText('Text channels', { exact: true }).count()).toBe(1);
    expect(await listbox.getByText('Forums', { exact: true }).count()).toBe(1);
    expect(await page.getByRole('option', { name: '#Voice' }).count()).toBe(0);
    // A forum is shown as Discord shows it: its speech-bubbles icon and no `#`; a text channel keeps `#`.
    const forumOption = page.getByRole('option', { name: 'help-forum', exact: true });
    expect(await forumOption.locator('[data-icon="forum"]').count()).toBe(1);
    expect(
      await page.getByRole('option', { name: '#general-fr' }).locator('[data-icon="forum"]').count(),
    ).toBe(0);
    await shot(page, 'channels-picker-forum-icon');
    await page.getByRole('option', { name: '#general-en' }).click();
    expect(await create.isDisabled()).toBe(false);
    await dialog.getByRole('combobox', { name: 'Channel 2', exact: true }).click();
    await page.getByRole('option', { name: '#general-es' }).click();
    // Each row's language defaults to English; the second becomes Spanish.
    expect(await dialog.getByRole('combobox', { name: 'Language of channel 2' }).inputValue()).toBe(
      'English',
    );
    await dialog.getByRole('combobox', { name: 'Language of channel 2' }).click();
    await page.getByRole('option', { name: 'Spanish', exact: true }).click();
    // A third row left empty is dropped before sending.
    await dialog.getByRole('button', { name: 'Add channel' }).click();
    expect(await dialog.getByTestId('link-row').count()).toBe(3);
    await shot(page, 'channels-create-dialog');

    await create.click();
    await page.getByText('Channel link created').waitFor();
    await dialog.waitFor({ state: 'hidden' });
    const card = page.getByTestId('channel-link');
    await card.waitFor();
    expect(await card.textContent()).toContain('General chat');
    expect(await card.textContent()).toContain('general-en');
    expect(await card.textContent()).toContain('Spanish');
    expect(await card.getByText('Active', { exact: true }).count()).toBe(1);

    const stored = await links('ch1');
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({
      name: 'General chat',
      mode: 'mirror',
      channels: [
        { channelId: CHANNELS[0].id, language: 'en' },
        { channelId: CHANNELS[1].id, language: 'es' },
      ],
    });

    // The dialog was reset for the next link.
    await page.getByRole('button', { name: 'Create Link' }).first().click();
    expect(await dialog.getByLabel('Link name').inputValue()).toBe('');
    expect(await dialog.getByTestId('link-row').count()).toBe(2);
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    // Delete asks first: Cancel keeps the link.
    const confirm = page.getByRole('dialog', { name: /^Delete this link/ });
    await page.getByRole('button', { name: 'Delete link General chat' }).click();
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'hidden' });
    expect(await links('ch1')).toHaveLength(1);
    await page.getByRole('button', { name: 'Delete link General chat' }).click();
    await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
    await page.getByText('Channel link deleted').waitFor();
    await page.getByText('No channel links yet').waitFor();
    expect(await links('ch1')).toHaveLength(0);
    await page.context().close();
  });

  it('a forum picked with a text channel: the dialog says a link holds one kind and will not create it; forums alone are linked', async () => {
    const page = await adminPage(browser, server, '/admin/channels?guildId=ch1');
    await page.getByRole('button', { name: 'Create Link' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Create Channel Link' });
    const create = dialog.getByRole('button', { name: 'Create Link' });
    await dialog.getByLabel('Link name').fill('Help');
    const pick = async (row: number, name: string) => {
      await dialog.getByRole('combobox', { name: `Channel ${row}`, exact: true }).click();
      await page.getByRole('option', { name, exact: true }).click();
    };
    await pick(1, 'help-forum');
    // The field of a picked forum shows the forum icon, the empty one the text channel's `#`.
    const rows = dialog.getByTestId('link-row');
    await rows.nth(0).locator('[data-icon="forum"]').waitFor();
    expect(await rows.nth(1).locator('[data-icon="forum"]').count()).toBe(0);
    await pick(2, '#general-es');
    await dialog.getByRole('alert').getByText('A link holds text channels or forums, not both').waitFor();
    expect(await create.isDisabled()).toBe(true);
    const errors = await screenshotMatrix(
      browser,
      server,
      'channels-forum-dialog',
      { mixed: '/admin/channels?guildId=ch1' },
      async (p) => {
        await p.getByRole('button', { name: 'Create Link' }).first().click();
        const d = p.getByRole('dialog', { name: 'Create Channel Link' });
        await d.getByLabel('Link name').fill('Help');
        await d.getByRole('combobox', { name: 'Channel 1', exact: true }).click();
        await p.getByRole('option', { name: 'help-forum', exact: true }).click();
        await d.getByRole('combobox', { name: 'Channel 2', exact: true }).click();
        await p.getByRole('option', { name: '#general-es' }).click();
        await d.getByRole('alert').waitFor();
      },
    );
    expect(errors).toEqual([]);
    await pick(2, 'help-forum-es');
    await dialog.getByRole('alert').waitFor({ state: 'detached' });
    await create.click();
    await page.getByText('Channel link created').waitFor();
    const stored = await links('ch1');
    expect(stored.map((l: { name: string }) => l.name)).toEqual(['Help']);
    await page.getByRole('button', { name: 'Delete link Help' }).click();
    await page
      .getByRole('dialog', { name: /^Delete this link/ })
      .getByRole('button', { name: 'Delete', exact: true })
      .click();
    await page.getByText('No channel links yet').waitFor();
    await page.context().close();
  }, 180_000);

  it("shows the server's 409 and plan limit, keeping the dialog and what was picked", async () => {
    const first = await server.api('/api/channels/links?guildId=ch-limits', {
      method: 'POST',
      admin: true,
      body: {
        name: 'Existing',
        channels: [{ channelId: '300000000000000001', language: 'en' }],
        mode: 'mirror',
      },
    });
    expect(first.status).toBe(201);
    const page = await adminPage(browser, server, '/admin/channels?guildId=ch-limits');
    await page.getByTestId('channel-link').waitFor();
    await page.getByRole('button', { name: 'Create Link' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Create Channel Link' });
    const pick = async (name: string) => {
      await dialog.getByRole('combobox', { name: 'Channel 1', exact: true }).click();
      await page.getByRole('option', { name }).click();
    };
    await dialog.getByLabel('Link name').fill('Second');
    await pick('#lobby-en');
    await dialog.getByRole('button', { name: 'Create Link' }).click();
    await page.getByText('already linked').waitFor();
    // The dialog stays open with what was typed and picked, and nothing was stored.
    expect(await dialog.getByLabel('Link name').inputValue()).toBe('Second');
    expect(await dialog.getByRole('combobox', { name: 'Channel 1', exact: true }).inputValue()).toBe(
      '#lobby-en',
    );
    expect(await links('ch-limits')).toHaveLength(1);

    await pick('#lobby-es');
    await dialog.getByRole('button', { name: 'Create Link' }).click();
    await page.getByText('Channel link created').waitFor();
    // The toast comes with the mutation; the list shows the new card once its refetch lands.
    await page.getByTestId('channel-link').nth(1).waitFor();
    expect(await page.getByTestId('channel-link').count()).toBe(2);
    expect((await links('ch-limits')).map((l: { name: string }) => l.name).sort()).toEqual([
      'Existing',
      'Second',
    ]);

    // The Free plan allows 2 links: a third is refused with the server's reason.
    await page.getByRole('button', { name: 'Create Link' }).first().click();
    await dialog.getByLabel('Link name').fill('Third');
    await pick('#lobby-fr');
    await dialog.getByRole('button', { name: 'Create Link' }).click();
    await page.getByText('upgrade to Plus to link more channels').waitFor();
    expect(await links('ch-limits')).toHaveLength(2);
    await page.context().close();
  });

  it('offers no channel id to type while the bot has synced no channel, and says why', async () => {
    const page = await adminPage(browser, server, '/admin/channels?guildId=ch-empty');
    await page.getByTestId('empty-state').first().waitFor();
    await page.getByRole('button', { name: 'Create Link' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Create Channel Link' });
    const channel = dialog.getByRole('combobox', { name: 'Channel 1', exact: true });
    await channel.waitFor();
    // The server refuses any id it has not synced: there is nothing to type, and the picker says why.
    await dialog.getByText('No text or forum channel of this server is known yet').first().waitFor();
    expect(await channel.isDisabled()).toBe(true);
    expect(await dialog.getByRole('textbox', { name: 'Channel 1' }).count()).toBe(0);
    await dialog.getByLabel('Link name').fill('Nothing to link');
    expect(await dialog.getByRole('button', { name: 'Create Link' }).isDisabled()).toBe(true);
    await shot(page, 'channels-create-dialog-no-channels');
    await page.context().close();
  });

  it("lists a link's bots and webhooks by name; the switch has one's posts translated", async () => {
    const made = await server.api('/api/channels/links?guildId=ch-bots', {
      method: 'POST',
      admin: true,
      body: {
        name: 'News',
        channels: [
          { channelId: '400000000000000001', language: 'en' },
          { channelId: '400000000000000002', language: 'es' },
        ],
        mode: 'mirror',
      },
    });
    expect(made.status).toBe(201);
    const linkId = (made.json as { id: number }).id;
    // What the bot records when a bot or webhook posts in a linked channel (test/bot/mirror-bots.test.ts).
    for (const [id, kind, name] of [
      ['400000000000000011', 'webhook', 'World News'],
      ['400000000000000012', 'bot', 'GameRelay'],
    ])
      await rawRun(
        server.services.db,
        sql`insert into mirror_authors (link_id, guild_id, author_id, kind, name, channel_id) values (${linkId}, 'ch-bots', ${id}, ${kind}, ${name}, '400000000000000001')`,
      );
    const page = await adminPage(browser, server, '/admin/channels?guildId=ch-bots');
    const toggle = page.getByRole('switch', { name: 'Translate posts of World News' });
    await toggle.waitFor();
    expect(await toggle.isChecked()).toBe(false);
    const card = page.getByTestId('channel-link');
    expect(await card.textContent()).toContain('GameRelay');
    expect(await card.textContent()).toContain('#news-en');
    await toggle.click();
    await page.getByText("World News's posts are translated").waitFor();
    await page.locator('input[aria-label="Translate posts of World News"]:checked').waitFor();
    const listed = (await server.api('/api/channels/bots-and-webhooks?guildId=ch-bots', { admin: true }))
      .json as { name: string; allowed: boolean }[];
    expect(listed.map((a) => [a.name, a.allowed]).sort()).toEqual([
      ['GameRelay', false],
      ['World News', true],
    ]);
    await page.context().close();
    const errors = await screenshotMatrix(
      browser,
      server,
      'channels-bots',
      { data: '/admin/channels?guildId=ch-bots' },
      async (p) => {
        await p.getByRole('switch', { name: 'Translate posts of GameRelay' }).waitFor();
      },
    );
    expect(errors).toEqual([]);
  }, 180_000);

  it('a linked channel the bot no longer lists says "Unknown channel", never a bare id', async () => {
    await insertGuild(server, 'ch-gone', [
      { id: '500000000000000001', name: 'talk-en' },
      { id: '500000000000000002', name: 'talk-es' },
    ]);
    const made = await server.api('/api/channels/links?guildId=ch-gone', {
      method: 'POST',
      admin: true,
      body: {
        name: 'Talk',
        mode: 'mirror',
        channels: [
          { channelId: '500000000000000001', language: 'en' },
          { channelId: '500000000000000002', language: 'es' },
        ],
      },
    });
    expect(made.status).toBe(201);
    // The channel is gone from the bot's synced list (deleted in Discord, or not synced yet).
    await server.services.db.delete(guildChannels).where(eq(guildChannels.id, '500000000000000002')).run();
    const page = await adminPage(browser, server, '/admin/channels?guildId=ch-gone');
    const card = page.getByTestId('channel-link').filter({ hasText: 'Talk' });
    await card.getByText('Unknown channel …000002').waitFor();
    await card.getByText('talk-en').waitFor();
    expect(await card.textContent()).not.toContain('500000000000000002');
    await page.context().close();
  });

  it('screenshots: demo data and empty, dark and light, desktop and phone', async () => {
    const errors = await screenshotMatrix(
      browser,
      server,
      'channels',
      { data: '/admin/channels?guildId=demo1', empty: '/admin/channels?guildId=ch-empty' },
      async (page, kind) => {
        await (kind === 'data'
          ? page.getByTestId('channel-link').first()
          : page.getByTestId('empty-state').first()
        ).waitFor();
      },
    );
    expect(errors).toEqual([]);
  }, 180_000);
});
