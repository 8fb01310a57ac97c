import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { guilds } from '../../db/schema';
import { CHANNEL_TYPE, seedChannels, seedGuild, setGuildPlan } from '../helpers/guilds';
import { startTestServer, type TestServer, tableCounts } from '../helpers/server';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s.close());

/** Each test uses its own guild so plan limits and lists do not interfere. */
let nextGuild = 100;
const freshGuild = async () => {
  const id = `g${nextGuild++}`;
  await seedGuild(s.services, id);
  return id;
};
let nextChannel = 500_000;
/** A new text channel of the server, as the bot syncs it. */
const ch = async (guildId: string) => {
  const id = String(nextChannel++);
  await seedChannels(s.services, guildId, [id]);
  return id;
};

const create = (guildId: string, body: unknown) =>
  s.api(`/api/channels/links?guildId=${guildId}`, { method: 'POST', admin: true, body });
const list = (guildId: string) => s.api(`/api/channels/links?guildId=${guildId}`, { admin: true });

describe('channel links', () => {
  it('creates a link (201), drops rows without a channel id, and the list shows it', async () => {
    const g = await freshGuild();
    const [a, b] = [await ch(g), await ch(g)];
    const res = await create(g, {
      name: '  Global chat ',
      channels: [
        { channelId: a, language: 'en' },
        { channelId: '', language: 'fr' },
        { channelId: b, language: 'es' },
      ],
      mode: 'mirror',
    });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({
      name: 'Global chat',
      active: true,
      mode: 'mirror',
      channels: [
        { channelId: a, language: 'en' },
        { channelId: b, language: 'es' },
      ],
    });
    expect(typeof res.json.id).toBe('number');
    expect(Date.parse(res.json.createdAt)).not.toBeNaN();
    const listed = await list(g);
    expect(listed.status).toBe(200);
    expect(listed.json).toEqual([res.json]);
  });

  it('takes guildId from the body too, defaults language to en and mode to mirror', async () => {
    const g = await freshGuild();
    const c = await ch(g);
    const res = await s.api('/api/channels/links', {
      method: 'POST',
      admin: true,
      body: { guildId: g, name: 'Body guild', channels: [{ channelId: c }] },
    });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({ mode: 'mirror', channels: [{ channelId: c, language: 'en' }] });
    expect((await list(g)).json).toHaveLength(1);
    expect(
      (await list('default')).json.find((l: { name: string }) => l.name === 'Body guild'),
    ).toBeUndefined();
  });

  it('delete answers { id, deleted: true } and the link is gone, with its channels free again', async () => {
    const g = await freshGuild();
    const c = await ch(g);
    const made = await create(g, {
      name: 'Temp',
      channels: [{ channelId: c, language: 'de' }],
      mode: 'mirror',
    });
    const del = await s.api(`/api/channels/links/${made.json.id}?guildId=${g}`, {
      method: 'DELETE',
      admin: true,
    });
    expect(del.status).toBe(200);
    expect(del.json).toEqual({ id: made.json.id, deleted: true });
    expect((await list(g)).json).toEqual([]);
    const again = await create(g, {
      name: 'Reuse',
      channels: [{ channelId: c, language: 'de' }],
      mode: 'mirror',
    });
    expect(again.status).toBe(201);
  });

  it.each([
    [{ name: '', channels: [{ channelId: '1', language: 'en' }] }, 'name'],
    [{ name: '   ', channels: [{ channelId: '1', language: 'en' }] }, 'name'],
    [{ name: 'x'.repeat(101), channels: [{ channelId: '1', language: 'en' }] }, 'name'],
    [{ channels: [{ channelId: '1', language: 'en' }] }, 'name'],
    [{ name: 'No channels', channels: [{ channelId: '', language: 'en' }] }, 'channels'],
    [{ name: 'No channels', channels: [] }, 'channels'],
    [{ name: 'Missing channels' }, 'channels'],
    [{ name: 'Bad id', channels: [{ channelId: 'general', language: 'en' }] }, 'channels.0.channelId'],
    [{ name: 'Bad lang', channels: [{ channelId: '7', language: 'English' }] }, 'channels.0.language'],
    [{ name: 'Bad mode', channels: [{ channelId: '7', language: 'en' }], mode: 'loop' }, 'mode'],
    [
      {
        name: 'Twice',
        channels: [
          { channelId: '7', language: 'en' },
          { channelId: '7', language: 'fr' },
        ],
      },
      'channels: channel 7 is listed twice',
    ],
    [
      {
        name: 'Single with two',
        mode: 'single',
        channels: [
          { channelId: '7', language: 'en' },
          { channelId: '8', language: 'fr' },
        ],
      },
      'channels: a single-channel link has exactly one channel',
    ],
    [
      { name: 'Unknown', channels: [{ channelId: '999999999', language: 'en' }] },
      'channels.0.channelId: 999999999 is not a text or forum channel of this server',
    ],
    [
      {
        name: 'Voice',
        channels: [
          { channelId: '7', language: 'en' },
          { channelId: '9', language: 'fr' },
        ],
      },
      'channels.1.channelId: 9 (#lounge) is a voice channel, not a text or forum channel',
    ],
  ])('rejects %j with 400 naming %s and writes nothing', async (body, field) => {
    const g = await freshGuild();
    // The server's synced channels the bodies name (7 and 8 text, 9 voice).
    await seedChannels(s.services, g, ['1', '7', '8', { id: '9', name: 'lounge', type: CHANNEL_TYPE.voice }]);
    const before = await tableCounts(s.services);
    const res = await create(g, body);
    expect(res.status).toBe(400);
    expect(res.json.error).toContain(field);
    expect(await tableCounts(s.services)).toEqual(before);
  });

  it('answers 409 when a channel is already in another link, in this guild or another', async () => {
    const [g1, g2] = [await freshGuild(), await freshGuild()];
    const c = await ch(g1);
    const moved = await ch(g1);
    expect(
      (
        await create(g1, {
          name: 'First',
          channels: [
            { channelId: c, language: 'en' },
            { channelId: moved, language: 'de' },
          ],
        })
      ).status,
    ).toBe(201);
    const fresh = await ch(g1);
    const before = await tableCounts(s.services);
    const same = await create(g1, {
      name: 'Second',
      channels: [
        { channelId: fresh, language: 'fr' },
        { channelId: c, language: 'es' },
      ],
    });
    expect(same.status).toBe(409);
    expect(same.json.error).toContain(c);
    expect(same.json.error).toContain('"First"');
    // A channel of another server is not this server's to link: 400, saying nothing of its link.
    const other = await create(g2, { name: 'Elsewhere', channels: [{ channelId: c, language: 'es' }] });
    expect(other.status).toBe(400);
    expect(other.json.error).toContain(
      `channels.0.channelId: ${c} is not a text or forum channel of this server`,
    );
    expect(other.json.error).not.toContain('First');
    // A channel the bot's sync now shows under g2 while g1's link still holds it: 409, unnamed.
    await seedChannels(s.services, g2, [moved]);
    const before2 = await tableCounts(s.services);
    const stale = await create(g2, { name: 'Elsewhere', channels: [{ channelId: moved, language: 'es' }] });
    expect(stale.status).toBe(409);
    expect(stale.json.error).toContain(moved);
    expect(stale.json.error).toContain("another server's link");
    expect(stale.json.error).not.toContain('First');
    expect(await tableCounts(s.services)).toEqual(before2);
    expect(before2).toEqual(before);
  });

  it('two requests linking the same channel at the same moment: one link, the other answered 409', async () => {
    const g = await freshGuild();
    const c = await ch(g);
    const results = await Promise.all(
      ['One', 'Two', 'Three'].map((name) =>
        create(g, { name, channels: [{ channelId: c, language: 'en' }] }),
      ),
    );
    expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409]);
    expect((await list(g)).json).toHaveLength(1);
  });

  it('answers 403 naming the limit past the Free plan (2 links) and lets a Plus guild go on', async () => {
    const g = await freshGuild();
    for (const name of ['One', 'Two']) {
      expect((await create(g, { name, channels: [{ channelId: await ch(g), language: 'en' }] })).status).toBe(
        201,
      );
    }
    const c = await ch(g);
    const before = await tableCounts(s.services);
    const third = await create(g, { name: 'Three', channels: [{ channelId: c, language: 'en' }] });
    expect(third.status).toBe(403);
    expect(third.json.error).toMatch(/Free plan allows 2 channel links/);
    expect(third.json.error).toMatch(/upgrade/i);
    expect(await tableCounts(s.services)).toEqual(before);

    await s.services.db.update(guilds).set({ plan: 'plus' }).where(eq(guilds.id, g)).run();
    const plus = await create(g, { name: 'Three', channels: [{ channelId: await ch(g), language: 'en' }] });
    expect(plus.status).toBe(201);
    expect((await list(g)).json.map((l: { name: string }) => l.name)).toEqual(['One', 'Two', 'Three']);
  });

  it('has no limit on the Pro plan', async () => {
    const g = await freshGuild();
    await setGuildPlan(s.services, g, 'pro');
    for (let i = 0; i < 12; i++) {
      expect(
        (await create(g, { name: `L${i}`, channels: [{ channelId: await ch(g), language: 'en' }] })).status,
      ).toBe(201);
    }
    expect((await list(g)).json).toHaveLength(12);
  });

  it('answers 404 for unknown ids and for another guild’s link, and 400 for a non-number id', async () => {
    const [g1, g2] = [await freshGuild(), await freshGuild()];
    const made = await create(g1, { name: 'Mine', channels: [{ channelId: await ch(g1), language: 'en' }] });
    const foreign = await s.api(`/api/channels/links/${made.json.id}?guildId=${g2}`, {
      method: 'DELETE',
      admin: true,
    });
    expect(foreign.status).toBe(404);
    expect(foreign.json.error).toBe(`channel link ${made.json.id} not found`);
    expect((await list(g1)).json).toHaveLength(1);
    const unknown = await s.api(`/api/channels/links/999999?guildId=${g1}`, {
      method: 'DELETE',
      admin: true,
    });
    expect(unknown.status).toBe(404);
    expect(unknown.json.error).toContain('channel link 999999 not found');
    const nan = await s.api('/api/channels/links/abc', { method: 'DELETE', admin: true });
    expect(nan.status).toBe(400);
    expect(nan.json.error).toMatch(/^id: must be a whole number/);
  });

  it('needs credentials', async () => {
    expect((await s.api('/api/channels/links')).status).toBe(401);
    const before = await tableCounts(s.services);
    const post = await s.api('/api/channels/links', {
      method: 'POST',
      body: { name: 'x', channels: [{ channelId: '1' }] },
    });
    expect(post.status).toBe(401);
    expect((await s.api('/api/channels/links/1', { method: 'DELETE' })).status).toBe(401);
    expect(await tableCounts(s.services)).toEqual(before);
  });
});
