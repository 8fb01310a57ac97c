import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGIN_CODE_MINUTES, loginCodesOf } from '../../src/server/core/admin-token';
import { startTestServer, TEST_ADMIN_TOKEN, type TestServer } from '../helpers/server';

let s: TestServer;
let now = new Date('2026-11-20T12:00:00Z');
beforeAll(async () => {
  s = await startTestServer({ overrides: { clock: () => now } });
});
afterAll(() => s.close());

/** Opens a link the way a browser would, without following the redirect. */
async function open(path: string) {
  const res = await fetch(s.url + path, { redirect: 'manual' });
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .find((c) => c.startsWith('pb_session=') && c !== 'pb_session=');
  return { status: res.status, location: res.headers.get('location'), cookie: cookie ?? null, res };
}

const operator = async (cookie: string) =>
  (await (await fetch(`${s.url}/trpc/auth.me`, { headers: { cookie } })).json()).result.data.json;

describe('the one-time login link (/login?code=...)', () => {
  it('logs the operator in once, then goes to the dashboard; the same link again is refused', async () => {
    const { code } = loginCodesOf(s.services).issue();
    const first = await open(`/login?code=${code}`);
    expect(first.status).toBe(302);
    expect(first.location).toBe('/admin');
    expect(first.res.headers.get('cache-control')).toBe('no-store');
    expect(first.cookie).toBeTruthy();
    expect(await operator(first.cookie!)).toMatchObject({ authenticated: true, operator: true });
    const read = await s.api('/api/translation/settings', { headers: { cookie: first.cookie! } });
    expect(read.status).toBe(200);

    const again = await open(`/login?code=${code}`);
    expect(again).toMatchObject({ status: 302, location: '/login?error=link', cookie: null });
  });

  it(`expires after ${LOGIN_CODE_MINUTES} minutes`, async () => {
    const codes = loginCodesOf(s.services);
    const late = codes.issue().code;
    const inTime = codes.issue().code;
    now = new Date(now.getTime() + LOGIN_CODE_MINUTES * 60_000 - 1);
    expect((await open(`/login?code=${inTime}`)).location).toBe('/admin');
    now = new Date(now.getTime() + 1);
    expect(await open(`/login?code=${late}`)).toMatchObject({ location: '/login?error=link', cookie: null });
  });

  it('an unknown or empty code is refused the same way', async () => {
    for (const path of ['/login?code=not-a-code', '/login?code=']) {
      expect(await open(path)).toMatchObject({ status: 302, location: '/login?error=link', cookie: null });
    }
  });

  it('a link with the admin token no longer logs in, and the token leaves the address', async () => {
    const res = await open(`/login?token=${TEST_ADMIN_TOKEN}`);
    expect(res).toMatchObject({ status: 302, location: '/login?error=token-link', cookie: null });
    expect(res.location).not.toContain(TEST_ADMIN_TOKEN);
  });

  it('a near miss does not log in, and does not use up the real code', async () => {
    const { code } = loginCodesOf(s.services).issue();
    expect((await open(`/login?code=${code.slice(0, -1)}`)).location).toBe('/login?error=link');
    expect((await open(`/login?code=${code}`)).location).toBe('/admin');
  });
});
