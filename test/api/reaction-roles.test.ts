import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHANNEL_TYPE, seedChannels, seedRoles } from '../helpers/guilds';
import { startTestServer, type TestServer, tableCounts } from '../helpers/server';

const GUILDS = ['r1', 'r2', 'r3', 'r4', 'r5', 'r6', 'r7', 'r8', 'r-bad'];
/** Each server's own synced text channel and roles (a Discord id belongs to one server): r-bad has 111, 201, 202. */
const ids = (guildId: string) => {
  const k = guildId === 'r-bad' ? '' : guildId.slice(1);
  return { channelId: `${k}111`, roleIds: [`${k}201`, `${k}202`] };
};

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({ guilds: GUILDS });
  for (const g of GUILDS) {
    await seedChannels(s.services, g, [ids(g).channelId]);
    await seedRoles(s.services, g, ids(g).roleIds);
  }
  await seedRoles(s.services, 'r3', ['3001', '3002', '3003']);
  // r-bad also has roles 1-21, a voice channel, a role above the bot's and an integration's role.
  await seedRoles(
    s.services,
    'r-bad',
    Array.from({ length: 21 }, (_, i) => `${i + 1}`),
  );
  await seedRoles(s.services, 'r-bad', [
    { id: '301', name: 'Admin', assignable: false },
    { id: '302', name: 'Server Booster', managed: true },
  ]);
  await seedChannels(s.services, 'r-bad', [{ id: '112', name: 'Lounge', type: CHANNEL_TYPE.voice }]);
});
afterAll(() => s.close());

let nextMessage = 800_000;
const entry = (over: Record<string, unknown> = {}, guildId = 'r-bad') => ({
  channelId: ids(guildId).channelId,
  messageId: String(nextMessage++),
  roles: [
    { emoji: '🎮', label: 'Gamer', roleId: ids(guildId).roleIds[0] },
    { emoji: '<:pepe:123456>', label: 'Pepe fan', roleId: ids(guildId).roleIds[1] },
  ],
  ...over,
});
const create = (guildId: string, body: unknown) =>
  s.api(`/api/reaction-roles?guildId=${guildId}`, { method: 'POST', admin: true, body });
const list = (guildId: string) => s.api(`/api/reaction-roles?guildId=${guildId}`, { admin: true });

describe('reaction roles', () => {
  it('creates an entry (201) and the list shows it', async () => {
    const body = entry({}, 'r1');
    const res = await create('r1', body);
    expect(res.status).toBe(201);
    expect(res.json).toEqual({
      id: expect.any(Number),
      active: true,
      ...body,
      title: '',
      delivery: 'own message',
      postError: null,
    });
    const listed = await list('r1');
    expect(listed.status).toBe(200);
    expect(listed.json).toEqual([res.json]);
    expect((await list('r2')).json).toEqual([]);
  });

  it('accepts flags, keycaps and skin tones, and trims labels', async () => {
    const res = await create(
      'r3',
      entry(
        {
          roles: [
            { emoji: '🇫🇷', label: ' French ', roleId: '3001' },
            { emoji: '1️⃣', label: 'One', roleId: '3002' },
            { emoji: '👍🏽', label: 'Yes', roleId: '3003' },
          ],
        },
        'r3',
      ),
    );
    expect(res.status).toBe(201);
    expect(res.json.roles.map((r: { label: string }) => r.label)).toEqual(['French', 'One', 'Yes']);
  });

  it('delete answers { id, deleted: true } and the entry is gone', async () => {
    const made = await create('r4', entry({}, 'r4'));
    const del = await s.api(`/api/reaction-roles/${made.json.id}?guildId=r4`, {
      method: 'DELETE',
      admin: true,
    });
    expect(del.status).toBe(200);
    expect(del.json).toEqual({ id: made.json.id, deleted: true });
    expect((await list('r4')).json).toEqual([]);
  });

  it('answers 409 when the message already has reaction roles', async () => {
    const first = entry({}, 'r5');
    expect((await create('r5', first)).status).toBe(201);
    const before = await tableCounts(s.services);
    const again = await create('r5', entry({ messageId: first.messageId }, 'r5'));
    expect(again.status).toBe(409);
    expect(again.json.error).toContain(`message ${first.messageId} already has reaction roles`);
    expect(await tableCounts(s.services)).toEqual(before);
  });

  it('two admins saving reaction roles for one message at the same moment: one entry, the other told', async () => {
    const body = entry({}, 'r8');
    const saves = await Promise.all([1, 2, 3].map(() => create('r8', body)));
    expect(saves.map((r) => r.status).sort()).toEqual([201, 409, 409]);
    for (const r of saves.filter((r) => r.status === 409))
      expect(r.json.error).toContain(`message ${body.messageId} already has reaction roles`);
    expect((await list('r8')).json).toHaveLength(1);
  });

  it.each([
    [entry({ roles: [] }), 'roles: give at least one'],
    [entry({ roles: undefined }), 'roles'],
    [entry({ messageId: 'abc' }), 'messageId'],
    [entry({ messageId: 42 }), 'messageId'],
    [entry({ messageId: undefined, title: 'x'.repeat(201) }), 'title: must be at most 200 characters'],
    [entry({ channelId: '#roles' }), 'channelId'],
    [entry({ roles: [{ emoji: 'smile', label: 'Smile', roleId: '1' }] }), 'roles.0.emoji'],
    [entry({ roles: [{ emoji: '🎮', label: '  ', roleId: '1' }] }), 'roles.0.label'],
    [entry({ roles: [{ emoji: '🎮', label: 'Gamer', roleId: '@Gamer' }] }), 'roles.0.roleId'],
    [
      entry({
        roles: [
          { emoji: '🎮', label: 'A', roleId: '1' },
          { emoji: '🎮', label: 'B', roleId: '2' },
        ],
      }),
      'roles.1.emoji: 🎮 is used twice',
    ],
    [
      entry({
        roles: Array.from({ length: 21 }, (_, i) => ({
          emoji: `<:e${i}:${i + 1}>`,
          label: `L${i}`,
          roleId: `${i + 1}`,
        })),
      }),
      'roles: at most 20',
    ],
    [entry({ channelId: '999' }), 'channelId: 999 is not a text channel of this server'],
    [entry({ channelId: '1111' }), 'channelId: 1111 is not a text channel of this server'],
    [entry({ channelId: '112' }), 'channelId: 112 (#Lounge) is a voice channel, not a text channel'],
    [
      entry({ roles: [{ emoji: '🎮', label: 'Gamer', roleId: '1201' }] }),
      'roles.0.roleId: 1201 is not a role of this server',
    ],
    [
      entry({
        roles: [
          { emoji: '🎮', label: 'Gamer', roleId: '201' },
          { emoji: '👑', label: 'Admin', roleId: '301' },
        ],
      }),
      'roles.1.roleId: 301: I cannot give the role "Admin": it is above my own role',
    ],
    [
      entry({ roles: [{ emoji: '🚀', label: 'Boost', roleId: '302' }] }),
      'roles.0.roleId: 302: the role "Server Booster" belongs to an integration and nobody can give it',
    ],
  ])('rejects %j with 400 naming %s and writes nothing', async (body, field) => {
    const before = await tableCounts(s.services);
    const res = await create('r-bad', body);
    expect(res.status).toBe(400);
    expect(res.json.error).toContain(field);
    expect(await tableCounts(s.services)).toEqual(before);
  });

  it('answers 404 for unknown ids and another guild’s entry, 400 for a non-number id', async () => {
    const made = await create('r6', entry({}, 'r6'));
    const foreign = await s.api(`/api/reaction-roles/${made.json.id}?guildId=r7`, {
      method: 'DELETE',
      admin: true,
    });
    expect(foreign.status).toBe(404);
    expect(foreign.json.error).toBe(`reaction role ${made.json.id} not found`);
    expect((await list('r6')).json).toHaveLength(1);
    expect((await s.api('/api/reaction-roles/31337', { method: 'DELETE', admin: true })).status).toBe(404);
    const nan = await s.api('/api/reaction-roles/1.5', { method: 'DELETE', admin: true });
    expect(nan.status).toBe(400);
    expect(nan.json.error).toContain('id: must be a whole number');
  });

  it('needs credentials', async () => {
    const before = await tableCounts(s.services);
    expect((await s.api('/api/reaction-roles')).status).toBe(401);
    expect((await s.api('/api/reaction-roles', { method: 'POST', body: entry() })).status).toBe(401);
    expect((await s.api('/api/reaction-roles/1', { method: 'DELETE' })).status).toBe(401);
    expect(await tableCounts(s.services)).toEqual(before);
  });
});
