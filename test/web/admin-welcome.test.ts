import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../../db/demo';
import { type Browser, launchBrowser, shot, startWebServer } from '../helpers/browser';
import { CHANNEL_TYPE, seedChannels, seedRoles } from '../helpers/guilds';
import type { TestServer } from '../helpers/server';
import { adminPage, insertGuild, screenshotMatrix } from './admin-screens-helpers';

let server: TestServer;
let browser: Browser;
const CHANNELS = [
  { id: '400000000000000001', name: 'welcome' },
  { id: '400000000000000002', name: 'roles' },
];
/** What the bot synced of w2's roles: two it can give, one above its own, its own (an integration's). */
const ROLES = [
  { id: '400000000000000200', name: 'Gamer' },
  { id: '400000000000000201', name: 'Artist' },
  { id: '400000000000000202', name: 'Admins', assignable: false },
  { id: '400000000000000203', name: 'Polyglot', managed: true, assignable: false },
];

beforeAll(async () => {
  [server, browser] = await Promise.all([startWebServer(), launchBrowser()]);
  await insertGuild(server, 'w1');
  // w1's channels and roles as the bot synced them: the voice channel is no place for a welcome.
  await seedChannels(server.services, 'w1', [
    { id: '400000000000000009', name: 'greetings' },
    { id: '400000000000000008', name: 'Lounge', type: CHANNEL_TYPE.voice },
  ]);
  await seedRoles(server.services, 'w1', [
    { id: '400000000000000010', name: 'Newcomer' },
    { id: '400000000000000011', name: 'Member' },
    { id: '400000000000000012', name: 'Moderator', assignable: false },
  ]);
  await insertGuild(server, 'w2', CHANNELS);
  await seedRoles(server.services, 'w2', ROLES);
  await insertGuild(server, 'w-empty');
  await seedDemo(server.services.db, 'demo1', new Date());
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const welcome = async (guildId: string) =>
  (await server.api(`/api/welcome?guildId=${guildId}`, { admin: true })).json;
const reactionRoles = async (guildId: string) =>
  (await server.api(`/api/reaction-roles?guildId=${guildId}`, { admin: true })).json;

describe('Welcome & Roles', () => {
  it('previews the template with {user} as a mention and keeps every change after a reload', async () => {
    const page = await adminPage(browser, server, '/admin/welcome?guildId=w1');
    // Welcome Messages is the default tab.
    expect(await page.getByRole('tab', { name: 'Welcome Messages' }).getAttribute('aria-selected')).toBe(
      'true',
    );
    const enabled = page.getByRole('switch', { name: 'Enable welcome messages' });
    await enabled.waitFor();
    expect(await enabled.isChecked()).toBe(false);

    await enabled.click({ force: true });
    await page.getByText('Welcome settings updated').first().waitFor();

    const template = page.getByLabel('Message template');
    await template.pressSequentially('Hi {user}, welcome aboard!', { delay: 5 });
    const preview = page.getByTestId('welcome-preview');
    await expect.poll(() => preview.textContent()).toContain('Hi @NewMember, welcome aboard!');
    expect(await preview.getByTestId('mention').textContent()).toBe('@NewMember');
    // Channel and role are picked by name among those the server accepts: text channels, and roles
    // the bot can give (one above its role is shown, not offered).
    await page.getByRole('combobox', { name: 'Welcome channel' }).click();
    expect(await page.getByRole('option', { name: '#Lounge' }).count()).toBe(0);
    await page.getByRole('option', { name: '#greetings' }).click();
    await page.getByRole('combobox', { name: 'Auto-assign role' }).click();
    expect(
      await page
        .getByRole('option', { name: 'Moderator (above my role)' })
        .getAttribute('data-combobox-disabled'),
    ).toBe('true');
    await page.getByRole('option', { name: 'Newcomer' }).click();
    // Text fields are saved as typing pauses: the final state of every keystroke reaches the server.
    await expect
      .poll(async () => welcome('w1'), { timeout: 5000 })
      .toMatchObject({
        enabled: true,
        messages: { en: 'Hi {user}, welcome aboard!' },
        channelId: '400000000000000009',
        roleId: '400000000000000010',
      });
    await page.getByText('Welcome settings updated').first().waitFor();
    await shot(page, 'welcome-template-preview');

    await page.reload();
    await template.waitFor();
    expect(await template.inputValue()).toBe('Hi {user}, welcome aboard!');
    expect(await enabled.isChecked()).toBe(true);
    await expect
      .poll(() => page.getByRole('combobox', { name: 'Welcome channel' }).inputValue())
      .toBe('#greetings');
    await expect
      .poll(() => page.getByRole('combobox', { name: 'Auto-assign role' }).inputValue())
      .toBe('Newcomer');
    expect(await page.getByTestId('welcome-preview').textContent()).toContain(
      'Hi @NewMember, welcome aboard!',
    );
    await page.context().close();
  });

  it("shows the server's message when a field is refused", async () => {
    const page = await adminPage(browser, server, '/admin/welcome?guildId=w1');
    const role = page.getByRole('combobox', { name: 'Auto-assign role' });
    await expect.poll(() => role.inputValue()).toBe('Newcomer');
    // The list on screen is older than the bot's last sync: Member was moved above the bot's role.
    await seedRoles(server.services, 'w1', [{ id: '400000000000000011', name: 'Member', assignable: false }]);
    await role.click();
    await page.getByRole('option', { name: 'Member', exact: true }).click();
    const refusal = 'I cannot give the role "Member": it is above my own role';
    // The server's sentence shows under the field, and in the toast naming the field.
    await page.locator('.mantine-Select-error').getByText(refusal).waitFor();
    await page.getByText(`roleId: 400000000000000011: ${refusal}`).first().waitFor();
    await shot(page, 'welcome-role-refused');
    expect((await welcome('w1')).roleId).toBe('400000000000000010');
    await page.context().close();
  });

  it('creates a reaction role from picked channel and emoji rows, then deletes it', async () => {
    const page = await adminPage(browser, server, '/admin/welcome?guildId=w2');
    await page.getByRole('tab', { name: 'Reaction Roles' }).click();
    await page.getByText('No reaction roles yet').waitFor();
    await page.getByRole('button', { name: 'Create Reaction Role' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create Reaction Role' });
    const create = dialog.getByRole('button', { name: 'Create', exact: true });
    expect(await create.isDisabled()).toBe(true);
    await dialog.getByRole('combobox', { name: 'Channel' }).click();
    await page.getByRole('option', { name: '#roles' }).click();
    await dialog.getByLabel('Message ID').fill('400000000000000100');
    await dialog.getByLabel('Emoji 1').fill('🎮');
    await dialog.getByLabel('Label 1').fill('Gamer');
    expect(await create.isDisabled()).toBe(true);
    await dialog.getByRole('combobox', { name: 'Role 1' }).click();
    // The bot's own role is not offered; a role above it is shown but cannot be picked.
    expect(await page.getByRole('option', { name: 'Polyglot' }).count()).toBe(0);
    expect(
      await page
        .getByRole('option', { name: 'Admins (above my role)' })
        .getAttribute('data-combobox-disabled'),
    ).toBe('true');
    await page.getByRole('option', { name: 'Gamer' }).click();
    await dialog.getByRole('button', { name: 'Add role' }).click();
    await dialog.getByLabel('Emoji 2').fill('🎨');
    await dialog.getByLabel('Label 2').fill('Artist');
    await dialog.getByRole('combobox', { name: 'Role 2' }).click();
    await page.getByRole('option', { name: 'Artist' }).click();
    await shot(page, 'welcome-reaction-role-dialog');
    await create.click();
    await page.getByText('Reaction role created').waitFor();
    await dialog.waitFor({ state: 'hidden' });

    const card = page.getByTestId('reaction-role');
    await card.waitFor();
    expect(await card.textContent()).toContain('Gamer');
    expect(await card.textContent()).toContain('#roles');
    expect(await reactionRoles('w2')).toMatchObject([
      {
        channelId: '400000000000000002',
        messageId: '400000000000000100',
        roles: [
          { emoji: '🎮', label: 'Gamer', roleId: '400000000000000200' },
          { emoji: '🎨', label: 'Artist', roleId: '400000000000000201' },
        ],
      },
    ]);

    await page.getByRole('button', { name: 'Delete reaction role 400000000000000100' }).click();
    await page
      .getByRole('dialog', { name: /^Delete this reaction role/ })
      .getByRole('button', { name: 'Delete', exact: true })
      .click();
    await page.getByText('Reaction role deleted').waitFor();
    await page.getByText('No reaction roles yet').waitFor();
    expect(await reactionRoles('w2')).toEqual([]);
    await page.context().close();
  });

  it("shows the server's reason when a reaction role is refused", async () => {
    const page = await adminPage(browser, server, '/admin/welcome?guildId=w2');
    await page.getByRole('tab', { name: 'Reaction Roles' }).click();
    await page.getByRole('button', { name: 'Create Reaction Role' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create Reaction Role' });
    await dialog.getByRole('combobox', { name: 'Channel' }).click();
    await page.getByRole('option', { name: '#roles' }).click();
    await dialog.getByLabel('Message ID').fill('400000000000000101');
    await dialog.getByLabel('Emoji 1').fill('not an emoji');
    await dialog.getByRole('combobox', { name: 'Role 1' }).click();
    await page.getByRole('option', { name: 'Gamer' }).click();
    await dialog.getByRole('button', { name: 'Create', exact: true }).click();
    await page.getByText('must be one emoji').waitFor();
    expect(await dialog.isVisible()).toBe(true);
    expect(await reactionRoles('w2')).toEqual([]);
    await page.context().close();
  });

  it('screenshots: demo data and empty, both tabs, dark and light, desktop and phone', async () => {
    const errors = await screenshotMatrix(
      browser,
      server,
      'welcome',
      { data: '/admin/welcome?guildId=demo1', empty: '/admin/welcome?guildId=w-empty' },
      async (page) => {
        await page.getByTestId('welcome-preview').waitFor();
      },
    );
    errors.push(
      ...(await screenshotMatrix(
        browser,
        server,
        'reaction-roles',
        { data: '/admin/welcome?guildId=demo1', empty: '/admin/welcome?guildId=w-empty' },
        async (page, kind) => {
          await page.getByRole('tab', { name: 'Reaction Roles' }).click();
          await (kind === 'data'
            ? page.getByTestId('reaction-role').first()
            : page.getByTestId('empty-state')
          ).waitFor();
        },
      )),
    );
    expect(errors).toEqual([]);
  }, 240_000);
});
