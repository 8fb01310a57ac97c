import { sql } from 'drizzle-orm';
import { Events } from 'discord.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawGet } from '../../db/client';
import { type FakeMember, type Json, rolePayload, snowflake } from '../fakes/discord';
import { setGuildPlan } from '../helpers/guilds';
import { tableCounts } from '../helpers/server';
import { type BotHarness, eventually, handled, makeMember, startBotHarness } from './harness';

/**
 * XP and levels end to end: members' messages earn 15-25 XP at most once a minute (the server's
 * clock is moved forward here), a level-up is announced in the member's language and gives its
 * role reward, /rank and /leaderboard answer; bots, webhooks and ignored channels earn nothing.
 */

let h: BotHarness;
let offsetMs = 0;
beforeAll(async () => {
  h = await startBotHarness({ overrides: { clock: () => new Date(Date.now() + offsetMs) } });
  await setGuildPlan(h.server.services, h.guild.id, 'plus');
});
afterAll(async () => {
  await h?.close();
});

type XpRow = { xp: number; level: number; messages: number };
const xpOf = async (member: FakeMember): Promise<XpRow | undefined> =>
  (await rawGet(
    h.server.services.db,
    sql`select xp, level, message_count as messages from member_xp where guild_id = ${h.guild.id} and user_id = ${member.user.id}`,
  )) as XpRow | undefined;

let sent = 0;
/** A member writes; resolves once the bot has counted the message. */
async function talk(member: FakeMember, channel = 'general') {
  const before = (await xpOf(member))?.messages ?? 0;
  h.fake.sendMessage({
    channelId: h.channel(channel).id,
    author: member.user,
    member,
    content: `message ${++sent}`,
  });
  await eventually(async () => ((await xpOf(member))?.messages ?? 0) > before);
}
const aMinuteLater = () => {
  offsetMs += 61_000;
};
const postsIn = (channel: string) =>
  h.fake.calls.filter((c) => c.method === 'POST' && c.path === `/channels/${h.channel(channel).id}/messages`);
const api = (path: string, init: { method?: string; body?: unknown } = {}) =>
  h.server.api(`${path}?guildId=${h.guild.id}`, { admin: true, ...init });
const slash = (name: string, member: FakeMember, options: Json[] = []) =>
  h.fake.interactionAnswer(h.fake.slash(name, options, { member, channel: h.channel('general') }));

describe('earning XP', () => {
  it('a burst of messages within a minute earns 15 to 25 XP once', async () => {
    for (let i = 0; i < 5; i++) await talk(h.ana);
    const row = await xpOf(h.ana);
    expect(row?.messages).toBe(5);
    expect(row?.xp).toBeGreaterThanOrEqual(15);
    expect(row?.xp).toBeLessThanOrEqual(25);
  });

  it('each minute earns again, until the level-up is announced in the member language', async () => {
    // Messages carry no locale: the member's saved language is what the bot knows.
    const set = await slash('setlanguage', h.ana, [{ name: 'language', type: 3, value: 'es' }]);
    expect(set.content).toBeTruthy();
    const awards: number[] = [(await xpOf(h.ana))?.xp ?? 0];
    while (((await xpOf(h.ana))?.level ?? 0) < 1) {
      aMinuteLater();
      const before = (await xpOf(h.ana))?.xp ?? 0;
      await talk(h.ana);
      awards.push(((await xpOf(h.ana))?.xp ?? 0) - before);
    }
    for (const a of awards) {
      expect(a).toBeGreaterThanOrEqual(15);
      expect(a).toBeLessThanOrEqual(25);
    }
    // Level 0 to 1 takes 100 XP: 4 to 7 awards.
    expect(awards.length).toBeGreaterThanOrEqual(4);
    expect(awards.length).toBeLessThanOrEqual(7);
    const announce = await eventually(() =>
      postsIn('general').find((c) => c.body?.content.includes(`<@${h.ana.user.id}>`)),
    );
    expect(announce.body?.content).toContain('ha llegado al **nivel 1**');
    expect(announce.body?.allowed_mentions).toEqual({ parse: [], users: [h.ana.user.id] });
  });

  it('messages sent at the same moment earn once, and every one is counted', async () => {
    aMinuteLater();
    const before = (await xpOf(h.ana))!;
    for (let i = 0; i < 4; i++)
      h.fake.sendMessage({
        channelId: h.channel('general').id,
        author: h.ana.user,
        member: h.ana,
        content: `at once ${i}`,
      });
    await eventually(async () => (await xpOf(h.ana))!.messages === before.messages + 4);
    const gained = (await xpOf(h.ana))!.xp - before.xp;
    expect(gained).toBeGreaterThanOrEqual(15);
    expect(gained).toBeLessThanOrEqual(25);
  });

  it('bots, webhooks and ignored channels earn nothing', async () => {
    const saved = await api('/api/xp/settings', {
      method: 'PATCH',
      body: { ignoredChannels: [h.channel('mod-log').id] },
    });
    expect(saved.status).toBe(200);
    aMinuteLater();
    const before = await xpOf(h.chloe);
    const sent = [
      h.fake.sendMessage({
        channelId: h.channel('mod-log').id,
        author: h.chloe.user,
        member: h.chloe,
        content: 'hidden',
      }),
    ];
    const bot = { id: snowflake(), username: 'OtherBot', bot: true };
    sent.push(h.fake.sendMessage({ channelId: h.channel('general').id, author: bot, content: 'beep' }));
    sent.push(
      h.fake.sendMessage({
        channelId: h.channel('general').id,
        author: bot,
        content: 'hook',
        webhookId: snowflake(),
      }),
    );
    // The bot has finished with each of them (its handlers are done: any XP would be written).
    await Promise.all(sent.map((msg) => handled(h, Events.MessageCreate, (m) => m.id === msg.id)));
    // A later message of Chloé's in a normal channel is counted: the earlier ones are not.
    expect(await xpOf(h.chloe)).toEqual(before);
    await talk(h.chloe);
    expect((await xpOf(h.chloe))?.messages).toBe(1);
    const botRow = (await rawGet(
      h.server.services.db,
      sql`select count(*) as n from member_xp where user_id = ${bot.id}`,
    )) as { n: number };
    expect(botRow.n).toBe(0);
  });

  it('a chosen level-up channel and a role reward', async () => {
    const reward = snowflake();
    const admins = snowflake();
    h.fake.dispatch('GUILD_ROLE_CREATE', {
      guild_id: h.guild.id,
      role: rolePayload({ id: reward, name: 'Regular', position: 2 }),
    });
    h.fake.dispatch('GUILD_ROLE_CREATE', {
      guild_id: h.guild.id,
      role: rolePayload({ id: admins, name: 'Admins', position: 30 }),
    });
    await eventually(
      async () =>
        (await h.server.api(`/api/discord/roles?guildId=${h.guild.id}`, { admin: true })).json.length === 3,
    );
    // A role above the bot's own is refused with a sentence that says how to fix it.
    const refused = await api('/api/xp/settings', {
      method: 'PATCH',
      body: { roleRewards: [{ level: 5, roleId: admins }] },
    });
    expect(refused.status).toBe(400);
    expect(refused.json.error).toBe(
      `roleRewards.0.roleId: ${admins}: I cannot give the role "Admins": it is above my own role. In Server Settings > Roles, drag my role above it (and let me Manage Roles)`,
    );
    const saved = await api('/api/xp/settings', {
      method: 'PATCH',
      body: { levelUpChannelId: h.channel('english').id, roleRewards: [{ level: 1, roleId: reward }] },
    });
    expect(saved.json).toMatchObject({
      levelUpChannelId: h.channel('english').id,
      roleRewards: [{ level: 1, roleId: reward }],
    });
    while (((await xpOf(h.ben))?.level ?? 0) < 1) {
      aMinuteLater();
      await talk(h.ben);
    }
    const announce = await eventually(() =>
      postsIn('english').find((c) => c.body?.content.includes(`<@${h.ben.user.id}>`)),
    );
    expect(announce.body?.content).toContain('reached **level 1**');
    await eventually(() => h.fake.rest.rolesOf(h.guild.id, h.ben.user.id).includes(reward));
  });
});

describe('/rank and /leaderboard', () => {
  it('/rank is a private card in the member language', async () => {
    const answer = await slash('rank', h.ana);
    expect(answer.flags).toBe(64);
    const row = await xpOf(h.ana);
    expect(answer.content).toContain(`Nivel **1** · ${row?.xp} XP`);
    expect(answer.content).toMatch(/para el nivel 2\nPuesto \*\*#[12]\*\* de 3/);
  });

  it('/rank for someone without XP says how to earn it', async () => {
    const newcomer = makeMember('newbie', 'de');
    const answer = await slash('rank', newcomer);
    expect(answer.content).toContain('hat noch keine XP');
  });

  it('/leaderboard lists the top members and the member own place', async () => {
    const answer = await slash('leaderboard', h.chloe);
    expect(answer.content).toContain('🏆 **Classement**');
    expect(answer.content).toMatch(/\*\*1\.\*\* \S+ .* · niveau 1 · \d+ XP/);
    expect(answer.content).toContain('Ta place : **#3** sur 3');
    const api3 = await api('/api/xp/leaderboard');
    expect(api3.json.map((r: Json) => r.userId).sort()).toEqual(
      [h.ana.user.id, h.ben.user.id, h.chloe.user.id].sort(),
    );
    expect(api3.json[2]).toMatchObject({ rank: 3, userId: h.chloe.user.id, level: 0 });
  });

  it('on the Free plan they name the plan that unlocks leveling, and no XP is earned', async () => {
    await setGuildPlan(h.server.services, h.guild.id, 'free');
    try {
      expect((await slash('rank', h.ben)).content).toContain('needs the Plus plan');
      aMinuteLater();
      const before = (await xpOf(h.ben))?.xp;
      const msg = h.fake.sendMessage({
        channelId: h.channel('general').id,
        author: h.ben.user,
        member: h.ben,
        content: 'free',
      });
      await handled(h, Events.MessageCreate, (m) => m.id === msg.id);
      expect((await xpOf(h.ben))?.xp).toBe(before);
    } finally {
      await setGuildPlan(h.server.services, h.guild.id, 'plus');
    }
  });
});

describe('settings: bad input writes nothing', () => {
  it.each([
    [{ levelUpChannelId: 'general' }, 'levelUpChannelId'],
    [{ ignoredChannels: ['x'] }, 'ignoredChannels.0'],
    [{ roleRewards: [{ level: 0, roleId: '1' }] }, 'roleRewards.0.level: must be 1 or more'],
    [
      {
        roleRewards: [
          { level: 2, roleId: '1' },
          { level: 2, roleId: '3' },
        ],
      },
      'level 2 has two rewards',
    ],
    [{ roleRewards: 'lots' }, 'roleRewards'],
  ])('%j answers 400 naming %s', async (body, expected) => {
    const before = await tableCounts(h.server.services);
    const beforeSettings = (await api('/api/xp/settings')).json;
    const res = await api('/api/xp/settings', { method: 'PATCH', body });
    expect(res.status).toBe(400);
    expect(res.json.error).toContain(expected);
    expect(await tableCounts(h.server.services)).toEqual(before);
    expect((await api('/api/xp/settings')).json).toEqual(beforeSettings);
  });
});
