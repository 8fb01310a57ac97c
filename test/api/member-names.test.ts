import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyticsMembers, memberXp } from '../../db/schema';
import { createCaller } from '../../src/server/app/router';
import { seedGuild } from '../helpers/guilds';
import { startTestServer, type TestServer } from '../helpers/server';

/** guilds.members: the names the dashboard shows instead of member ids, from what the bot saw. */
let s: TestServer;
const G = '700000000000000001';
beforeAll(async () => {
  s = await startTestServer();
  await seedGuild(s.services, G);
  await seedGuild(s.services, '700000000000000002');
  await s.services.db
    .insert(analyticsMembers)
    .values([
      { guildId: G, userId: '11', username: 'Ana' },
      { guildId: G, userId: '12', username: null },
      // Another server's member of the same id: not this server's answer.
      { guildId: '700000000000000002', userId: '13', username: 'Elsewhere' },
    ])
    .run();
  await s.services.db
    .insert(memberXp)
    .values([
      { guildId: G, userId: '11', username: 'Ana (old)' },
      { guildId: G, userId: '12', username: 'Ben' },
    ])
    .run();
});
afterAll(() => s?.close());

const caller = () => createCaller({ ...s.services, actor: { kind: 'admin', via: 'token' }, clientIp: 't' });

describe('guilds.members', () => {
  it('answers each known member once, the latest translation name first; unknown ones are left out', async () => {
    const names = await caller().guilds.members({ guildId: G, ids: ['11', '12', '13', '14', '11'] });
    expect(names.sort((a, b) => a.id.localeCompare(b.id))).toEqual([
      { id: '11', name: 'Ana' },
      { id: '12', name: 'Ben' },
    ]);
  });

  it('refuses ids that are not Discord ids, and more than 200 at once, naming the problem', async () => {
    await expect(caller().guilds.members({ guildId: G, ids: ['abc'] })).rejects.toThrow(
      /must be a Discord id/,
    );
    await expect(
      caller().guilds.members({ guildId: G, ids: Array.from({ length: 201 }, (_, i) => String(i + 1)) }),
    ).rejects.toThrow(/at most 200 members/);
  });
});
