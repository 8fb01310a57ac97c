import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tableCounts } from '../helpers/server';
import { type BotHarness, eventually, startBotHarness } from './harness';

let h: BotHarness;
beforeAll(async () => {
  h = await startBotHarness();
});
afterAll(async () => {
  await h?.close();
});

describe('login and guild sync', () => {
  it('the real discord.js client identifies once and the guild channels reach GET /api/discord/channels', async () => {
    expect(h.fake.gateway.stats.identifies).toBe(1);
    const res = await eventually(async () => null) .catch(() => null);
    void res;
    const channels = await eventually(() => true).then(() => h.server.api(`/api/discord/channels?guildId=${h.guild.id}`, { admin: true }));
    expect(channels.status).toBe(200);
    expect(channels.json.map((c: { name: string }) => c.name)).toEqual(
      h.guild.channels.map((c) => c.name),
    );
  });
});
