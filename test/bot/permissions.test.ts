import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NEEDED_PERMISSIONS, PERMISSION_BITS } from '../../src/common/guilds/permissions';
import { createCaller } from '../../src/server/app/router';
import { type FakeRole, snowflake } from '../fakes/discord';
import { type BotHarness, eventually, handled, startBotHarness } from './harness';

/**
 * The bot reads its real permissions from what Discord sends (its member's roles, @everyone, each
 * channel's overwrites), reports what it lacks, and the checklist and the screens say where to
 * grant it; a change in Discord clears it.
 */

const bits = (names: readonly (keyof typeof PERMISSION_BITS)[]) =>
  names.reduce((n, p) => n | PERMISSION_BITS[p], 0n).toString();
const ALL_BUT_WEBHOOKS = bits(NEEDED_PERMISSIONS.filter((p) => p !== 'ManageWebhooks'));

let h: BotHarness;
let botRole: FakeRole;
let spanishId: string;
beforeAll(async () => {
  h = await startBotHarness({
    prepare(guild) {
      // @everyone may only read and talk; the bot's own role has all it needs but Manage Webhooks.
      guild.everyonePermissions = bits(['ViewChannel', 'SendMessages', 'ReadMessageHistory']);
      botRole = { ...(guild.roles?.[0] as FakeRole), permissions: ALL_BUT_WEBHOOKS };
      guild.roles = [botRole];
      const spanish = guild.channels.find((c) => c.name === 'spanish');
      if (!spanish) throw new Error('no #spanish');
      spanishId = spanish.id;
      // #spanish takes Send Messages away from the bot's role.
      spanish.permission_overwrites = [
        { id: botRole.id, type: 0, allow: '0', deny: PERMISSION_BITS.SendMessages.toString() },
      ];
    },
  });
});
afterAll(async () => {
  await h?.close();
});

const caller = () =>
  createCaller({ ...h.server.services, actor: { kind: 'admin', via: 'token' }, clientIp: 't' });
const report = async () => (await caller().guilds.permissions({ guildId: h.guild.id }))?.report;
const step = async () => (await caller().setup.checklist()).steps.find((s) => s.key === 'permissions');

describe('the bot’s real permissions', () => {
  it('are read from its role and the channels’ overwrites at connection', async () => {
    const r = await eventually(report);
    expect(r).toEqual({
      role: 'Polyglot',
      guild: ['ManageWebhooks'],
      channels: [{ id: spanishId, missing: ['SendMessages'] }],
    });
  });

  it('the bot’s own member comes with GUILD_CREATE, as Discord sends it: no request for it', async () => {
    await eventually(report);
    const guild = h.bot.client.guilds.cache.get(h.guild.id);
    expect(guild?.members.me?.roles.cache.has(botRole.id)).toBe(true);
    const fetchedMe = h.fake.calls.filter(
      (c) => c.method === 'GET' && c.path === `/guilds/${h.guild.id}/members/${h.fake.botUser.id}`,
    );
    expect(fetchedMe).toEqual([]);
  });

  it('a server whose member list the test leaves without the bot still has the bot’s member, with its managed role', async () => {
    const { guildPayload } = await import('../fakes/discord');
    const own: FakeRole = {
      id: snowflake(),
      name: 'Polyglot',
      position: 3,
      managed: true,
      permissions: bits(['ViewChannel']),
    };
    const other = {
      id: snowflake(),
      name: 'Server without the bot listed',
      ownerId: h.ben.user.id,
      channels: [{ id: snowflake(), name: 'lobby', type: 0, position: 0 }],
      members: [],
      everyonePermissions: '0',
      roles: [own],
    };
    const joined = handled(h, 'guildCreate', (g: { id: string }) => g.id === other.id);
    h.fake.dispatch('GUILD_CREATE', guildPayload(other));
    await joined;
    const me = h.bot.client.guilds.cache.get(other.id)?.members.me;
    expect(me?.roles.cache.has(own.id)).toBe(true);
    // Its report is computed from that member: View Channels alone on its role.
    const theirs = await eventually(
      async () => (await caller().guilds.permissions({ guildId: other.id }))?.report,
    );
    expect(theirs?.role).toBe('Polyglot');
    expect(theirs?.guild).toEqual(NEEDED_PERMISSIONS.filter((p) => p !== 'ViewChannel'));
    const left = handled(h, 'guildDelete', (g: { id: string }) => g.id === other.id);
    h.fake.dispatch('GUILD_DELETE', { id: other.id });
    await left;
  });

  it('the bot’s own member, asked of Discord (GET /guilds/{id}/members/{bot}), carries its roles', async () => {
    const guild = h.bot.client.guilds.cache.get(h.guild.id);
    const me = await guild?.members.fetchMe({ force: true });
    expect(me?.roles.cache.has(botRole.id)).toBe(true);
    expect(me?.permissions.has(PERMISSION_BITS.ManageWebhooks)).toBe(false);
    expect(me?.permissions.has(PERMISSION_BITS.ModerateMembers)).toBe(true);
  });

  it('the checklist says what is missing, for which feature, and where to grant it', async () => {
    await h.link('pair', [
      ['english', 'en'],
      ['spanish', 'es'],
    ]);
    const s = await step();
    expect(s?.done).toBe(false);
    expect(s?.summary).toContain('Polyglot Test Server');
    expect(s?.summary).toContain(
      'the bot’s role lacks Manage Webhooks (Translation): Server Settings → Roles → Polyglot',
    );
    expect(s?.summary).toContain(
      '#spanish takes away Send Messages: #spanish → Edit Channel → Permissions → Polyglot',
    );
  });

  it('granting Manage Webhooks to the bot’s role (GUILD_ROLE_UPDATE) clears it', async () => {
    const done = handled(h, 'roleUpdate');
    h.fake.updateRole(h.guild.id, { ...botRole, permissions: bits(NEEDED_PERMISSIONS) });
    await done;
    expect((await report())?.guild).toEqual([]);
    const s = await step();
    expect(s?.summary).not.toContain('Manage Webhooks');
    expect(s?.summary).toContain('#spanish takes away Send Messages');
  });

  it('a channel’s overwrites changed (CHANNEL_UPDATE) and the bot’s roles changed (GUILD_MEMBER_UPDATE) are followed', async () => {
    const spanish = h.channel('spanish');
    spanish.permission_overwrites = [];
    const updated = handled(h, 'channelUpdate');
    h.fake.dispatch('CHANNEL_UPDATE', {
      ...(await import('../fakes/discord')).channelPayload(h.guild.id, spanish),
    });
    await updated;
    expect((await report())?.channels).toEqual([]);
    expect((await step())?.done).toBe(true);

    // The bot's role loses Moderate Members; a second role given to the bot brings it back.
    const revoked = handled(h, 'roleUpdate');
    h.fake.updateRole(h.guild.id, {
      ...botRole,
      permissions: bits(NEEDED_PERMISSIONS.filter((p) => p !== 'ModerateMembers')),
    });
    await revoked;
    expect((await report())?.guild).toEqual(['ModerateMembers']);
    const mods: FakeRole = {
      id: snowflake(),
      name: 'Mods',
      position: 5,
      permissions: bits(['ModerateMembers']),
    };
    const created = handled(h, 'roleCreate');
    h.fake.dispatch('GUILD_ROLE_CREATE', {
      guild_id: h.guild.id,
      role: (await import('../fakes/discord')).rolePayload(mods),
    });
    await created;
    const me = h.guild.members.find((m) => m.user.id === h.fake.botUser.id);
    if (!me) throw new Error('no bot member');
    me.roles = [botRole.id, mods.id];
    const memberUpdated = handled(h, 'guildMemberUpdate');
    h.fake.dispatch('GUILD_MEMBER_UPDATE', {
      guild_id: h.guild.id,
      user: { id: me.user.id, username: me.user.username, bot: true, discriminator: '0', avatar: null },
      roles: me.roles,
      nick: null,
      joined_at: '2025-01-01T00:00:00.000Z',
      flags: 0,
      pending: false,
      deaf: false,
      mute: false,
      avatar: null,
      banner: null,
      premium_since: null,
      communication_disabled_until: null,
    });
    await memberUpdated;
    expect((await report())?.guild).toEqual([]);
  });

  it('bad reports are refused with the field named, nothing stored', async () => {
    const bot = createCaller({ ...h.server.services, actor: { kind: 'bot' }, clientIp: 't' });
    const before = await report();
    await expect(
      bot.guilds.bot.reportPermissions({
        servers: [{ guildId: h.guild.id, report: { role: null, guild: ['Fly' as never], channels: [] } }],
      }),
    ).rejects.toThrow(/must be one of/);
    await expect(
      bot.guilds.bot.reportPermissions({
        servers: [{ guildId: 'abc', report: { role: null, guild: [], channels: [] } }],
      }),
    ).rejects.toThrow(/must be a Discord id/);
    expect(await report()).toEqual(before);
  });
});
