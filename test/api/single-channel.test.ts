import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { guildChannels } from '../../db/schema';
import { createCaller } from '../../src/server/app/router';
import { createApiKey } from '../../src/server/features/api-keys/api-keys';
import { seedGuild, setGuildPlan } from '../helpers/guilds';
import { startTestServer, type TestServer, tableCounts } from '../helpers/server';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s.close());

let nextGuild = 1;
let nextChannel = 700_000;
/** A server the bot is in, with its synced channels: two text channels, a voice channel, a forum. */
const freshGuild = async (plan: 'free' | 'plus' | 'pro' | 'ultimate' = 'free') => {
  const id = `room${nextGuild++}`;
  await seedGuild(s.services, id, { plan });
  const ch = async (name: string, type: number) => {
    const channelId = String(nextChannel++);
    await s.services.db.insert(guildChannels).values({ id: channelId, guildId: id, name, type }).run();
    return channelId;
  };
  return {
    id,
    general: await ch('general', 0),
    lobby: await ch('lobby', 0),
    news: await ch('news', 5),
    voice: await ch('Voice chat', 2),
    forum: await ch('help-forum', 15),
  };
};

const rooms = (guildId: string, init: Parameters<TestServer['api']>[1] = {}) =>
  s.api(`/api/channels/rooms?guildId=${guildId}`, { admin: true, ...init });
const create = (guildId: string, body: unknown) => rooms(guildId, { method: 'POST', body });
const patch = (guildId: string, id: number | string, body: unknown) =>
  s.api(`/api/channels/rooms/${id}?guildId=${guildId}`, { method: 'PATCH', admin: true, body });
const remove = (guildId: string, id: number | string) =>
  s.api(`/api/channels/rooms/${id}?guildId=${guildId}`, { method: 'DELETE', admin: true });

describe('single-channel translation rooms', () => {
  it('creates a room from a synced channel, lists it, changes its languages, pauses it and removes it', async () => {
    const g = await freshGuild();
    const made = await create(g.id, { channelId: g.general, languages: ['es', 'fr', 'ja'] });
    expect(made.status).toBe(201);
    expect(made.json).toMatchObject({
      channelId: g.general,
      channelName: 'general',
      languages: ['es', 'fr', 'ja'],
      active: true,
    });
    expect(Date.parse(made.json.createdAt)).not.toBeNaN();
    expect((await rooms(g.id)).json).toEqual([made.json]);
    // The spec's link list still shows it (mode single), and the API's languages path reads it.
    const links = (await s.api(`/api/channels/links?guildId=${g.id}`, { admin: true })).json;
    expect(links).toMatchObject([{ id: made.json.id, mode: 'single', channels: [{ channelId: g.general }] }]);
    const langs = await s.api(`/api/channels/links/${made.json.id}/languages?guildId=${g.id}`, {
      admin: true,
    });
    expect(langs.json.languages).toEqual(['es', 'fr', 'ja']);

    const edited = await patch(g.id, made.json.id, { languages: ['de', 'es'] });
    expect(edited.status).toBe(200);
    expect(edited.json).toMatchObject({ id: made.json.id, languages: ['de', 'es'], active: true });
    const paused = await patch(g.id, made.json.id, { active: false });
    expect(paused.json).toMatchObject({ languages: ['de', 'es'], active: false });
    expect((await rooms(g.id)).json[0]).toMatchObject({ languages: ['de', 'es'], active: false });

    const gone = await remove(g.id, made.json.id);
    expect(gone.status).toBe(200);
    expect(gone.json).toEqual({ id: made.json.id, removed: true });
    expect((await rooms(g.id)).json).toEqual([]);
    // The channel is free again: it can be a room (or a link) once more.
    expect((await create(g.id, { channelId: g.general, languages: ['es'] })).status).toBe(201);
  });

  it('an announcement channel can be a room; lists only rooms, not mirror links', async () => {
    const g = await freshGuild('plus');
    await s.api(`/api/channels/links?guildId=${g.id}`, {
      method: 'POST',
      admin: true,
      body: { name: 'Mirror', channels: [{ channelId: g.lobby, language: 'en' }] },
    });
    expect((await create(g.id, { channelId: g.news, languages: ['pt'] })).status).toBe(201);
    expect((await rooms(g.id)).json.map((r: { channelName: string }) => r.channelName)).toEqual(['news']);
  });

  it.each([
    ['no channel', { languages: ['es'] }, /^channelId: is required/],
    [
      'a channel id that is not digits',
      { channelId: '#general', languages: ['es'] },
      /^channelId: must be a Discord channel id/,
    ],
    [
      'an unknown channel',
      { channelId: '123456789', languages: ['es'] },
      /^channelId: 123456789 is not a text channel of this server/,
    ],
    ['no languages', { channelId: 'GENERAL', languages: [] }, /^languages: give at least one language code$/],
    [
      'eleven languages',
      { channelId: 'GENERAL', languages: ['es', 'fr', 'de', 'it', 'pt', 'ja', 'ko', 'zh', 'ru', 'ar', 'tr'] },
      /^languages: at most 10 languages/,
    ],
    [
      'an unknown language',
      { channelId: 'GENERAL', languages: ['es', 'xx'] },
      /^languages\.1: unknown language code xx$/,
    ],
    [
      'a language twice',
      { channelId: 'GENERAL', languages: ['es', 'es'] },
      /^languages\.1: es is listed twice$/,
    ],
    [
      'languages not a list',
      { channelId: 'GENERAL', languages: 'es' },
      /^languages: must be a list of language codes$/,
    ],
  ])('create with %s: 400 naming the field, nothing written', async (_what, body, error) => {
    const g = await freshGuild();
    const input = { ...(body as Record<string, unknown>) };
    if (input.channelId === 'GENERAL') input.channelId = g.general;
    const before = await tableCounts(s.services);
    const res = await create(g.id, input);
    expect(res.status).toBe(400);
    expect(res.json.error).toMatch(error);
    expect(await tableCounts(s.services)).toEqual(before);
  });

  it("refuses a voice channel, a forum and another server's channel with 400, nothing written", async () => {
    const g = await freshGuild();
    const other = await freshGuild();
    const before = await tableCounts(s.services);
    const voice = await create(g.id, { channelId: g.voice, languages: ['es'] });
    expect(voice.status).toBe(400);
    expect(voice.json.error).toBe(
      `channelId: ${g.voice} (#Voice chat) is a voice channel, not a text channel`,
    );
    const forum = await create(g.id, { channelId: g.forum, languages: ['es'] });
    expect(forum.status).toBe(400);
    expect(forum.json.error).toBe(`channelId: ${g.forum} (#help-forum) is a forum, not a text channel`);
    const elsewhere = await create(g.id, { channelId: other.general, languages: ['es'] });
    expect(elsewhere.status).toBe(400);
    expect(elsewhere.json.error).toBe(
      `channelId: ${other.general} is not a text channel of this server (pick one from the list; the bot syncs channels while it is connected)`,
    );
    expect(await tableCounts(s.services)).toEqual(before);
  });

  it('409 naming the channel and its link or room when the channel is taken, both ways', async () => {
    const g = await freshGuild('plus');
    const link = await s.api(`/api/channels/links?guildId=${g.id}`, {
      method: 'POST',
      admin: true,
      body: { name: 'Global chat', channels: [{ channelId: g.lobby, language: 'en' }] },
    });
    expect(link.status).toBe(201);
    expect((await create(g.id, { channelId: g.general, languages: ['es'] })).status).toBe(201);
    const before = await tableCounts(s.services);

    const inLink = await create(g.id, { channelId: g.lobby, languages: ['es'] });
    expect(inLink.status).toBe(409);
    expect(inLink.json.error).toBe(
      `channelId: already linked: #lobby (${g.lobby}) (in link "Global chat"); a channel can be in one link or room only, delete that one first`,
    );
    const twice = await create(g.id, { channelId: g.general, languages: ['fr'] });
    expect(twice.status).toBe(409);
    expect(twice.json.error).toContain(`#general (${g.general}) (in translation room "general")`);
    // A mirror link cannot take a room's channel either.
    const mirror = await s.api(`/api/channels/links?guildId=${g.id}`, {
      method: 'POST',
      admin: true,
      body: { name: 'Loop', channels: [{ channelId: g.general, language: 'en' }] },
    });
    expect(mirror.status).toBe(409);
    expect(mirror.json.error).toContain('in translation room "general"');
    expect(await tableCounts(s.services)).toEqual(before);
  });

  it('403 naming the plan limit: rooms count as channel links (Free: 2)', async () => {
    const g = await freshGuild('free');
    expect((await create(g.id, { channelId: g.general, languages: ['es'] })).status).toBe(201);
    expect((await create(g.id, { channelId: g.lobby, languages: ['es'] })).status).toBe(201);
    const before = await tableCounts(s.services);
    const third = await create(g.id, { channelId: g.news, languages: ['es'] });
    expect(third.status).toBe(403);
    expect(third.json.error).toMatch(
      /^the Free plan allows 2 channel links \(translation rooms count as links\)/,
    );
    expect(third.json.error).toContain('upgrade to Plus');
    expect(await tableCounts(s.services)).toEqual(before);
    await setGuildPlan(s.services, g.id, 'plus');
    expect((await create(g.id, { channelId: g.news, languages: ['es'] })).status).toBe(201);
  });

  it.each([
    ['no change', {}, 400, /^input: give languages, active and\/or delivery$/],
    ['no languages', { languages: [] }, 400, /^languages: give at least one language code$/],
    [
      'eleven languages',
      { languages: ['es', 'fr', 'de', 'it', 'pt', 'ja', 'ko', 'zh', 'ru', 'ar', 'tr'] },
      400,
      /^languages: at most 10 languages/,
    ],
    ['an unknown language', { languages: ['qq'] }, 400, /^languages\.0: unknown language code qq$/],
    ['active not a boolean', { active: 'yes' }, 400, /^active: must be true or false$/],
    ['a delivery that is not reply or thread', { delivery: 'dm' }, 400, /^delivery: must be "reply"/],
  ])('update with %s: %i naming it, nothing changed', async (_what, body, status, error) => {
    const g = await freshGuild();
    const room = (await create(g.id, { channelId: g.general, languages: ['es', 'fr'] })).json;
    const before = await tableCounts(s.services);
    const res = await patch(g.id, room.id, body);
    expect(res.status).toBe(status);
    expect(res.json.error).toMatch(error);
    expect(await tableCounts(s.services)).toEqual(before);
    expect((await rooms(g.id)).json[0]).toMatchObject({ languages: ['es', 'fr'], active: true });
  });

  it('two admins saving languages at the same moment: each saved whole, the last one is the list', async () => {
    const g = await freshGuild();
    const room = (await create(g.id, { channelId: g.general, languages: ['es', 'fr'] })).json;
    const lists = [
      ['de', 'it'],
      ['ja', 'ko'],
      ['de', 'ko'],
    ];
    // Through the dashboard's procedure in-process (as /trpc runs it), on a warm pool.
    const caller = createCaller({ ...s.services, actor: { kind: 'admin', via: 'token' }, clientIp: 'test' });
    await Promise.all(lists.map(() => caller.singleChannel.list({ guildId: g.id })));
    await Promise.all(
      lists.map((languages) => caller.singleChannel.update({ guildId: g.id, id: room.id, languages })),
    );
    const after = (await rooms(g.id)).json.find((r: { id: number }) => r.id === room.id);
    expect(lists).toContainEqual(after.languages);
  });

  it('404 for a room that does not exist, a mirror link, or a bad id; nothing written', async () => {
    const g = await freshGuild();
    const link = await s.api(`/api/channels/links?guildId=${g.id}`, {
      method: 'POST',
      admin: true,
      body: { name: 'Mirror', channels: [{ channelId: g.lobby, language: 'en' }] },
    });
    const before = await tableCounts(s.services);
    for (const id of [999_999, link.json.id]) {
      const up = await patch(g.id, id, { languages: ['es'] });
      expect(up.status).toBe(404);
      expect(up.json.error).toBe(`id: translation room ${id} not found`);
      const del = await remove(g.id, id);
      expect(del.status).toBe(404);
    }
    const bad = await remove(g.id, 'abc');
    expect(bad.status).toBe(400);
    expect(bad.json.error).toMatch(/^id: /);
    expect(await tableCounts(s.services)).toEqual(before);
  });

  it("403 for another server: an API key reaches its own server's rooms only; another server's room is 404", async () => {
    const a = await freshGuild('ultimate');
    const b = await freshGuild('ultimate');
    const roomB = (await create(b.id, { channelId: b.general, languages: ['es'] })).json;
    const { key } = await createApiKey(s.services.db, a.id, 'CI', 'test', new Date());
    const headers = { authorization: `Bearer ${key}` };
    const before = await tableCounts(s.services);
    const asKey = (path: string, init: { method?: string; body?: unknown } = {}) =>
      s.api(path, { ...init, headers });

    const attempts = [
      await asKey(`/api/channels/rooms?guildId=${b.id}`),
      await asKey(`/api/channels/rooms?guildId=${b.id}`, {
        method: 'POST',
        body: { channelId: b.lobby, languages: ['es'] },
      }),
      await asKey(`/api/channels/rooms/${roomB.id}?guildId=${b.id}`, {
        method: 'PATCH',
        body: { languages: ['fr'] },
      }),
      await asKey(`/api/channels/rooms/${roomB.id}?guildId=${b.id}`, { method: 'DELETE' }),
    ];
    for (const res of attempts) {
      expect(res.status).toBe(403);
      expect(res.json.error).toBe('guildId: you may not manage this server, or the bot is not in it');
    }
    // Through its own server, B's room id is not found, and B's channel is not A's.
    const viaA = await asKey(`/api/channels/rooms/${roomB.id}?guildId=${a.id}`, {
      method: 'PATCH',
      body: { languages: ['fr'] },
    });
    expect(viaA.status).toBe(404);
    expect(
      (await asKey(`/api/channels/rooms/${roomB.id}?guildId=${a.id}`, { method: 'DELETE' })).status,
    ).toBe(404);
    const channelOfB = await asKey(`/api/channels/rooms?guildId=${a.id}`, {
      method: 'POST',
      body: { channelId: b.lobby, languages: ['es'] },
    });
    expect(channelOfB.status).toBe(400);
    expect(await tableCounts(s.services)).toEqual(before);
    expect((await rooms(b.id)).json).toEqual([roomB]);
    // The key works on its own server.
    expect((await asKey(`/api/channels/rooms?guildId=${a.id}`)).status).toBe(200);
  });
});
