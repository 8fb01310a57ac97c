import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawAll } from '../../db/client';
import { inputSchemaOf } from '../../src/server/core/openapi-schema';
import { restRoutes } from '../../src/server/app/rest-table';
import { appRouter } from '../../src/server/app/router';
import { FAKE_CLIENT_SECRET, type FakeDiscord, makeMember, startFakeDiscord } from '../fakes/discord';
import { loginWithDiscord } from '../helpers/discord-login';
import { seedGuild } from '../helpers/guilds';
import { startTestServer, type TestServer, tableCounts } from '../helpers/server';

// Alice manages A and owns C (where the bot is not); Bob manages B; Dave is a plain member of A.
const A = '100000000000000001';
const B = '100000000000000002';
const C = '100000000000000003';
const MANAGE_SERVER = String(1 << 5);
const alice = makeMember('alice').user;
const bob = makeMember('bob').user;
const dave = makeMember('dave').user;
const FORBIDDEN = { error: 'guildId: you may not manage this server, or the bot is not in it' };

let fake: FakeDiscord;
let s: TestServer;
let now = new Date('2026-11-20T12:00:00Z');
const as = (cookie: string | null) => ({ cookie: cookie ?? '', origin: s.url });

const accountOf = {
  alice: () => ({
    user: alice,
    guilds: [
      { id: A, name: 'Alpha', permissions: MANAGE_SERVER },
      { id: B, name: 'Beta', permissions: '0' },
      { id: C, name: 'Gamma', owner: true, permissions: '0' },
    ],
  }),
  bob: () => ({ user: bob, guilds: [{ id: B, name: 'Beta', permissions: String(1 << 3) }] }),
  dave: () => ({ user: dave, guilds: [{ id: A, name: 'Alpha', permissions: '0' }] }),
};

async function login(who: keyof typeof accountOf) {
  fake.oauth.account = accountOf[who]();
  const { cookie, location } = await loginWithDiscord(s);
  expect(location).toBe('/admin');
  expect(cookie).toBeTruthy();
  return cookie as string;
}

beforeAll(async () => {
  fake = await startFakeDiscord();
  s = await startTestServer({
    env: {
      DISCORD_CLIENT_ID: fake.applicationId,
      DISCORD_CLIENT_SECRET: FAKE_CLIENT_SECRET,
      DISCORD_API_URL: fake.apiUrl,
    },
    overrides: { clock: () => now },
    guilds: [
      { id: A, name: 'Alpha', plan: 'ultimate' },
      { id: B, name: 'Beta', plan: 'ultimate' },
    ],
  });
});
afterAll(async () => {
  await s.close();
  await fake.close();
});

describe('Login with Discord', () => {
  it('starts with a 302 to the consent page carrying state, PKCE S256 and the registered redirect', async () => {
    const res = await fetch(`${s.url}/auth/discord`, { redirect: 'manual' });
    expect(res.status).toBe(302);
    const to = new URL(res.headers.get('location') ?? '');
    expect(to.origin + to.pathname).toBe(`${new URL(fake.apiUrl).origin}/oauth2/authorize`);
    expect(Object.fromEntries(to.searchParams)).toMatchObject({
      client_id: fake.applicationId,
      redirect_uri: `${s.url}/auth/discord/callback`,
      response_type: 'code',
      scope: 'identify guilds',
      code_challenge_method: 'S256',
    });
    expect(to.searchParams.get('state')).toMatch(/^[\w-]{20,}$/);
    expect(res.headers.get('set-cookie')).toMatch(/pb_oauth=.*HttpOnly/);
  });

  it('finishes with a session cookie and lands on the dashboard; auth.me names the member', async () => {
    const cookie = await login('alice');
    const me = await fetch(`${s.url}/trpc/auth.me`, { headers: { cookie } });
    const data = (await me.json()).result.data.json;
    expect(data).toMatchObject({ authenticated: true, operator: false, user: { id: alice.id } });
    // The token went to Discord with the client secret and the PKCE verifier.
    expect(fake.oauth.tokenRequests.at(-1)).toMatchObject({
      grant_type: 'authorization_code',
      client_id: fake.applicationId,
      client_secret: FAKE_CLIENT_SECRET,
      code_verifier: expect.stringMatching(/^[\w-]{43,}$/),
    });
  });

  it.each([
    ['consent denied', { deny: true }, 'denied'],
    ['a state that does not match', { tamperState: true }, 'state'],
    ['no started login (missing state cookie)', { dropStateCookie: true }, 'state'],
    ['Discord down at the token endpoint', { tokenFailure: 502 }, 'unavailable'],
    ['a code Discord refuses', { tokenFailure: 400 }, 'code'],
  ])('%s ends on the login page with error=%s and writes nothing', async (_what, opts, reason) => {
    const before = await tableCounts(s.services);
    fake.oauth.account = 'deny' in opts ? null : accountOf.alice();
    fake.oauth.tokenFailure = 'tokenFailure' in opts ? (opts.tokenFailure ?? null) : null;
    try {
      const { cookie, location } = await loginWithDiscord(
        s,
        opts as { tamperState?: boolean; dropStateCookie?: boolean },
      );
      expect(location).toBe(`/login?error=${reason}`);
      expect(cookie).toBeNull();
      expect(await tableCounts(s.services)).toEqual(before);
    } finally {
      fake.oauth.tokenFailure = null;
    }
  });

  it('returns only to a dashboard page after login, never elsewhere', async () => {
    fake.oauth.account = accountOf.alice();
    expect((await loginWithDiscord(s, { next: '/admin/settings?upgrade=plus' })).location).toBe(
      '/admin/settings?upgrade=plus',
    );
    expect((await loginWithDiscord(s, { next: 'https://evil.example/admin' })).location).toBe('/admin');
    expect((await loginWithDiscord(s, { next: '//evil.example' })).location).toBe('/admin');
  });
});

describe('per-server authorization', () => {
  let aliceCookie: string;
  let bobCookie: string;
  beforeAll(async () => {
    aliceCookie = await login('alice');
    bobCookie = await login('bob');
  });

  it('the picker lists the servers Alice manages: A with the bot, C with "Add bot" preselecting it; not B', async () => {
    const res = await s.api('/api/discord/guilds', { headers: as(aliceCookie) });
    expect(res.status).toBe(200);
    expect(res.json.map((g: { id: string; botPresent: boolean }) => [g.id, g.botPresent])).toEqual([
      [A, true],
      [C, false],
    ]);
    const invite = new URL(res.json[1].inviteUrl);
    expect(invite.searchParams.get('guild_id')).toBe(C);
    expect(invite.searchParams.get('disable_guild_select')).toBe('true');
  });

  it('without ?guildId= a Discord admin lands on their first manageable server', async () => {
    const res = await s.api('/api/config', { headers: as(aliceCookie) });
    expect(res.status).toBe(200);
    const other = await s.api('/api/translation/settings', {
      method: 'PATCH',
      body: { rateLimitPerUser: 120 },
      headers: as(bobCookie),
    });
    expect(other.status).toBe(200);
    const aliceSees = await s.api(`/api/translation/settings?guildId=${A}`, { headers: as(aliceCookie) });
    expect(aliceSees.json.rateLimitPerUser).toBe(50);
  });

  // Every REST path whose procedure takes a guildId: A is Alice's, B is not.
  const guildRoutes = restRoutes.filter(
    (r) => 'guildId' in (inputSchemaOf(appRouter, r.procedure).properties ?? {}),
  );
  it('covers the guild-scoped REST table', () => expect(guildRoutes.length).toBeGreaterThan(35));

  it.each(guildRoutes.map((r) => [r.method, r.path] as const))(
    '%s %s: 403 with the same body on B (and on an unknown server), nothing written',
    async (method, path) => {
      const concrete = path.replace(/:serverId|:guildOrUserId/, B).replace(/:\w+/g, '1');
      const sep = concrete.includes('?') ? '&' : '?';
      const body = method === 'GET' || method === 'DELETE' ? undefined : { guildId: B };
      const before = await tableCounts(s.services);
      const onB = await s.api(`${concrete}${sep}guildId=${B}`, { method, body, headers: as(aliceCookie) });
      expect(onB.status).toBe(403);
      expect(onB.json).toEqual(FORBIDDEN);
      const unknown = await s.api(
        `${concrete.replaceAll(B, '199999999999999999')}${sep}guildId=199999999999999999`,
        {
          method,
          body: body && { guildId: '199999999999999999' },
          headers: as(aliceCookie),
        },
      );
      expect(unknown.status).toBe(403);
      expect(unknown.json).toEqual(FORBIDDEN);
      expect(await tableCounts(s.services)).toEqual(before);
    },
  );

  // Every procedure of the router that takes a guildId (bot-only ones refuse anyway).
  const procedures = Object.entries(
    appRouter._def.procedures as unknown as Record<string, { _def: { type: string } }>,
  )
    .filter(([name]) => 'guildId' in (inputSchemaOf(appRouter, name).properties ?? {}))
    .map(([name, p]) => [name, p._def.type] as const);
  it.each(procedures)('tRPC %s (%s) on B answers 403 FORBIDDEN', async (name, type) => {
    const input = encodeURIComponent(JSON.stringify({ json: { guildId: B } }));
    const res =
      type === 'query'
        ? await fetch(`${s.url}/trpc/${name}?input=${input}`, { headers: as(aliceCookie) })
        : await fetch(`${s.url}/trpc/${name}`, {
            method: 'POST',
            headers: { ...as(aliceCookie), 'content-type': 'application/json' },
            body: JSON.stringify({ json: { guildId: B } }),
          });
    expect(res.status).toBe(403);
    const json = await res.json();
    expect(json.error.json.data.code).toBe('FORBIDDEN');
    expect(JSON.stringify(json)).not.toMatch(/stack|node_modules|\/src\//);
  });

  it('a member without Manage Server sees no server and gets 403 everywhere', async () => {
    const cookie = await login('dave');
    const picker = await s.api('/api/discord/guilds', { headers: as(cookie) });
    expect(picker.json).toEqual([]);
    expect((await s.api('/api/config', { headers: as(cookie) })).status).toBe(403);
    expect((await s.api(`/api/config?guildId=${A}`, { headers: as(cookie) })).status).toBe(403);
  });

  it('a revoked permission takes effect within the 5-minute refresh window', async () => {
    const cookie = await login('alice');
    expect((await s.api(`/api/config?guildId=${A}`, { headers: as(cookie) })).status).toBe(200);
    fake.oauth.account = null;
    // Discord now says Alice lost Manage Server on A (the token still works).
    const tokens = (
      fake.oauth as unknown as {
        tokens: Map<string, { guilds: { id: string; name: string; permissions: string }[] }>;
      }
    ).tokens;
    for (const account of tokens.values()) {
      const server = account.guilds.find((g) => g.id === A);
      if (server) account.guilds = [{ id: A, name: server.name, permissions: '0' }];
    }
    expect((await s.api(`/api/config?guildId=${A}`, { headers: as(cookie) })).status).toBe(200);
    now = new Date(now.getTime() + 5 * 60_000 + 1);
    expect((await s.api(`/api/config?guildId=${A}`, { headers: as(cookie) })).status).toBe(403);
  });
});

describe('API keys', () => {
  it('a key of server A reads A, gets 403 on B, and stops working once revoked', async () => {
    fake.oauth.account = accountOf.alice();
    const cookie = (await loginWithDiscord(s)).cookie as string;
    const bad = await s.api(`/api/api-keys?guildId=${A}`, {
      method: 'POST',
      body: { name: ' ' },
      headers: as(cookie),
    });
    expect(bad.status).toBe(400);
    expect(bad.json.error).toMatch(/^name: /);
    const made = await s.api(`/api/api-keys?guildId=${A}`, {
      method: 'POST',
      body: { name: 'CI' },
      headers: as(cookie),
    });
    expect(made.status).toBe(201);
    expect(made.json.key).toMatch(/^pgk_/);
    const listed = await s.api(`/api/api-keys?guildId=${A}`, { headers: as(cookie) });
    expect(listed.json).toEqual([
      expect.objectContaining({ id: made.json.id, name: 'CI', prefix: made.json.key.slice(0, 12) }),
    ]);
    expect(JSON.stringify(listed.json)).not.toContain(made.json.key);
    // The database keeps a hash only.
    expect(JSON.stringify(await rawAll(s.services.db, sql`select * from api_keys`))).not.toContain(
      made.json.key,
    );

    const key = { authorization: `Bearer ${made.json.key}` };
    expect((await s.api(`/api/config?guildId=${A}`, { headers: key })).status).toBe(200);
    expect((await s.api('/api/config', { headers: key })).status).toBe(200);
    const onB = await s.api(`/api/config?guildId=${B}`, { headers: key });
    expect(onB.status).toBe(403);
    expect(onB.json).toEqual(FORBIDDEN);
    expect((await s.api(`/api/api-keys?guildId=${A}`, { headers: key })).status).toBe(403);

    const revoked = await s.api(`/api/api-keys/${made.json.id}?guildId=${A}`, {
      method: 'DELETE',
      headers: as(cookie),
    });
    expect(revoked.json).toEqual({ id: made.json.id, revoked: true });
    expect((await s.api(`/api/config?guildId=${A}`, { headers: key })).status).toBe(401);
  });

  it('keys created at the same moment stop at the limit of 10, and the refusal says so', async () => {
    const create = (name: string) =>
      s.api(`/api/api-keys?guildId=${B}`, { method: 'POST', body: { name }, admin: true });
    for (let i = 0; i < 7; i++) expect((await create(`key ${i}`)).status).toBe(201);
    const burst = await Promise.all(Array.from({ length: 6 }, (_, i) => create(`burst ${i}`)));
    expect(burst.map((r) => r.status).sort()).toEqual([201, 201, 201, 409, 409, 409]);
    for (const r of burst.filter((r) => r.status === 409))
      expect(r.json).toEqual({ error: 'this server already has 10 API keys; revoke one first' });
    const listed = await s.api(`/api/api-keys?guildId=${B}`, { admin: true });
    expect(listed.json).toHaveLength(10);
  });

  it('creating a key needs the Ultimate plan and says so', async () => {
    await seedGuild(s.services, A, { plan: 'pro' });
    try {
      const res = await s.api(`/api/api-keys?guildId=${A}`, {
        method: 'POST',
        body: { name: 'x' },
        admin: true,
      });
      expect(res.status).toBe(403);
      expect(res.json).toEqual({
        error: 'API access needs the Ultimate plan; upgrade this server to use it',
        locked: { capability: 'apiAccess', plan: 'ultimate' },
      });
    } finally {
      await seedGuild(s.services, A, { plan: 'ultimate' });
    }
  });
});
