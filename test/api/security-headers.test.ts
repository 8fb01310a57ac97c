import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HSTS_VALUE } from '../../src/server/core/security-headers';
import { startTestServer, type TestServer } from '../helpers/server';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s.close());

/** The CSP's directives by name. */
function csp(header: string | null): Record<string, string[]> {
  return Object.fromEntries(
    (header ?? '')
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((d) => d[0])
      .map(([name, ...values]) => [name, values]),
  );
}

const PATHS = ['/healthz', '/api/global-stats', '/api/config', '/trpc/auth.me', '/nope', '/login?code=x'];

describe('security headers', () => {
  it.each(PATHS)('%s: scripts only from our origin (no unsafe-inline), no framing at all', async (path) => {
    const res = await fetch(s.url + path, { redirect: 'manual' });
    const policy = csp(res.headers.get('content-security-policy'));
    expect(policy['script-src']).toEqual(["'self'"]);
    expect(policy['frame-ancestors']).toEqual(["'none'"]);
    expect(policy['object-src']).toEqual(["'none'"]);
    expect(policy['base-uri']).toEqual(["'self'"]);
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('no Strict-Transport-Security while PUBLIC_URL is http', async () => {
    expect(s.services.env.PUBLIC_URL).toMatch(/^http:/);
    for (const path of PATHS) {
      const res = await fetch(s.url + path, { redirect: 'manual' });
      expect(res.headers.get('strict-transport-security')).toBeNull();
    }
  });

  it('Strict-Transport-Security on every answer once PUBLIC_URL is https', async () => {
    const before = s.services.env;
    s.services.env = { ...before, PUBLIC_URL: 'https://bot.example.com' };
    try {
      for (const path of PATHS) {
        const res = await fetch(s.url + path, { redirect: 'manual' });
        expect(res.headers.get('strict-transport-security')).toBe(HSTS_VALUE);
      }
    } finally {
      s.services.env = before;
    }
  });
});
