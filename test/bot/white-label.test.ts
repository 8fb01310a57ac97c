import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setGuildPlan } from '../helpers/guilds';
import { tableCounts } from '../helpers/server';
import { type BotHarness, eventually, startBotHarness } from './harness';

/** White-label (Ultimate): the bot's nickname, avatar, banner and bio in a server reach Discord. */

const PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
let h: BotHarness;
beforeAll(async () => {
  h = await startBotHarness();
  await setGuildPlan(h.server.services, h.guild.id, 'ultimate');
});
afterAll(async () => {
  await h?.close();
});

const put = (body: unknown) =>
  h.server.api(`/api/white-label?guildId=${h.guild.id}`, { method: 'PUT', admin: true, body });
const view = async () =>
  (await h.server.api(`/api/white-label?guildId=${h.guild.id}`, { admin: true })).json as Record<
    string,
    unknown
  >;
const full = {
  nickname: 'Mochi',
  bio: 'Your friendly helper in every language',
  avatar: PNG,
  banner: null,
  brandColor: '#ff8800',
  footer: 'Mochi Community',
};

describe('white-label', () => {
  it('a nickname, avatar and bio reach Discord through Modify Current Member', async () => {
    const res = await put(full);
    expect(res.status).toBe(200);
    const call = await h.fake.waitForCall(
      (c) => c.method === 'PATCH' && c.path === `/guilds/${h.guild.id}/members/@me`,
      15_000,
    );
    expect(call.body).toEqual({
      nick: 'Mochi',
      avatar: PNG,
      banner: null,
      bio: 'Your friendly helper in every language',
    });
    expect(call.status).toBe(200);
    expect(h.fake.profiles.get(h.guild.id)).toEqual({
      nick: 'Mochi',
      avatar: PNG,
      banner: null,
      bio: 'Your friendly helper in every language',
    });
    // The bot's own member in discord.js has the nickname too.
    await eventually(() => h.bot.client.guilds.cache.get(h.guild.id)?.members.me?.nickname === 'Mochi');
    await eventually(async () => (await view()).state === 'applied');
    expect(await view()).toMatchObject({ ...full, state: 'applied', applyError: null });
  });

  it('reset sends Discord nulls: the bot is itself again', async () => {
    const before = h.fake.rest.calls.length;
    const res = await h.server.api(`/api/white-label/reset?guildId=${h.guild.id}`, {
      method: 'POST',
      admin: true,
    });
    expect(res.status).toBe(200);
    const call = await h.fake.waitForCall(
      (c) =>
        h.fake.rest.calls.indexOf(c) >= before &&
        c.method === 'PATCH' &&
        c.path === `/guilds/${h.guild.id}/members/@me`,
      15_000,
    );
    expect(call.body).toEqual({ nick: null, avatar: null, banner: null, bio: null });
    expect(h.fake.profiles.get(h.guild.id)).toEqual({ nick: null, avatar: null, banner: null, bio: null });
    await eventually(async () => (await view()).state === 'default');
  });

  it("the bot's posts carry the brand colour and footer as an embed; reset makes them plain text again", async () => {
    expect((await put({ ...full, avatar: null })).status).toBe(200);
    const announce = async (text: string) => {
      const created = await h.server.api(`/api/announcements?guildId=${h.guild.id}`, {
        method: 'POST',
        admin: true,
        body: {
          createdBy: 'admin',
          originalText: text,
          originalLanguage: 'en',
          targetChannels: [{ language: 'es', channelId: h.channel('news-es').id }],
        },
      });
      const id = (created.json as { id: number }).id;
      await h.server.api(`/api/announcements/${id}/post?guildId=${h.guild.id}`, {
        method: 'POST',
        admin: true,
      });
      return await h.fake.waitForCall(
        (c) =>
          c.method === 'POST' &&
          c.path === `/channels/${h.channel('news-es').id}/messages` &&
          JSON.stringify(c.body).includes(text),
        15_000,
      );
    };
    const branded = await announce('Game night on Friday');
    expect(branded.body?.content ?? '').toBe('');
    expect(branded.body?.embeds).toEqual([
      {
        description: expect.stringContaining('[es] Game night on Friday'),
        color: 0xff8800,
        footer: { text: 'Mochi Community' },
      },
    ]);
    await h.server.api(`/api/white-label/reset?guildId=${h.guild.id}`, { method: 'POST', admin: true });
    const plain = await announce('Movie night on Saturday');
    expect(plain.body?.content).toContain('[es] Movie night on Saturday');
    expect(plain.body?.embeds ?? []).toEqual([]);
  });

  it("Discord's refusal is shown, not retried forever", async () => {
    h.fake.rest.fail({
      method: 'PATCH',
      path: /\/members\/@me$/,
      status: 400,
      body: { message: 'Invalid Form Body', code: 50035 },
    });
    expect((await put(full)).status).toBe(200);
    await eventually(async () => (await view()).state === 'failed');
    expect(String((await view()).applyError)).toContain('Discord refused it: Invalid Form Body');
    h.fake.rest.clearFailures();
  });
});

describe('bad input writes nothing', () => {
  it('names the field: nickname too long, not an image, image too large, colour', async () => {
    const before = await tableCounts(h.server.services);
    const cases: [Record<string, unknown>, string][] = [
      [{ ...full, nickname: 'x'.repeat(33) }, 'nickname: must be at most 32 characters'],
      [{ ...full, bio: 'x'.repeat(191) }, 'bio: must be at most 190 characters'],
      [
        { ...full, avatar: 'https://example.com/a.png' },
        'avatar: avatar must be a PNG, JPEG, GIF or WebP image',
      ],
      [
        { ...full, avatar: `data:image/png;base64,${'A'.repeat(360_000)}` },
        'avatar: avatar must be at most 256 KB',
      ],
      [{ ...full, brandColor: 'orange' }, 'brandColor: must be a colour written #RRGGBB'],
    ];
    for (const [body, error] of cases) {
      const res = await put(body);
      expect(res.status, error).toBe(400);
      expect((res.json as { error: string }).error, error).toContain(error);
    }
    expect(await tableCounts(h.server.services)).toEqual(before);
  });

  it('below Ultimate it is locked', async () => {
    await setGuildPlan(h.server.services, h.guild.id, 'pro');
    const res = await put(full);
    expect(res).toMatchObject({
      status: 403,
      json: { locked: { capability: 'whiteLabel', plan: 'ultimate' } },
    });
    await setGuildPlan(h.server.services, h.guild.id, 'ultimate');
  });
});
