import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCaller } from '../../src/server/app/router';
import { tickets } from '../../db/schema';
import { type FakeDiscord, makeGuild, makeMember, startFakeDiscord } from '../fakes/discord';
import { startTestServer, type TestServer } from '../helpers/server';

/**
 * tickets.searchMembers: the claim picker's member search, asked of Discord (Search Guild Members
 * on the fake Discord, which checks the request against Discord's description): only the asked
 * server's members, names and avatars; bad input refused naming the field; a server the caller may
 * not manage refused; the claim itself refuses a member of another server.
 */
const ana = makeMember('ana');
const anatole = { ...makeMember('anatole'), nick: 'Tolya' };
const ben = { ...makeMember('ben', 'en-US', { avatar: null }), nick: 'Anders' };
const annie = makeMember('annie'); // of the other server only
const home = makeGuild('Home', ['general'], [ana, anatole, ben]);
const other = makeGuild('Other', ['general'], [annie]);

const FREE = '700000000000000009';

let fake: FakeDiscord;
let s: TestServer;

beforeAll(async () => {
  fake = await startFakeDiscord({ guilds: [home, other] });
  s = await startTestServer({
    env: { DISCORD_TOKEN: fake.token, DISCORD_API_URL: fake.apiUrl },
    guilds: [
      { id: home.id, plan: 'ultimate' },
      { id: other.id, plan: 'ultimate' },
      { id: FREE, plan: 'free' },
    ],
  });
});
afterAll(async () => {
  await s?.close();
  await fake?.close();
});

const operator = () => createCaller({ ...s.services, actor: { kind: 'admin', via: 'token' }, clientIp: 't' });
const refusal = (p: Promise<unknown>) =>
  p.then(
    () => ({ code: 'none', message: 'answered' }),
    (e: { code: string; message: string }) => ({ code: e.code, message: e.message }),
  );

describe('tickets.searchMembers', () => {
  it("lists the server's members whose username or nickname starts with the query, with names and avatars", async () => {
    const found = await operator().tickets.searchMembers({ guildId: home.id, query: 'AN' });
    expect(found).toEqual([
      {
        id: ana.user.id,
        name: 'ana G.',
        avatarUrl: `https://cdn.discordapp.com/avatars/${ana.user.id}/a1b2c3d4e5f6.png?size=64`,
      },
      { id: anatole.user.id, name: 'Tolya', avatarUrl: expect.stringContaining(anatole.user.id) },
      // Matched by the server nickname; no picture: Discord's default (null).
      { id: ben.user.id, name: 'Anders', avatarUrl: null },
    ]);
    // Discord was asked for this server, with the query and the limit as its description has them.
    const call = fake.rest.calls.find((c) => c.path === `/guilds/${home.id}/members/search`);
    expect(call?.query).toEqual({ query: 'AN', limit: '10' });
    // Another server's member never comes back, and the limit is passed on.
    expect(await operator().tickets.searchMembers({ guildId: home.id, query: 'annie' })).toEqual([]);
    expect(await operator().tickets.searchMembers({ guildId: home.id, query: 'an', limit: 1 })).toHaveLength(
      1,
    );
  });

  it('refuses an empty or blank query, one past 100 characters and a bad limit, naming the field; Discord is not asked', async () => {
    const before = fake.rest.calls.length;
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ query: '' }, /query.*at least one letter/s],
      [{ query: '   ' }, /query.*at least one letter/s],
      [{ query: 'a'.repeat(101) }, /query.*at most 100 characters/s],
      [{ query: 'an', limit: 0 }, /limit.*at least 1/s],
      [{ query: 'an', limit: 26 }, /limit.*at most 25/s],
      [{ query: 42 }, /query.*must be text/s],
    ];
    for (const [input, message] of cases) {
      const r = await refusal(operator().tickets.searchMembers({ guildId: home.id, ...input } as never));
      expect(r.code, JSON.stringify(input)).toBe('BAD_REQUEST');
      expect(r.message).toMatch(message);
    }
    expect(fake.rest.calls.length).toBe(before);
  });

  it("refuses another server's guild id for a caller limited to one server, and a server without tickets", async () => {
    const key = createCaller({
      ...s.services,
      actor: { kind: 'apiKey', guildId: home.id, keyId: 1 },
      clientIp: 't',
    });
    expect(await key.tickets.searchMembers({ guildId: home.id, query: 'ana' })).toHaveLength(2);
    const elsewhere = await refusal(key.tickets.searchMembers({ guildId: other.id, query: 'annie' }));
    expect(elsewhere).toEqual({
      code: 'FORBIDDEN',
      message: 'guildId: you may not manage this server, or the bot is not in it',
    });
    // Tickets are an Ultimate capability: a Free server's members are not searched.
    const free = await refusal(operator().tickets.searchMembers({ guildId: FREE, query: 'a' }));
    expect(free.code).toBe('FORBIDDEN');
    expect(free.message).toMatch(/Ultimate/);
  });

  it("says when Discord cannot be asked, without a setting's name", async () => {
    fake.rest.fail({
      method: 'GET',
      path: /\/members\/search$/,
      status: 403,
      body: { message: 'Missing Access', code: 50001 },
      times: 1,
    });
    const r = await refusal(operator().tickets.searchMembers({ guildId: home.id, query: 'ana' }));
    expect(r.code).toBe('SERVICE_UNAVAILABLE');
    expect(r.message).toMatch(/Discord could not be asked for this server's members right now.*try again/);
    expect(r.message).not.toMatch(/DISCORD_|token/i);
  });
});

describe('tickets.claim with a picked member', () => {
  it('claims for a member of the server (their name kept) and refuses a member of another server, writing nothing', async () => {
    const [row] = await s.services.db
      .insert(tickets)
      .values({
        guildId: home.id,
        userId: ana.user.id,
        subject: { en: 'Help' },
        description: { en: 'The bot is quiet.' },
        userLanguage: 'en',
      })
      .returning()
      .all();
    const stranger = await refusal(
      operator().tickets.claim({ guildId: home.id, id: row!.id, claim: true, staffId: annie.user.id }),
    );
    expect(stranger).toEqual({
      code: 'BAD_REQUEST',
      message: `staffId: ${annie.user.id} is not a member of this server`,
    });
    expect((await operator().tickets.get({ guildId: home.id, id: row!.id })).claimedBy).toBeNull();
    const claimed = await operator().tickets.claim({
      guildId: home.id,
      id: row!.id,
      claim: true,
      staffId: anatole.user.id,
    });
    expect(claimed).toMatchObject({ claimedBy: anatole.user.id, claimedByName: 'Tolya' });
  });
});
