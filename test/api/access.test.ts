import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUBLIC_PROCEDURES } from '../../src/server/core/openapi-operation';
import { restRoutes } from '../../src/server/app/rest-table';
import { startTestServer, TEST_ADMIN_TOKEN, type TestServer, tableCounts } from '../helpers/server';

/** A concrete path for a route: every :param becomes 1. */
const concrete = (path: string) => path.replace(/:\w+/g, '1');
const hasBody = (method: string) => method !== 'GET' && method !== 'DELETE';

const adminRoutes = restRoutes.filter((r) => !PUBLIC_PROCEDURES.has(r.procedure));

let s: TestServer;
beforeAll(async () => {
  // Behind one proxy: each wrong-bearer probe below sends its own value (a value refused 10 times
  // gets 429: test/api/credentials.test.ts) from its own visitor address (the login form's lockout
  // per address is tested at the end).
  s = await startTestServer({ env: { TRUST_PROXY: '1' } });
});
let visitor = 0;
const fromVisitor = () => ({ 'x-forwarded-for': `198.51.100.7, 203.0.113.${++visitor}` });
afterAll(() => s.close());

describe('admin paths need credentials', () => {
  it('there are admin routes to check', () => {
    expect(adminRoutes.length).toBeGreaterThan(20);
  });

  it.each(adminRoutes.map((r) => [r.method, r.path] as const))(
    '%s %s: no credentials and a wrong bearer both get 401, and nothing is written',
    async (method, path) => {
      const before = await tableCounts(s.services);
      const init = { method, ...(hasBody(method) ? { body: {} } : {}) };
      const anonymous = await s.api(concrete(path), init);
      expect(anonymous.status).toBe(401);
      expect(anonymous.json.error).toMatch(/login required/);
      const wrong = await s.api(concrete(path), {
        ...init,
        headers: { ...fromVisitor(), authorization: `Bearer not-the-admin-token-${visitor}` },
      });
      expect(wrong.status).toBe(401);
      expect(await tableCounts(s.services)).toEqual(before);
    },
  );

  it('the public paths answer without credentials', async () => {
    const stats = await s.api('/api/global-stats');
    expect(stats.status).toBe(200);
    expect(stats.json.totalTranslations).toEqual(expect.any(Number));
    const openapi = await s.api('/api/openapi.json');
    expect(openapi.status).toBe(200);
    // Bad input, not a login wall:
    const contact = await s.api('/api/contact', { method: 'POST', body: {} });
    expect(contact.status).toBe(400);
    // Not configured here, and says so rather than asking for a login:
    const webhook = await s.api('/api/stripe/webhook', { method: 'POST', body: '{}' });
    expect(webhook.status).toBe(503);
  });
});

describe('dashboard session', () => {
  const trpc = (name: string, input: unknown, headers: Record<string, string> = {}) =>
    fetch(`${s.url}/trpc/${name}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify({ json: input }),
    });
  let cookie = '';

  it('auth.login with the admin token sets an HttpOnly session cookie that reads admin paths', async () => {
    const res = await trpc('auth.login', { token: TEST_ADMIN_TOKEN });
    expect(res.status).toBe(200);
    const setCookie = res.headers.get('set-cookie') ?? '';
    expect(setCookie).toMatch(/^pb_session=[^;]+;/);
    expect(setCookie).toContain('HttpOnly');
    expect(setCookie).toContain('SameSite=Lax');
    cookie = setCookie.split(';')[0];
    const me = await fetch(`${s.url}/trpc/auth.me`, { headers: { cookie } });
    expect((await me.json()).result.data.json.authenticated).toBe(true);
    const read = await s.api('/api/translation/settings', { headers: { cookie } });
    expect(read.status).toBe(200);
    expect(read.json.rateLimitPerUser).toBe(50);
  });

  it('a cookie change from our own page works; from a foreign Origin it is refused with 401', async () => {
    const before = await tableCounts(s.services);
    const foreign = await s.api('/api/translation/settings', {
      method: 'PATCH',
      body: { rateLimitPerUser: 100 },
      headers: { cookie, origin: 'https://evil.example' },
    });
    expect(foreign.status).toBe(401);
    expect(await tableCounts(s.services)).toEqual(before);
    const still = await s.api('/api/translation/settings', { headers: { cookie } });
    expect(still.json.rateLimitPerUser).toBe(50);

    const own = await s.api('/api/translation/settings', {
      method: 'PATCH',
      body: { rateLimitPerUser: 100 },
      headers: { cookie, origin: s.url },
    });
    expect(own.status).toBe(200);
    expect(own.json.rateLimitPerUser).toBe(100);
  });

  it('logout ends the session: the old cookie no longer reads anything', async () => {
    const res = await trpc('auth.logout', {}, { cookie, origin: s.url });
    expect(res.status).toBe(200);
    expect(res.headers.get('set-cookie')).toMatch(/pb_session=;.*Max-Age=0/);
    const read = await s.api('/api/translation/settings', { headers: { cookie } });
    expect(read.status).toBe(401);
  });

  it('a wrong token gets 401 and no cookie; repeated wrong tokens get 429', async () => {
    const wrong = await trpc('auth.login', { token: 'definitely-not-the-token' });
    expect(wrong.status).toBe(401);
    expect(wrong.headers.get('set-cookie')).toBeNull();
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) statuses.push((await trpc('auth.login', { token: `guess-${i}` })).status);
    expect(statuses).toContain(429);
    expect(statuses.slice(statuses.indexOf(429)).every((code) => code === 429)).toBe(true);
    const last = await trpc('auth.login', { token: TEST_ADMIN_TOKEN });
    expect(last.status).toBe(429);
    expect((await last.json()).error.json.message).toMatch(/try again in \d+ s/);
  });
});
