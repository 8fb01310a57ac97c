import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Json, rolePayload, snowflake } from '../fakes/discord';
import { type BotHarness, eventually, startBotHarness } from './harness';

/** The bot keeps the server's roles in guild_roles, with whether it can give each (pickers show names). */

let h: BotHarness;
beforeAll(async () => {
  h = await startBotHarness();
});
afterAll(async () => {
  await h?.close();
});

const roles = async (): Promise<Json[]> =>
  (await h.server.api(`/api/discord/roles?guildId=${h.guild.id}`, { admin: true })).json;

describe('guild roles', () => {
  it('are synced at connection: the bot’s own managed role cannot be given', async () => {
    const list = await roles();
    expect(list).toEqual([
      {
        id: expect.any(String),
        name: 'Polyglot',
        color: 0x5865f2,
        position: 10,
        managed: true,
        assignable: false,
      },
    ]);
  });

  it('follow role changes: a role below the bot can be given, one above cannot, a deleted one goes', async () => {
    const below = { id: snowflake(), name: 'Gamer', position: 3, color: 0x2ecc71 };
    const above = { id: snowflake(), name: 'Admins', position: 20, color: 0xe74c3c };
    for (const role of [below, above])
      h.fake.dispatch('GUILD_ROLE_CREATE', { guild_id: h.guild.id, role: rolePayload(role) });
    const list = await eventually(async () => {
      const r = await roles();
      return r.length === 3 && r;
    });
    expect(list.map((r) => [r.name, r.assignable])).toEqual([
      ['Admins', false],
      ['Polyglot', false],
      ['Gamer', true],
    ]);
    h.fake.dispatch('GUILD_ROLE_DELETE', { guild_id: h.guild.id, role_id: above.id });
    await eventually(async () => (await roles()).length === 2);
  });
});
