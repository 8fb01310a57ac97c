import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningBot, startBot } from '../../bot/client';
import {
  FAKE_CLIENT_SECRET,
  type FakeDiscord,
  makeGuild,
  makeMember,
  startFakeDiscord,
} from '../fakes/discord';
import { type Browser, launchBrowser, openPage, shot, startWebServer } from '../helpers/browser';
import type { TestServer } from '../helpers/server';

// The real discord.js bot is in Alpha; Alice manages Alpha and owns Gamma (no bot there yet).
const alpha = makeGuild('Alpha Guild', ['general']);
const alice = makeMember('alice').user;
const GAMMA = '300000000000000003';

let fake: FakeDiscord;
let server: TestServer;
let bot: RunningBot | null;
let browser: Browser;

beforeAll(async () => {
  fake = await startFakeDiscord({ guilds: [alpha] });
  [server, browser] = await Promise.all([
    startWebServer({
      env: {
        DISCORD_TOKEN: fake.token,
        DISCORD_API_URL: fake.apiUrl,
        DISCORD_CLIENT_ID: fake.applicationId,
        DISCORD_CLIENT_SECRET: FAKE_CLIENT_SECRET,
      },
    }),
    launchBrowser(),
  ]);
  bot = await startBot(server.services, { retries: 0 });
  await bot?.ready;
});
afterAll(async () => {
  await browser?.close();
  await bot?.stop();
  await server?.close();
  await fake?.close();
});

describe('Login with Discord in the browser', () => {
  it('leads with Discord, logs in through the consent page and opens the server the admin manages', async () => {
    fake.oauth.account = {
      user: alice,
      guilds: [
        { id: alpha.id, name: 'Alpha Guild', permissions: String(1 << 5) },
        { id: GAMMA, name: 'Gamma Guild', owner: true, permissions: '0' },
        { id: '300000000000000009', name: 'Not Mine', permissions: '0' },
      ],
    };
    for (const theme of ['dark', 'light'] as const) {
      const login = await openPage(browser, `${server.url}/login`, { theme });
      await login.getByRole('link', { name: 'Login with Discord' }).waitFor();
      await shot(login, `discord-login-${theme}-desktop`);
      await login.context().close();
    }
    const phone = await openPage(browser, `${server.url}/login?error=denied`, {
      theme: 'light',
      width: 375,
      height: 800,
    });
    await phone.getByText('You cancelled the login on Discord').waitFor();
    await shot(phone, 'discord-login-error-light-phone');
    await phone.context().close();

    const page = await openPage(browser, `${server.url}/login`, { theme: 'dark' });
    await page.getByRole('link', { name: 'Login with Discord' }).click();
    await page.waitForURL(`${server.url}/admin`);
    const picker = page.locator('input[aria-label="Discord server"]');
    await expect.poll(() => picker.inputValue(), { timeout: 15_000 }).toBe('Alpha Guild');
    await picker.click();
    const options = await page.getByRole('option').allTextContents();
    expect(options.some((o) => o.includes('Alpha Guild'))).toBe(true);
    expect(options.some((o) => o.includes('Gamma Guild') && o.includes('Add bot'))).toBe(true);
    expect(options.some((o) => o.includes('Not Mine'))).toBe(false);
    await page.keyboard.press('Escape');
    await page.goto(`${server.url}/admin/settings`);
    await page.getByTestId('plan-usage').waitFor();
    await shot(page, 'discord-login-settings-dark-desktop');
    await page.context().close();
  });

  it('a member who manages no server with the bot sees the no-server page with the invite', async () => {
    fake.oauth.account = {
      user: makeMember('dave').user,
      guilds: [{ id: GAMMA, name: 'Gamma Guild', owner: true, permissions: '0' }],
    };
    const page = await openPage(browser, `${server.url}/login`, { theme: 'light' });
    await page.getByRole('link', { name: 'Login with Discord' }).click();
    await page.waitForURL(`${server.url}/admin`);
    await page.getByTestId('no-server').getByText('No server to manage yet').waitFor();
    const add = page.getByTestId('no-server').getByRole('link', { name: 'Add bot' });
    expect(new URL((await add.getAttribute('href')) ?? '').searchParams.get('guild_id')).toBe(GAMMA);
    await shot(page, 'discord-login-no-server-light-desktop');
    await page.context().close();
  });
});
