import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAKE_CLIENT_SECRET, type FakeDiscord, makeMember, startFakeDiscord } from '../fakes/discord';
import { type Browser, launchBrowser, openPage, pageErrors, startWebServer } from '../helpers/browser';
import type { TestServer } from '../helpers/server';

// The server listens on 127.0.0.1 (the address it prints first) while PUBLIC_URL, the address
// Discord returns to, is http://localhost:PORT: the default of an installation without PUBLIC_URL.
const ALPHA = '100000000000000001';
const alice = makeMember('alice').user;

let fake: FakeDiscord;
let server: TestServer;
let browser: Browser;
let publicUrl: string;

beforeAll(async () => {
  fake = await startFakeDiscord();
  [server, browser] = await Promise.all([
    startWebServer({
      env: {
        DISCORD_API_URL: fake.apiUrl,
        DISCORD_CLIENT_ID: fake.applicationId,
        DISCORD_CLIENT_SECRET: FAKE_CLIENT_SECRET,
      },
      guilds: [{ id: ALPHA, name: 'Alpha Guild' }],
    }),
    launchBrowser(),
  ]);
  publicUrl = server.url.replace('127.0.0.1', 'localhost');
  server.services.env = { ...server.services.env, PUBLIC_URL: publicUrl };
  fake.oauth.account = {
    user: alice,
    guilds: [{ id: ALPHA, name: 'Alpha Guild', permissions: String(1 << 5) }],
  };
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
  await fake?.close();
});

describe('Login with Discord opened on another address than PUBLIC_URL', { timeout: 60_000 }, () => {
  it('pressing the button on http://127.0.0.1:PORT/login completes on PUBLIC_URL and opens the dashboard', async () => {
    const page = await openPage(browser, `${server.url}/login`, { theme: 'dark' });
    const errors = pageErrors(page);
    await page.getByRole('link', { name: 'Login with Discord' }).click();
    await page.waitForURL(`${publicUrl}/admin`);
    const picker = page.locator('input[aria-label="Discord server"]');
    await expect.poll(() => picker.inputValue(), { timeout: 15_000 }).toBe('Alpha Guild');
    expect(page.url()).not.toContain('error=');
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('only the login start moves: pages, /api and /trpc answer on 127.0.0.1 as they are', async () => {
    for (const path of ['/login', '/admin', '/api/global-stats', '/trpc/auth.me']) {
      const res = await fetch(server.url + path, { redirect: 'manual' });
      expect([path, res.status]).toEqual([path, 200]);
    }
    const start = await fetch(`${server.url}/auth/discord?next=%2Fadmin%2Fpolls`, { redirect: 'manual' });
    expect(start.status).toBe(302);
    expect(start.headers.get('location')).toBe(`${publicUrl}/auth/discord?next=%2Fadmin%2Fpolls`);
    expect(start.headers.get('set-cookie')).toBeNull();
  });

  it('behind a proxy it was not told about (X-Forwarded-For, no TRUST_PROXY) it does not guess: no redirect', async () => {
    const start = await fetch(`${server.url}/auth/discord`, {
      redirect: 'manual',
      headers: { 'x-forwarded-for': '198.51.100.1' },
    });
    expect(start.status).toBe(302);
    expect(new URL(start.headers.get('location') ?? '').pathname).toBe('/oauth2/authorize');
  });
});
