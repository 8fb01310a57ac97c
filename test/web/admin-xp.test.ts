import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { guildChannels, guildRoles, memberXp } from '../../db/schema';
import { type Browser, launchBrowser, shot, startWebServer } from '../helpers/browser';
import { setGuildPlan } from '../helpers/guilds';
import type { TestServer } from '../helpers/server';
import { adminPage, insertGuild, screenshotMatrix } from './admin-screens-helpers';

/** Leveling on the Settings screen: level-up channel, ignored channels, role rewards, leaderboard. */

let server: TestServer;
let browser: Browser;

const CHANNELS = [
  { id: '5001', name: 'general' },
  { id: '5002', name: 'level-ups' },
  { id: '5003', name: 'bot-spam' },
];

beforeAll(async () => {
  [server, browser] = await Promise.all([startWebServer(), launchBrowser()]);
  await insertGuild(server, 'xp1', CHANNELS);
  await insertGuild(server, 'xp-free');
  await setGuildPlan(server.services, 'xp1', 'plus');
  const db = server.services.db;
  await db
    .insert(guildRoles)
    .values([
      { id: '7001', guildId: 'xp1', name: 'Admins', color: 0xe74c3c, position: 30, assignable: false },
      { id: '7002', guildId: 'xp1', name: 'Polyglot', color: 0x5865f2, position: 10, managed: true },
      { id: '7003', guildId: 'xp1', name: 'Regular', color: 0x2ecc71, position: 3, assignable: true },
    ])
    .run();
  await db
    .insert(memberXp)
    .values([
      { guildId: 'xp1', userId: '11', username: 'Ana', xp: 420, level: 2, messageCount: 30 },
      { guildId: 'xp1', userId: '12', username: 'Ben', xp: 120, level: 1, messageCount: 9 },
    ])
    .run();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const settingsOf = async (guildId: string) =>
  (await server.api(`/api/xp/settings?guildId=${guildId}`, { admin: true })).json;

describe('Leveling settings', () => {
  it('shows the leaderboard and saves a level-up channel, an ignored channel and a role reward', async () => {
    const page = await adminPage(browser, server, '/admin/settings?guildId=xp1');
    const board = page.getByLabel('Leaderboard');
    await board.getByText('Ana').waitFor();
    expect(await board.getByRole('row').count()).toBe(3);
    expect(await board.getByRole('row').nth(1).textContent()).toBe('1Ana242030');

    const card = page.getByLabel('Leveling', { exact: true });
    await card.getByRole('combobox', { name: 'Level-up messages' }).click();
    await page.getByRole('option', { name: '#level-ups' }).click();
    await card.getByLabel('Channels that earn no XP').click();
    await page.getByRole('option', { name: '#bot-spam' }).click();
    await page.keyboard.press('Escape');

    await card.getByRole('button', { name: 'Add role reward' }).click();
    await card.getByRole('combobox', { name: 'Role of reward 1' }).click();
    // The bot's own role is not offered; a role above it is shown but cannot be picked.
    expect(await page.getByRole('option', { name: 'Polyglot' }).count()).toBe(0);
    expect(
      await page
        .getByRole('option', { name: 'Admins (above my role)' })
        .getAttribute('data-combobox-disabled'),
    ).toBe('true');
    await page.getByRole('option', { name: 'Regular' }).click();
    await card.getByRole('textbox', { name: 'Level of reward 1' }).fill('3');
    await shot(page, 'xp-settings-filled');
    await card.getByRole('button', { name: 'Save leveling' }).click();
    await page.getByText('Leveling settings saved').waitFor();
    expect(await settingsOf('xp1')).toMatchObject({
      levelUpChannelId: '5002',
      ignoredChannels: ['5003'],
      roleRewards: [{ level: 3, roleId: '7003' }],
    });
    await page.context().close();
  });

  it('a saved channel deleted in Discord since blocks no other change, and is shown to be removed', async () => {
    await insertGuild(server, 'xp-stale', [
      { id: '5101', name: 'general' },
      { id: '5102', name: 'level-ups' },
      { id: '5103', name: 'bot-spam' },
    ]);
    await setGuildPlan(server.services, 'xp-stale', 'plus');
    const saved = await server.api('/api/xp/settings?guildId=xp-stale', {
      method: 'PATCH',
      admin: true,
      body: { ignoredChannels: ['5103'] },
    });
    expect(saved.status).toBe(200);
    // #bot-spam is deleted in Discord: the bot's sync removes it, the server now refuses its id.
    await server.services.db.delete(guildChannels).where(eq(guildChannels.id, '5103')).run();
    const refused = await server.api('/api/xp/settings?guildId=xp-stale', {
      method: 'PATCH',
      admin: true,
      body: { ignoredChannels: ['5103'] },
    });
    expect(refused.status).toBe(400);

    const page = await adminPage(browser, server, '/admin/settings?guildId=xp-stale');
    const card = page.getByLabel('Leveling', { exact: true });
    const save = card.getByRole('button', { name: 'Save leveling' });
    await card.getByText('5103 (not found in this server)').waitFor();
    // Nothing changed yet: nothing to save.
    expect(await save.isDisabled()).toBe(true);
    await card.getByRole('combobox', { name: 'Level-up messages' }).click();
    await page.getByRole('option', { name: '#level-ups' }).click();
    await save.click();
    await page.getByText('Leveling settings saved').waitFor();
    expect(await settingsOf('xp-stale')).toMatchObject({
      levelUpChannelId: '5102',
      ignoredChannels: ['5103'],
    });

    // The admin removes the deleted channel from the list, and that saves too.
    await card.getByText('5103 (not found in this server)').waitFor();
    await card.locator('.mantine-Pill-root', { hasText: '5103' }).locator('button').click();
    await save.click();
    await expect.poll(async () => (await settingsOf('xp-stale')).ignoredChannels).toEqual([]);
    expect((await settingsOf('xp-stale')).levelUpChannelId).toBe('5102');
    await page.context().close();
  });

  it('on the Free plan the panel names the Plus plan', async () => {
    const page = await adminPage(browser, server, '/admin/settings?guildId=xp-free');
    await page.getByText('XP and leveling needs the Plus plan').waitFor();
    // The Features switch above it is shown off and cannot be turned on.
    const toggle = page.getByRole('switch', { name: 'Leveling system' });
    expect(await toggle.isChecked()).toBe(false);
    expect(await toggle.isDisabled()).toBe(true);
    await page.getByText('Needs the Plus plan: off on this server until it upgrades').waitFor();
    await page.context().close();
    const errors = await screenshotMatrix(
      browser,
      server,
      'xp-locked',
      { free: '/admin/settings?guildId=xp-free' },
      (p) => p.getByText('XP and leveling needs the Plus plan').waitFor(),
    );
    expect(errors).toEqual([]);
  }, 120_000);

  it('screenshots, dark and light, desktop and phone', async () => {
    const errors = await screenshotMatrix(
      browser,
      server,
      'xp',
      { data: '/admin/settings?guildId=xp1' },
      (page) => page.getByLabel('Leaderboard').getByText('Ben').waitFor(),
    );
    expect(errors).toEqual([]);
  }, 120_000);
});
