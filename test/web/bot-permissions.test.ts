import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCaller } from '../../src/server/app/router';
import { type Browser, launchBrowser, startWebServer } from '../helpers/browser';
import { CHANNEL_TYPE, seedRoles, setGuildPlan } from '../helpers/guilds';
import type { TestServer } from '../helpers/server';
import { adminPage, insertGuild, screenshotMatrix } from './admin-screens-helpers';

/**
 * What the bot reported it may not do (guilds.bot.reportPermissions) shows on the feature's screen
 * with where to grant it: its role in Server Settings, a channel's overwrites in that channel.
 */

let server: TestServer;
let browser: Browser;
const EN = '210000000000000001';
const ES = '210000000000000002';
const UNUSED = '210000000000000003';
const GUILD3 = '310000000000000003';
const PRACTICE = '230000000000000001';

beforeAll(async () => {
  [server, browser] = await Promise.all([startWebServer(), launchBrowser()]);
  await insertGuild(server, '310000000000000001', [
    { id: EN, name: 'general-en' },
    { id: ES, name: 'general-es' },
    { id: UNUSED, name: 'staff-only' },
    { id: '210000000000000004', name: 'Lounge', type: CHANNEL_TYPE.voice },
  ]);
  await server.api('/api/channels/links?guildId=310000000000000001', {
    method: 'POST',
    admin: true,
    body: {
      name: 'General',
      mode: 'mirror',
      channels: [
        { channelId: EN, language: 'en' },
        { channelId: ES, language: 'es' },
      ],
    },
  });
  const bot = createCaller({ ...server.services, actor: { kind: 'bot' }, clientIp: 't' });
  await bot.guilds.bot.reportPermissions({
    servers: [
      {
        guildId: '310000000000000001',
        report: {
          role: 'Polyglot',
          guild: ['ManageWebhooks', 'ModerateMembers'],
          channels: [
            { id: ES, missing: ['SendMessages'] },
            // Not linked: the Channels screen does not mention it.
            { id: UNUSED, missing: ['ViewChannel'] },
            // A voice channel whose overwrites take Connect away: the Voice screen says so.
            { id: '210000000000000004', missing: ['Connect'] },
          ],
        },
      },
    ],
  });
  // Voice captions need Pro: the Voice screen is open on this server.
  await setGuildPlan(server.services, '310000000000000001', 'ultimate');
  await insertGuild(server, '310000000000000002', [{ id: '220000000000000001', name: 'chat' }]);
  await bot.guilds.bot.reportPermissions({
    servers: [{ guildId: '310000000000000002', report: { role: 'Polyglot', guild: [], channels: [] } }],
  });
  // A third server whose bot role lacks Manage Roles and Create Private Threads, and whose
  // exchange channel takes Send Messages in Threads away: the exchange and leveling say so.
  await insertGuild(server, GUILD3, [
    { id: PRACTICE, name: 'practice' },
    { id: '230000000000000002', name: 'lobby' },
  ]);
  await setGuildPlan(server.services, GUILD3, 'ultimate');
  await seedRoles(server.services, GUILD3, [{ id: '240000000000000001', name: 'Regular' }]);
  const admin = createCaller({ ...server.services, actor: { kind: 'admin', via: 'token' }, clientIp: 't' });
  await admin.exchange.updateSettings({ guildId: GUILD3, channelId: PRACTICE });
  await admin.xp.updateSettings({
    guildId: GUILD3,
    roleRewards: [{ level: 5, roleId: '240000000000000001' }],
  });
  await bot.guilds.bot.reportPermissions({
    servers: [
      {
        guildId: GUILD3,
        report: {
          role: 'Polyglot',
          guild: ['ManageRoles', 'CreatePrivateThreads'],
          channels: [
            { id: PRACTICE, missing: ['SendMessagesInThreads'] },
            { id: '230000000000000002', missing: ['ViewChannel'] },
          ],
        },
      },
    ],
  });
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('missing bot permissions on the screens', () => {
  it('the Channels screen names what the role lacks and what a linked channel takes away, and where to grant each', async () => {
    const page = await adminPage(browser, server, '/admin/channels?guildId=310000000000000001');
    const alert = page.getByTestId('bot-permissions-alert');
    await alert.getByText('Server Settings → Roles → Polyglot').waitFor();
    const text = await alert.textContent();
    expect(text).toContain('Its role lacks Manage Webhooks.');
    // Moderation's permission is not this screen's business.
    expect(text).not.toContain('Moderate Members');
    expect(text).toContain('#general-es takes away Send Messages');
    expect(text).toContain('#general-es → Edit Channel → Permissions → Polyglot');
    expect(text).not.toContain('staff-only');
    await page.context().close();
  });

  it('the Moderation screen names its own permission; a server with nothing missing shows no alert', async () => {
    const page = await adminPage(browser, server, '/admin/moderation?guildId=310000000000000001');
    await page.getByTestId('bot-permissions-alert').getByText('Moderate Members').waitFor();
    expect(await page.getByTestId('bot-permissions-alert').textContent()).not.toContain('Manage Webhooks');
    // The report is read (the query answers) and says nothing is missing.
    const answered = page.waitForResponse((r) => r.url().includes('guilds.permissions'));
    await page.goto(`${server.url}/admin/channels?guildId=310000000000000002`);
    await answered;
    await page.getByRole('heading', { name: 'Channel Management' }).waitFor();
    expect(await page.getByTestId('bot-permissions-alert').count()).toBe(0);
    await page.context().close();
  });

  it('the Voice screen names a voice channel whose overwrites take Connect away', async () => {
    const page = await adminPage(browser, server, '/admin/voice-translation?guildId=310000000000000001');
    const alert = page.getByTestId('bot-permissions-alert');
    await alert.getByText('Lounge → Edit Channel → Permissions → Polyglot').waitFor();
    await alert.getByLabel('Voice channel').waitFor();
    const text = await alert.textContent();
    // A voice channel: its icon, no #.
    expect(text).toMatch(/The voice channel\s+Lounge takes away Connect/);
    expect(text).not.toContain('#Lounge');
    // Text channels' gaps are not the Voice screen's.
    expect(text).not.toContain('general-es');
    expect(text).not.toContain('staff-only');
    await page.context().close();
  });

  it('the exchange names the private threads’ permissions and its channel; leveling with role rewards names Manage Roles', async () => {
    const page = await adminPage(browser, server, `/admin/language-learning?guildId=${GUILD3}`);
    const exchange = page.getByLabel('Language exchange').getByTestId('bot-permissions-alert');
    await exchange.getByText('#practice → Edit Channel → Permissions → Polyglot').waitFor();
    const text = await exchange.textContent();
    expect(text).toContain('Its role lacks Create Private Threads.');
    expect(text).toContain('#practice takes away Send Messages in Threads');
    // Not the exchange's: roles, and a channel it does not use.
    expect(text).not.toContain('Manage Roles');
    expect(text).not.toContain('lobby');

    await page.goto(`${server.url}/admin/settings?guildId=${GUILD3}`);
    const leveling = page.getByTestId('bot-permissions-alert');
    await leveling.getByText('Server Settings → Roles → Polyglot').waitFor();
    expect(await leveling.textContent()).toContain('Its role lacks Manage Roles.');
    expect(await leveling.textContent()).not.toContain('Private Threads');
    await page.context().close();
  });

  it('screenshots: the Channels, Voice, exchange and leveling screens with the alert, dark and light, desktop and phone', async () => {
    const errors = await screenshotMatrix(
      browser,
      server,
      'bot-permissions',
      {
        channels: '/admin/channels?guildId=310000000000000001',
        voice: '/admin/voice-translation?guildId=310000000000000001',
        exchange: `/admin/language-learning?guildId=${GUILD3}`,
        leveling: `/admin/settings?guildId=${GUILD3}`,
      },
      async (page, kind) => {
        const sign = {
          voice: 'Lounge takes away',
          channels: 'Server Settings → Roles → Polyglot',
          exchange: '#practice takes away',
          leveling: 'Its role lacks Manage Roles',
        }[kind];
        await page.getByTestId('bot-permissions-alert').getByText(sign, { exact: false }).first().waitFor();
      },
    );
    expect(errors).toEqual([]);
  }, 180_000);
});
