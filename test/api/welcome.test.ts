import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHANNEL_TYPE, seedChannels, seedRoles } from '../helpers/guilds';
import { startTestServer, type TestServer, tableCounts } from '../helpers/server';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({ guilds: ['w1', 'w2', 'w3', 'w4', 'w-bad'] });
  // The channels and roles the bot synced.
  await seedChannels(s.services, 'w2', ['123456789']);
  await seedRoles(s.services, 'w2', ['987654321']);
  await seedChannels(s.services, 'w4', ['42']);
  await seedRoles(s.services, 'w4', ['43']);
  await seedChannels(s.services, 'w-bad', [{ id: '50', name: 'Lounge', type: CHANNEL_TYPE.voice }]);
  await seedRoles(s.services, 'w-bad', [
    { id: '51', name: 'Admin', assignable: false },
    { id: '52', name: 'Server Booster', managed: true },
  ]);
});
afterAll(() => s.close());

const patch = (guildId: string, body: unknown) =>
  s.api(`/api/welcome?guildId=${guildId}`, { method: 'PATCH', admin: true, body });
const get = (guildId: string) => s.api(`/api/welcome?guildId=${guildId}`, { admin: true });

describe('welcome config', () => {
  it('answers the defaults before anything is saved, and writes nothing on read', async () => {
    const before = await tableCounts(s.services);
    const res = await get('w1');
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ enabled: false, messages: {}, channelId: '', roleId: '' });
    expect(await tableCounts(s.services)).toEqual(before);
  });

  it('PATCH of one field changes only that field and GET shows it', async () => {
    const g = 'w2';
    const res = await patch(g, { enabled: true });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ enabled: true, messages: {}, channelId: '', roleId: '' });
    expect((await patch(g, { messages: { en: 'Welcome {user}! ', es: '¡Bienvenido {user}!' } })).status).toBe(
      200,
    );
    expect((await patch(g, { channelId: ' 123456789 ' })).status).toBe(200);
    expect((await patch(g, { roleId: '987654321' })).status).toBe(200);
    expect((await get(g)).json).toEqual({
      enabled: true,
      messages: { en: 'Welcome {user}! ', es: '¡Bienvenido {user}!' },
      channelId: '123456789',
      roleId: '987654321',
    });
    expect((await get('w3')).json.enabled).toBe(false);
  });

  it('accepts an empty template (saved on every keystroke) and clears ids with an empty string', async () => {
    const g = 'w4';
    expect((await patch(g, { channelId: '42', roleId: '43', messages: { en: 'Hi {user}' } })).status).toBe(
      200,
    );
    const res = await patch(g, { messages: { en: '' }, roleId: '' });
    expect(res.status).toBe(200);
    expect((await get(g)).json).toEqual({
      enabled: false,
      messages: { en: '' },
      channelId: '42',
      roleId: '',
    });
  });

  it.each([
    [{}, 'at least one'],
    [{ enabled: 'yes' }, 'enabled'],
    [{ messages: { en: 'x'.repeat(2001) } }, 'messages.en: must be at most 2000 characters'],
    [{ messages: 'Welcome {user}' }, 'messages'],
    [{ messages: { English: 'Welcome' } }, 'messages'],
    [{ channelId: '#welcome' }, 'channelId'],
    [{ roleId: 'moderators' }, 'roleId'],
    [{ roleId: 5 }, 'roleId'],
    [{ channelId: '123456789' }, 'channelId: 123456789 is not a text channel of this server'],
    [{ channelId: '50' }, 'channelId: 50 (#Lounge) is a voice channel, not a text channel'],
    [{ roleId: '987654321' }, 'roleId: 987654321 is not a role of this server'],
    [{ roleId: '51' }, 'roleId: 51: I cannot give the role "Admin": it is above my own role'],
    [
      { roleId: '52' },
      'roleId: 52: the role "Server Booster" belongs to an integration and nobody can give it',
    ],
  ])('rejects %j with 400 naming %s and writes nothing', async (body, field) => {
    const before = await tableCounts(s.services);
    const res = await patch('w-bad', body);
    expect(res.status).toBe(400);
    expect(res.json.error).toContain(field);
    expect(await tableCounts(s.services)).toEqual(before);
  });

  it('needs credentials', async () => {
    const before = await tableCounts(s.services);
    expect((await s.api('/api/welcome')).status).toBe(401);
    expect((await s.api('/api/welcome', { method: 'PATCH', body: { enabled: true } })).status).toBe(401);
    expect(await tableCounts(s.services)).toEqual(before);
  });
});
