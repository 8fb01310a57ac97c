import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rolePayload, snowflake } from '../fakes/discord';
import { tableCounts } from '../helpers/server';
import { type BotHarness, eventually, startBotHarness } from './harness';

/** Reaction-role menus the bot posts itself: translated, with its reactions, removed on delete. */

let h: BotHarness;
const GAMER = snowflake();
const ADMINS = snowflake();
beforeAll(async () => {
  h = await startBotHarness();
  h.fake.dispatch('GUILD_ROLE_CREATE', {
    guild_id: h.guild.id,
    role: rolePayload({ id: GAMER, name: 'Gamer', position: 3 }),
  });
  h.fake.dispatch('GUILD_ROLE_CREATE', {
    guild_id: h.guild.id,
    role: rolePayload({ id: ADMINS, name: 'Admins', position: 30 }),
  });
  await eventually(async () => (await api('/api/discord/roles')).json.length === 3);
  // The server speaks English and Spanish.
  await h.link('Talk', [
    ['english', 'en'],
    ['spanish', 'es'],
  ]);
});
afterAll(async () => {
  await h?.close();
});

const api = (path: string, init: { method?: string; body?: unknown } = {}) =>
  h.server.api(`${path}?guildId=${h.guild.id}`, { admin: true, ...init });
const general = () => h.channel('general');

describe('a reaction-role menu', () => {
  let entry: { id: number };
  let messageId: string;

  it('is posted by the bot in the server languages, with its reactions added', async () => {
    const res = await api('/api/reaction-roles', {
      method: 'POST',
      body: {
        channelId: general().id,
        title: 'Pick your games',
        roles: [{ emoji: '🎮', label: 'Gamers', roleId: GAMER }],
      },
    });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({ delivery: 'queued', messageId: '', title: 'Pick your games' });
    entry = res.json;
    const post = await h.fake.waitForCall(
      (c) =>
        c.method === 'POST' &&
        c.path === `/channels/${general().id}/messages` &&
        c.body?.content.includes('Pick your games'),
    );
    expect(post.body?.content).toBe(
      `**Pick your games**\n🎮 <@&${GAMER}> Gamers\n\n**[es] Pick your games**\n🎮 <@&${GAMER}> [es] Gamers`,
    );
    const listed = await eventually(async () => {
      const [e] = (await api('/api/reaction-roles')).json;
      return e?.delivery === 'posted' && e;
    });
    messageId = listed.messageId;
    await h.fake.waitForCall(
      (c) =>
        c.method === 'PUT' && c.path === `/channels/${general().id}/messages/${messageId}/reactions/🎮/@me`,
    );
  });

  it('a member reacting gets the role', async () => {
    const message = h.fake.rest.messages.get(messageId);
    if (!message) throw new Error('the menu is not in the fake');
    h.fake.react(message, h.ana.user, '🎮');
    await eventually(() => h.fake.rest.rolesOf(h.guild.id, h.ana.user.id).includes(GAMER));
  });

  it('a role above the bot’s own is refused with a clear sentence, and nothing is written', async () => {
    const before = await tableCounts(h.server.services);
    const res = await api('/api/reaction-roles', {
      method: 'POST',
      body: { channelId: general().id, roles: [{ emoji: '👑', label: 'Staff', roleId: ADMINS }] },
    });
    expect(res.status).toBe(400);
    expect(res.json.error).toBe(
      `roles.0.roleId: ${ADMINS}: I cannot give the role "Admins": it is above my own role. In Server Settings > Roles, drag my role above it (and let me Manage Roles)`,
    );
    expect(await tableCounts(h.server.services)).toEqual(before);
  });

  it('deleting the entry deletes the menu message', async () => {
    const res = await api(`/api/reaction-roles/${entry.id}`, { method: 'DELETE' });
    expect(res.status).toBe(200);
    await h.fake.waitForCall(
      (c) => c.method === 'DELETE' && c.path === `/channels/${general().id}/messages/${messageId}`,
    );
    await eventually(async () => (await api('/api/reaction-roles')).json.length === 0);
  });
});
