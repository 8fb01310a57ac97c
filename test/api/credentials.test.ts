import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BEARER_FAILURE_LIMIT } from '../../src/server/core/credentials';
import { startTestServer, TEST_ADMIN_TOKEN, type TestServer } from '../helpers/server';

// Every request of this file comes from the one address 127.0.0.1 (no TRUST_PROXY).
const GUILD = '100000000000000001';
let s: TestServer;
let now = new Date('2026-11-20T12:00:00Z');
let apiKey = '';
const bearer = (value: string) => ({ authorization: `Bearer ${value}` });

beforeAll(async () => {
  s = await startTestServer({ overrides: { clock: () => now }, guilds: [{ id: GUILD, plan: 'ultimate' }] });
  const made = await s.api(`/api/api-keys?guildId=${GUILD}`, {
    method: 'POST',
    body: { name: 'CI' },
    admin: true,
  });
  expect(made.status).toBe(201);
  apiKey = made.json.key;
});
afterAll(() => s.close());

describe('a wrong Bearer value', () => {
  it('15 junk values from one address lock out neither the admin token nor an API key', async () => {
    for (let i = 0; i < 15; i++) {
      const junk = await s.api(`/api/config?guildId=${GUILD}`, { headers: bearer(`junk-value-${i}`) });
      expect(junk.status).toBe(401);
      // The same junk on the public figure is ignored: a visitor's answer.
      const pub = await s.api('/api/global-stats', { headers: bearer(`junk-value-${i}`) });
      expect(pub.status).toBe(200);
    }
    const admin = await s.api(`/api/config?guildId=${GUILD}`, { headers: bearer(TEST_ADMIN_TOKEN) });
    expect(admin.status).toBe(200);
    const key = await s.api(`/api/config?guildId=${GUILD}`, { headers: bearer(apiKey) });
    expect(key.status).toBe(200);
    // The login form of the same address is not touched either.
    const form = await fetch(`${s.url}/trpc/auth.login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ json: { token: TEST_ADMIN_TOKEN } }),
    });
    expect(form.status).toBe(200);
  });

  it('the same wrong value tried again and again gets 429 saying why, with Retry-After', async () => {
    const value = 'pgk_not-a-key-that-exists-0000000000';
    const statuses: number[] = [];
    for (let i = 0; i < BEARER_FAILURE_LIMIT; i++)
      statuses.push((await s.api(`/api/config?guildId=${GUILD}`, { headers: bearer(value) })).status);
    expect(statuses).toEqual(Array(BEARER_FAILURE_LIMIT).fill(401));
    const refused = await s.api(`/api/config?guildId=${GUILD}`, { headers: bearer(value) });
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('900');
    expect(refused.json).toEqual({
      error:
        'authorization: this Bearer value is not the admin token or a live API key, and was refused 10 times in 15 minutes; check the value you send, then try again in 900 s',
    });
    // On tRPC too, in the envelope the tRPC client reads.
    const trpc = await fetch(
      `${s.url}/trpc/settings.get?input=${encodeURIComponent(JSON.stringify({ json: { guildId: GUILD } }))}`,
      {
        headers: bearer(value),
      },
    );
    expect(trpc.status).toBe(429);
    const body = await trpc.json();
    expect(body.error.json.data).toMatchObject({ code: 'TOO_MANY_REQUESTS', httpStatus: 429 });
    expect(body.error.json.message).toMatch(/^authorization: this Bearer value .* try again in \d+ s$/);
    // Still nothing stops the right credentials, or the public figure with the refused value.
    expect((await s.api(`/api/config?guildId=${GUILD}`, { headers: bearer(TEST_ADMIN_TOKEN) })).status).toBe(
      200,
    );
    expect((await s.api(`/api/config?guildId=${GUILD}`, { headers: bearer(apiKey) })).status).toBe(200);
    expect((await s.api('/api/global-stats', { headers: bearer(value) })).status).toBe(200);
    // The window ends: the value is answered 401 again (it is still wrong).
    now = new Date(now.getTime() + 15 * 60_000);
    expect((await s.api(`/api/config?guildId=${GUILD}`, { headers: bearer(value) })).status).toBe(401);
  });

  it('a revoked key is a wrong value like any other: 401, then 429 on its own', async () => {
    const made = await s.api(`/api/api-keys?guildId=${GUILD}`, {
      method: 'POST',
      body: { name: 'old' },
      admin: true,
    });
    await s.api(`/api/api-keys/${made.json.id}?guildId=${GUILD}`, { method: 'DELETE', admin: true });
    const tries: number[] = [];
    for (let i = 0; i <= BEARER_FAILURE_LIMIT; i++)
      tries.push((await s.api(`/api/config?guildId=${GUILD}`, { headers: bearer(made.json.key) })).status);
    expect(tries.at(-2)).toBe(401);
    expect(tries.at(-1)).toBe(429);
    expect((await s.api(`/api/config?guildId=${GUILD}`, { headers: bearer(apiKey) })).status).toBe(200);
  });
});
