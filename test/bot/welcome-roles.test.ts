import {
  Events,
  type MessageReaction,
  type PartialMessageReaction,
  type PartialUser,
  type User,
} from 'discord.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeMember, type Json, type RecordedCall, rolePayload, snowflake } from '../fakes/discord';
import { type BotHarness, eventually, handled, makeMember, startBotHarness } from './harness';

/**
 * The dashboard's Welcome & Roles settings, acted on by the real discord.js client against the
 * fake Discord: welcome messages on join, the auto-assign role, and reaction roles.
 */

const NEWCOMER_ROLE = snowflake();
const GAMER_ROLE = snowflake();
const FAN_ROLE = snowflake();

let h: BotHarness;
beforeAll(async () => {
  // The auto-assign role is one of the server's own, below the bot's role (the dashboard accepts
  // only a role the bot synced and can give).
  h = await startBotHarness({
    prepare: (guild) => {
      guild.roles = [...(guild.roles ?? []), { id: NEWCOMER_ROLE, name: 'Newcomer', position: 1 }];
    },
  });
});
afterAll(async () => {
  await h?.close();
});
const CUSTOM_EMOJI = `<:polyglot:${snowflake()}>`;

const postsIn = (channel: string): RecordedCall[] =>
  h.fake.calls.filter((c) => c.method === 'POST' && c.path === `/channels/${h.channel(channel).id}/messages`);
const roleCalls = (userId: string): RecordedCall[] =>
  h.fake.calls.filter((c) => c.path.startsWith(`/guilds/${h.guild.id}/members/${userId}/roles/`));
/** Resolves once the bot has finished with a reaction by this user (call before reacting). */
function reactionHandled(userId: string, emoji: string, added = true): Promise<void> {
  const match = (reaction: MessageReaction | PartialMessageReaction, user: User | PartialUser) =>
    user.id === userId && (reaction.emoji.id ?? reaction.emoji.name) === emoji;
  return added
    ? handled(h, Events.MessageReactionAdd, match)
    : handled(h, Events.MessageReactionRemove, match);
}

async function saveWelcome(body: Record<string, unknown>) {
  const res = await h.server.api(`/api/welcome?guildId=${h.guild.id}`, {
    method: 'PATCH',
    admin: true,
    body,
  });
  expect(res.status).toBe(200);
}

async function setLanguage(member: FakeMember, language: string) {
  const i = h.fake.slash('setlanguage', [{ name: 'language', type: 3, value: language }], {
    member,
    channel: h.channel('general'),
  });
  await h.fake.interactionAnswer(i);
}

describe('welcome messages', () => {
  beforeAll(async () => {
    await saveWelcome({
      enabled: true,
      channelId: h.channel('general').id,
      roleId: NEWCOMER_ROLE,
      messages: {
        en: 'Welcome {user}! Say hi.',
        es: '¡Bienvenida, {user}! Saluda.',
        fr: 'Bienvenue {user} !',
      },
    });
  });

  it('a member joins: the welcome in their /setlanguage language pings only them, then the role is added', async () => {
    const dana = makeMember('dana', 'en-US');
    await setLanguage(dana, 'es');
    const before = postsIn('general').length;
    h.fake.memberJoin(dana);
    const role = await h.fake.waitForCall((c) => c.method === 'PUT' && roleCalls(dana.user.id).includes(c));
    const welcome = postsIn('general').slice(before);
    expect(welcome).toHaveLength(1);
    expect(welcome[0]!.body).toMatchObject({
      content: `¡Bienvenida, <@${dana.user.id}>! Saluda.`,
      allowed_mentions: { parse: [], users: [dana.user.id] },
    });
    expect(welcome[0]!.at).toBeLessThanOrEqual(role.at);
    expect(role.path).toBe(`/guilds/${h.guild.id}/members/${dana.user.id}/roles/${NEWCOMER_ROLE}`);
    expect(h.fake.rest.rolesOf(h.guild.id, dana.user.id)).toEqual([NEWCOMER_ROLE]);
  });

  it("a member without a language gets the server's default language, and English when it has no template", async () => {
    const cfg = await h.server.api(`/api/config?guildId=${h.guild.id}`, {
      method: 'PATCH',
      admin: true,
      body: { defaultLanguage: 'fr' },
    });
    expect(cfg.status).toBe(200);
    const eli = makeMember('eli');
    h.fake.memberJoin(eli);
    const fr = await h.fake.waitForCall(
      (c) => postsIn('general').includes(c) && c.body?.content?.includes(eli.user.id),
    );
    expect(fr.body?.content).toBe(`Bienvenue <@${eli.user.id}> !`);

    await h.server.api(`/api/config?guildId=${h.guild.id}`, {
      method: 'PATCH',
      admin: true,
      body: { defaultLanguage: 'de' },
    });
    // No German template: the English one is translated through the engine, {user} kept intact.
    const finn = makeMember('finn');
    h.fake.memberJoin(finn);
    const de = await h.fake.waitForCall(
      (c) => postsIn('general').includes(c) && c.body?.content?.includes(finn.user.id),
    );
    expect(de.body?.content).toBe(`[de] Welcome <@${finn.user.id}>! Say hi.`);
    await h.server.api(`/api/config?guildId=${h.guild.id}`, {
      method: 'PATCH',
      admin: true,
      body: { defaultLanguage: 'en' },
    });
  });

  it('a member whose language has no template reads the welcome translated; hand-written ones still win', async () => {
    const hana = makeMember('hana');
    await setLanguage(hana, 'ja');
    const calls = h.gemini.requests.length;
    h.fake.memberJoin(hana);
    const ja = await h.fake.waitForCall(
      (c) => postsIn('general').includes(c) && c.body?.content?.includes(hana.user.id),
    );
    expect(ja.body?.content).toBe(`[ja] Welcome <@${hana.user.id}>! Say hi.`);
    expect(ja.body?.allowed_mentions).toEqual({ parse: [], users: [hana.user.id] });
    // The engine never saw the member's id: {user} travelled as a protected placeholder.
    const sent = h.gemini.requests.slice(calls).map((c) => JSON.stringify(c));
    expect(sent.length).toBeGreaterThan(0);
    expect(sent.some((c) => c.includes(hana.user.id))).toBe(false);
    // A French speaker still gets the hand-written French template, with no engine call.
    const ines = makeMember('ines');
    await setLanguage(ines, 'fr');
    const before = h.gemini.requests.length;
    h.fake.memberJoin(ines);
    const fr = await h.fake.waitForCall(
      (c) => postsIn('general').includes(c) && c.body?.content?.includes(ines.user.id),
    );
    expect(fr.body?.content).toBe(`Bienvenue <@${ines.user.id}> !`);
    expect(h.gemini.requests.length).toBe(before);
  });

  it('a missing Manage Roles permission (403) is reported to the admins; the welcome is still posted', async () => {
    const logChannel = h.channel('mod-log');
    const rules = await h.server.api(`/api/moderation/rules?guildId=${h.guild.id}`, {
      method: 'PATCH',
      admin: true,
      body: { logChannelId: logChannel.id },
    });
    expect(rules.status).toBe(200);
    h.fake.rest.fail({
      method: 'PUT',
      path: /^\/guilds\/\d+\/members\/\d+\/roles\/\d+$/,
      status: 403,
      body: { message: 'Missing Permissions', code: 50013 },
      times: 1,
    });
    const gus = makeMember('gus');
    h.fake.memberJoin(gus);
    const notice = await h.fake.waitForCall(
      (c) => c.method === 'POST' && c.path === `/channels/${logChannel.id}/messages`,
    );
    expect(notice.body?.content).toContain('I could not add role');
    expect(notice.body?.content).toContain('Missing Permissions');
    expect(notice.body?.content).toContain('Manage Roles');
    expect(postsIn('general').some((c) => c.body?.content === `Welcome <@${gus.user.id}>! Say hi.`)).toBe(
      true,
    );
    expect(h.fake.rest.rolesOf(h.guild.id, gus.user.id)).toEqual([]);
    const logs = await h.server.api(`/api/moderation/logs?guildId=${h.guild.id}`, { admin: true });
    expect(logs.json[0]).toMatchObject({ type: 'permission', action: 'reported' });
    expect(logs.json[0].message).toContain('add role');
    h.fake.rest.clearFailures();
  });

  it('a disabled welcome posts nothing and gives no role', async () => {
    await saveWelcome({ enabled: false });
    const before = h.fake.calls.length;
    const hana = makeMember('hana');
    const done = handled(h, Events.GuildMemberAdd, (m) => m.id === hana.user.id);
    h.fake.memberJoin(hana);
    await done;
    const after = h.fake.calls.slice(before);
    expect(after.filter((c) => c.method === 'POST' && c.path.endsWith('/messages'))).toEqual([]);
    expect(roleCalls(hana.user.id)).toEqual([]);
  });
});

describe('reaction roles', () => {
  let menu: Json;
  let other: Json;

  beforeAll(async () => {
    // The roles exist in the server, below the bot's own role (the bot syncs them).
    for (const [id, name] of [
      [GAMER_ROLE, 'Gamer'],
      [FAN_ROLE, 'Fan'],
    ])
      h.fake.dispatch('GUILD_ROLE_CREATE', {
        guild_id: h.guild.id,
        role: rolePayload({ id, name, position: 2 }),
      });
    await eventually(async () => {
      const synced = (
        (await h.server.api(`/api/discord/roles?guildId=${h.guild.id}`, { admin: true })).json as {
          id: string;
        }[]
      ).map((r) => r.id);
      return synced.includes(GAMER_ROLE) && synced.includes(FAN_ROLE);
    });
    const owner = h.guild.members[0]!;
    menu = h.fake.sendMessage({
      channelId: h.channel('general').id,
      author: owner.user,
      member: owner,
      content: 'Pick your roles: 🎮 gamer, custom emoji fan',
    });
    other = h.fake.sendMessage({
      channelId: h.channel('general').id,
      author: owner.user,
      member: owner,
      content: 'Just a message',
    });
    const res = await h.server.api(`/api/reaction-roles?guildId=${h.guild.id}`, {
      method: 'POST',
      admin: true,
      body: {
        channelId: h.channel('general').id,
        messageId: menu.id,
        roles: [
          { emoji: '🎮', label: 'Gamer', roleId: GAMER_ROLE },
          { emoji: CUSTOM_EMOJI, label: 'Fan', roleId: FAN_ROLE },
        ],
      },
    });
    expect(res.status).toBe(201);
  });

  it('adding the emoji gives its role; removing it takes the role away', async () => {
    h.fake.react(menu, h.ana.user, '🎮');
    const put = await h.fake.waitForCall(
      (c) =>
        c.method === 'PUT' && c.path === `/guilds/${h.guild.id}/members/${h.ana.user.id}/roles/${GAMER_ROLE}`,
    );
    expect(put.status).toBe(204);
    expect(h.fake.rest.rolesOf(h.guild.id, h.ana.user.id)).toEqual([GAMER_ROLE]);

    h.fake.react(menu, h.ana.user, '🎮', false);
    const del = await h.fake.waitForCall(
      (c) =>
        c.method === 'DELETE' &&
        c.path === `/guilds/${h.guild.id}/members/${h.ana.user.id}/roles/${GAMER_ROLE}`,
    );
    expect(del.status).toBe(204);
    expect(h.fake.rest.rolesOf(h.guild.id, h.ana.user.id)).toEqual([]);
  });

  it('a custom emoji is matched by its id', async () => {
    h.fake.react(menu, h.ben.user, CUSTOM_EMOJI);
    await eventually(() => h.fake.rest.rolesOf(h.guild.id, h.ben.user.id).includes(FAN_ROLE));
    // Same name, another emoji id: not the menu's emoji.
    const otherEmoji = snowflake();
    const done = reactionHandled(h.chloe.user.id, otherEmoji);
    h.fake.react(menu, h.chloe.user, `<:polyglot:${otherEmoji}>`);
    await done;
    expect(roleCalls(h.chloe.user.id)).toEqual([]);
  });

  it('an emoji not on the menu, or the menu emoji on another message, changes no role', async () => {
    const done = Promise.all([
      reactionHandled(h.chloe.user.id, '🍕'),
      reactionHandled(h.chloe.user.id, '🎮'),
      reactionHandled(h.chloe.user.id, '🎮', false),
    ]);
    h.fake.react(menu, h.chloe.user, '🍕');
    h.fake.react(other, h.chloe.user, '🎮');
    h.fake.react(other, h.chloe.user, '🎮', false);
    await done;
    expect(roleCalls(h.chloe.user.id)).toEqual([]);
  });

  it('a member the bot has not seen since it started still loses the role when removing the reaction', async () => {
    // Not in the server's member list of READY, never cached: Discord sends only the user id.
    const ivy = makeMember('ivy');
    h.fake.react(menu, ivy.user, '🎮', false);
    const del = await h.fake.waitForCall(
      (c) =>
        c.method === 'DELETE' &&
        c.path === `/guilds/${h.guild.id}/members/${ivy.user.id}/roles/${GAMER_ROLE}`,
    );
    expect(del.status).toBe(204);
  });

  it("a bot's reaction changes no role", async () => {
    const done = reactionHandled(h.fake.botUser.id, '🎮');
    h.fake.react(menu, h.fake.botUser, '🎮');
    await done;
    expect(roleCalls(h.fake.botUser.id)).toEqual([]);
  });

  it('a flag on the menu still gets its translation reply beside the roles', async () => {
    const n = postsIn('general').length;
    h.fake.react(menu, h.ana.user, '🇪🇸');
    await eventually(() => postsIn('general').length > n);
    expect(postsIn('general').at(-1)!.body?.message_reference).toMatchObject({ message_id: menu.id });
    expect(roleCalls(h.ana.user.id).filter((c) => c.method === 'PUT')).toHaveLength(1);
  });
});
