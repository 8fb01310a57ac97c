import { ChannelType, Events } from 'discord.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MEMBERS_KEPT } from '../../bot/client-caches';
import { LazyCollection } from '../../bot/lazy-collection';
import { installModerationRoutes, withMemberRoles } from '../fakes/discord/moderation';
import { type FakeMember, type Json, userPayload } from '../fakes/discord/payloads';
import { setGuildPlan } from '../helpers/guilds';
import { type BotHarness, handled, makeMember, startBotHarness } from './harness';

/**
 * The bounded member cache (bot/client-caches.ts, issue 24) against the fake Discord: the bot keeps
 * a few members per server, and what used to read a member from the cache still sees one. Ten
 * members besides the harness's three, Chloé a moderator (Manage Messages).
 */

let h: BotHarness;
const others: FakeMember[] = Array.from({ length: 10 }, (_, i) => makeMember(`member${i}`, 'en-US'));

beforeAll(async () => {
  h = await startBotHarness({
    prepare: (guild) => {
      const roles = withMemberRoles(guild);
      const chloe = guild.members.find((m) => m.user.username === 'chloe');
      if (chloe) chloe.roles = [roles.moderatorRole];
      guild.members.push(...others);
    },
  });
  installModerationRoutes(h.fake);
  await setGuildPlan(h.server.services, h.guild.id, 'free');
  const res = await h.server.api(`/api/moderation/rules?guildId=${h.guild.id}`, {
    method: 'PATCH',
    admin: true,
    body: { contentFiltering: true, autoDelete: true, bannedWords: ['idiota'] },
  });
  expect(res.status).toBe(200);
});
afterAll(() => h?.close());

const guild = () => {
  const g = h.bot.client.guilds.cache.get(h.guild.id);
  if (!g) throw new Error('guild not cached');
  return g;
};

describe('bounded member cache', () => {
  it('keeps at most MEMBERS_KEPT members of a server besides its own, and of users only itself', () => {
    const members = guild().members.cache;
    expect(h.guild.members.length).toBeGreaterThan(MEMBERS_KEPT + 1);
    expect(members.size).toBeLessThanOrEqual(MEMBERS_KEPT + 1);
    expect(members.has(h.bot.client.user?.id ?? '')).toBe(true);
    expect([...h.bot.client.users.cache.keys()]).toEqual([h.bot.client.user?.id]);
  });

  it("a channel's caches hold no Map until something is kept: an idle channel's messages, threads, overwrites", async () => {
    const g = guild();
    const idle = g.channels.cache.find((c) => c.type === ChannelType.GuildText && c.name !== 'general');
    if (idle?.type !== ChannelType.GuildText) throw new Error('no idle text channel');
    for (const cache of [
      idle.messages.cache,
      idle.threads.cache,
      idle.permissionOverwrites.cache,
      g.emojis.cache,
    ]) {
      expect(cache).toBeInstanceOf(LazyCollection);
      expect((cache as LazyCollection<string, unknown>).items).toBeNull();
    }
    // Server-wide caches discord.js needs whole stay plain Collections.
    expect(g.channels.cache).not.toBeInstanceOf(LazyCollection);
    expect(g.roles.cache).not.toBeInstanceOf(LazyCollection);
    const msg = h.fake.sendMessage({
      channelId: idle.id,
      author: h.chloe.user,
      member: h.chloe,
      content: 'hi',
    });
    await handled(h, Events.MessageCreate, (m) => m.id === msg.id);
    expect(idle.messages.cache.get(msg.id)?.content).toBe('hi');
  });

  it("a moderator's message is left alone even when a burst of others pushed their member out of the cache", async () => {
    const general = h.channel('general');
    const msg = h.fake.sendMessage({
      channelId: general.id,
      author: h.chloe.user,
      member: h.chloe,
      content: 'quoting the report: "idiota" was the word',
    });
    const finished = handled(h, Events.MessageCreate, (m) => m.id === msg.id);
    const burst = others.map((m) =>
      h.fake.sendMessage({
        channelId: general.id,
        author: m.user,
        member: m,
        content: `hello from ${m.user.username}`,
      }),
    );
    await Promise.all([
      finished,
      ...burst.map((b) => handled(h, Events.MessageCreate, (m) => m.id === b.id)),
    ]);
    expect(guild().members.cache.has(h.chloe.user.id)).toBe(false);
    // The member the message came with was used (bot/message-members.ts): no call to Discord for it.
    expect(
      h.fake.rest.calls.some((c) => c.method === 'GET' && c.path.endsWith(`/members/${h.chloe.user.id}`)),
    ).toBe(false);
    expect(
      h.fake.rest.calls.some(
        (c) => c.method === 'DELETE' && c.path === `/channels/${general.id}/messages/${msg.id}`,
      ),
    ).toBe(false);
    // A plain member's banned word is still removed (the rule is on).
    const plain = others[0];
    const bad = h.fake.sendMessage({
      channelId: general.id,
      author: plain.user,
      member: plain,
      content: 'idiota',
    });
    await handled(h, Events.MessageCreate, (m) => m.id === bad.id);
    expect(
      h.fake.rest.calls.some(
        (c) => c.method === 'DELETE' && c.path === `/channels/${general.id}/messages/${bad.id}`,
      ),
    ).toBe(true);
  });

  it('a member who leaves while not in the cache still arrives as gone (Partials.GuildMember)', async () => {
    const gone = others.find((m) => !guild().members.cache.has(m.user.id));
    if (!gone) throw new Error('every member is cached');
    const left = handled(h, Events.GuildMemberRemove, (m) => m.id === gone.user.id);
    h.fake.dispatch('GUILD_MEMBER_REMOVE', { guild_id: h.guild.id, user: userPayload(gone.user) } as Json);
    await left;
  });

  it('a member not in the cache is asked of Discord: GET /guilds/{id}/members/{user}', async () => {
    const g = guild();
    const target = h.guild.members.find((m) => !m.user.bot && !g.members.cache.has(m.user.id));
    if (!target) throw new Error('every member is cached');
    const member = await g.members.fetch(target.user.id);
    expect(member.roles.cache.has(h.guild.id)).toBe(true);
    expect(
      h.fake.rest.calls.some(
        (c) => c.method === 'GET' && c.path === `/guilds/${g.id}/members/${target.user.id}`,
      ),
    ).toBe(true);
    const unknown = await g.members.fetch('1234567890123456789').catch((err: { code?: number }) => err.code);
    expect(unknown).toBe(10007);
  });
});
