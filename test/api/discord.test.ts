import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { guildChannels, guilds } from '../../db/schema';
import { startTestServer, type TestServer } from '../helpers/server';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
  const db = s.services.db;
  await db
    .insert(guilds)
    .values([
      { id: '900', name: 'Zeta Gaming', plan: 'pro' },
      { id: '901', name: 'Alpha Learners' },
      { id: '902', name: 'Left Server', present: false },
    ])
    .run();
  // Deliberately out of order: the answer sorts by position.
  await db
    .insert(guildChannels)
    .values([
      { id: '11', guildId: '900', name: 'announcements', type: 5, position: 2 },
      { id: '12', guildId: '900', name: 'general', type: 0, position: 0 },
      { id: '13', guildId: '900', name: 'Voice', type: 2, position: 1 },
      { id: '14', guildId: '900', name: 'Category', type: 4, position: 3 },
      { id: '15', guildId: '900', name: 'help-forum', type: 15, position: 4 },
      { id: '16', guildId: '900', name: 'a-thread', type: 11, position: 5 },
      { id: '17', guildId: '900', name: 'español', type: 0, position: 1 },
      { id: '21', guildId: '901', name: 'other-guild', type: 0, position: 0 },
    ])
    .run();
});
afterAll(() => s.close());

describe('discord channels and guilds', () => {
  it('lists the text-like channels (text, announcement, forum) of the guild by position', async () => {
    const res = await s.api('/api/discord/channels?guildId=900', { admin: true });
    expect(res.status).toBe(200);
    expect(res.json).toEqual([
      { id: '12', name: 'general', type: 0 },
      { id: '17', name: 'español', type: 0 },
      { id: '11', name: 'announcements', type: 5 },
      { id: '15', name: 'help-forum', type: 15 },
    ]);
  });

  it('answers 403 for a server the bot is not in, the same as for one the caller may not manage', async () => {
    const res = await s.api('/api/discord/channels?guildId=12345', { admin: true });
    expect(res.status).toBe(403);
    expect(res.json.error).toBe('guildId: you may not manage this server, or the bot is not in it');
  });

  it('rejects a malformed guildId with 400', async () => {
    const res = await s.api('/api/discord/channels?guildId=not%20a%20guild', { admin: true });
    expect(res.status).toBe(400);
    expect(res.json.error).toContain('guildId');
  });

  it('lists the servers the bot is in, by name, with their plan', async () => {
    const res = await s.api('/api/discord/guilds', { admin: true });
    expect(res.status).toBe(200);
    // One entry per server: the operator's default server (unnamed here) and the two the bot joined.
    expect(
      res.json.map((g: { id: string; name: string; plan: string; botPresent: boolean }) => [
        g.id,
        g.name,
        g.plan,
        g.botPresent,
      ]),
    ).toEqual([
      ['901', 'Alpha Learners', 'free', true],
      ['default', 'Default server', 'free', true],
      ['900', 'Zeta Gaming', 'pro', true],
    ]);
  });

  it('needs credentials', async () => {
    expect((await s.api('/api/discord/channels?guildId=900')).status).toBe(401);
    expect((await s.api('/api/discord/guilds')).status).toBe(401);
  });
});
