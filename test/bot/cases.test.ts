import { Events, PermissionFlagsBits } from 'discord.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeMember, makeMember } from '../fakes/discord';
import { type CasesFake, installCaseRoutes } from '../fakes/discord/cases';
import {
  installModerationRoutes,
  MEMBER_PERMISSIONS,
  type ModerationFake,
  withMemberRoles,
} from '../fakes/discord/moderation';
import { type Json, snowflake } from '../fakes/discord/payloads';
import { setGuildPlan } from '../helpers/guilds';
import { tableCounts } from '../helpers/server';
import { type BotHarness, eventually, handled, startBotHarness } from './harness';

/**
 * /warn, /timeout, /kick, /ban, /unban, /case and /history end to end: the real discord.js client
 * against the fake Discord (checked against Discord's published description), the real engine
 * against the fake Gemini. Chloé is a moderator (Moderate, Kick and Ban Members); Ana reads
 * Spanish; Ben's DMs are closed; Dora's role is above the bot's.
 */

const STAFF = String(
  BigInt(MEMBER_PERMISSIONS) |
    PermissionFlagsBits.ModerateMembers |
    PermissionFlagsBits.KickMembers |
    PermissionFlagsBits.BanMembers,
);

let h: BotHarness;
let mod: ModerationFake;
let fake: CasesFake;
const dora = makeMember('dora', 'de');
const eve = makeMember('eve', 'en-US');
const fred = makeMember('fred', 'fr');
const gus = makeMember('gus', 'en-US');

beforeAll(async () => {
  h = await startBotHarness({
    prepare: (guild) => {
      const roles = withMemberRoles(guild);
      const high = snowflake();
      guild.roles = [
        ...(guild.roles ?? []),
        { id: high, name: 'Veterans', position: 11, permissions: MEMBER_PERMISSIONS },
      ];
      const senior = snowflake();
      guild.roles.push({ id: senior, name: 'Seniors', position: 5, permissions: MEMBER_PERMISSIONS });
      dora.roles = [high];
      gus.roles = [senior];
      guild.members.push(dora, eve, fred, gus);
      for (const m of guild.members) {
        if (m.user.username === 'chloe') {
          m.roles = [roles.moderatorRole];
          m.permissions = STAFF;
        } else if (!m.user.bot) m.permissions = MEMBER_PERMISSIONS;
      }
    },
  });
  mod = installModerationRoutes(h.fake);
  fake = installCaseRoutes(h.fake);
  mod.closedDms.add(h.ben.user.id);
  await setGuildPlan(h.server.services, h.guild.id, 'plus');
  // Ana reads Spanish: her /setlanguage is what the case notice follows.
  const set = h.fake.slash('setlanguage', [{ name: 'language', type: 3, value: 'es' }], {
    member: h.ana,
    channel: h.channel('general'),
  });
  await h.fake.interactionAnswer(set);
});
afterAll(() => h?.close());

const gid = () => h.guild.id;
async function run(name: string, options: Json[], member: FakeMember = h.chloe): Promise<Json> {
  const i = h.fake.slash(name, options, { member, channel: h.channel('general') });
  return await h.fake.interactionAnswer(i, 15_000);
}
const user = (name: string, m: FakeMember | string) => ({
  name,
  type: 6,
  value: typeof m === 'string' ? m : m.user.id,
});
const reason = (text: string) => ({ name: 'reason', type: 3, value: text });
const duration = (text: string) => ({ name: 'duration', type: 3, value: text });
const cases = async (query = '') =>
  (await h.server.api(`/api/cases?guildId=${gid()}${query}`, { admin: true })).json as Json[];

describe('moderation commands', () => {
  it('/warn opens case #1 and tells the member in Spanish by DM, the reason translated', async () => {
    const i = h.fake.slash('warn', [user('member', h.ana), reason('Please stop spamming links')], {
      member: h.chloe,
      channel: h.channel('general'),
    });
    const answer = await h.fake.interactionAnswer(i, 15_000);
    // Answered privately: the deferred reply is ephemeral (flags 64).
    expect(h.fake.interactionCalls(i)[0]?.body?.data?.flags).toBe(64);
    expect(answer.content).toContain('Case #1');
    expect(answer.content).toContain('told by DM');
    const dm = mod.dms(h.ana.user.id).at(-1) ?? '';
    expect(dm).toContain('Has recibido una advertencia en **Polyglot Test Server**');
    expect(dm).toContain('[es] Please stop spamming links');
    const [c] = await cases();
    expect(c).toMatchObject({
      number: 1,
      action: 'warn',
      targetId: h.ana.user.id,
      moderatorId: h.chloe.user.id,
    });
    expect(c?.reason).toBe('Please stop spamming links');
  });

  it('/timeout sets communication_disabled_until and, DMs closed, mentions the member in the channel', async () => {
    const before = Date.now();
    const answer = await run('timeout', [user('member', h.ben), duration('2h'), reason('Cool down')]);
    expect(answer.content).toMatch(/Case #2: .* timed out for 2h \(member told by mention\)/);
    const until = Date.parse(mod.timeouts.get(`${gid()}:${h.ben.user.id}`) ?? '');
    expect(until - before).toBeGreaterThanOrEqual(2 * 3600_000 - 1000);
    expect(until - before).toBeLessThan(2 * 3600_000 + 60_000);
    const mention = h.fake.rest.calls.find(
      (c) =>
        c.method === 'POST' &&
        c.path === `/channels/${h.channel('general').id}/messages` &&
        String(c.body?.content).startsWith(`<@${h.ben.user.id}>`),
    );
    expect(mention?.body?.content).toContain('timed out on **Polyglot Test Server** for 2h');
    expect(mention?.body?.allowed_mentions).toEqual({ users: [h.ben.user.id] });
    expect((await cases('&action=timeout'))[0]).toMatchObject({ number: 2, durationSeconds: 7200 });
  });

  it('/kick tells the member before removing them; /ban and /unban go through Discord', async () => {
    const kicked = await run('kick', [user('member', eve), reason('Raid')]);
    expect(kicked.content).toContain('Case #3');
    expect(fake.kicked).toContain(`${gid()}:${eve.user.id}`);
    const dmIndex = h.fake.rest.calls.findIndex(
      (c) => c.method === 'POST' && String(c.body?.content).includes('You were removed from'),
    );
    const kickIndex = h.fake.rest.calls.findIndex(
      (c) => c.method === 'DELETE' && c.path === `/guilds/${gid()}/members/${eve.user.id}`,
    );
    expect(dmIndex).toBeGreaterThanOrEqual(0);
    expect(dmIndex).toBeLessThan(kickIndex);

    const banned = await run('ban', [user('member', fred), reason('Scam links')]);
    expect(banned.content).toContain('Case #4');
    expect(fake.bans.has(`${gid()}:${fred.user.id}`)).toBe(true);
    // Fred never chose a language: the server's default (English).
    expect(mod.dms(fred.user.id).at(-1)).toContain('You were banned from **Polyglot Test Server**');
    const unbanned = await run('unban', [user('user', fred), reason('Appeal accepted')]);
    expect(unbanned.content).toContain('Case #5');
    // The fake lets the bot reach Fred by DM: he is told, in English.
    expect(unbanned.content).toContain('(user told by DM)');
    expect(mod.dms(fred.user.id).at(-1)).toContain('Your ban on **Polyglot Test Server** was lifted');
    expect(fake.bans.has(`${gid()}:${fred.user.id}`)).toBe(false);
  });

  it('/case and /history read the cases back', async () => {
    const one = await run('case', [{ name: 'number', type: 4, value: 1 }]);
    expect(one.content).toContain(`#1 warn <@${h.ana.user.id}> by <@${h.chloe.user.id}>`);
    expect(one.content).toContain('Please stop spamming links');
    const none = await run('case', [{ name: 'number', type: 4, value: 999 }]);
    expect(none.content).toContain('no case #999');
    const history = await run('history', [user('member', fred)]);
    expect(history.content).toContain(`Cases of <@${fred.user.id}> (2)`);
    expect(history.content.indexOf('#5 unban')).toBeLessThan(history.content.indexOf('#4 ban'));
  });
});

describe('automatic moderation', () => {
  it("a flood's Discord timeout becomes a case without a moderator, numbered with the staff's", async () => {
    const rules = await h.server.api(`/api/moderation/rules?guildId=${gid()}`, {
      method: 'PATCH',
      admin: true,
      body: { spamDetection: true, autoDelete: true },
    });
    expect(rules.status).toBe(200);
    const hank = makeMember('hank', 'en-US');
    hank.permissions = MEMBER_PERMISSIONS;
    h.fake.memberJoin(hank);
    const general = h.channel('general');
    const done: Promise<void>[] = [];
    for (let i = 0; i < 9; i++) {
      const msg = h.fake.sendMessage({
        channelId: general.id,
        author: hank.user,
        member: hank,
        content: `msg ${i} gg`,
      });
      done.push(handled(h, Events.MessageCreate, (m) => m.id === msg.id));
    }
    // Every message handled (moderated, logged): nothing of the flood is still being written after this test.
    await Promise.all(done);
    const [auto] = await eventually(async () => {
      const found = await cases(`&member=${hank.user.id}`);
      return found.length ? found : null;
    });
    expect(mod.timeouts.get(`${gid()}:${hank.user.id}`)).toBeDefined();
    expect(auto).toMatchObject({ action: 'timeout', moderatorId: null, durationSeconds: 600 });
    expect(auto?.reason).toMatch(/^Automatic: (flood|repeated message)/);
    expect(auto?.number).toBe(Math.max(...(await cases()).map((c) => c.number)));
  });
});

describe('what a case command refuses (a clear message, nothing written, nothing done)', () => {
  const refusals: [string, () => [string, Json[], FakeMember?], RegExp][] = [
    [
      'a member without the permission',
      () => ['warn', [user('member', h.ana)], h.ben],
      /needs the Moderate Members permission/,
    ],
    [
      'a user not on the server',
      () => ['kick', [user('member', snowflake())]],
      /is not a member of this server/,
    ],
    [
      'a duration beyond 28 days',
      () => ['timeout', [user('member', h.ana), duration('29d')]],
      /from 1 minute to 28 days/,
    ],
    [
      'a duration that is not one',
      () => ['timeout', [user('member', h.ana), duration('soon')]],
      /"soon" is not a duration/,
    ],
    [
      'the bot role below the member',
      () => ['kick', [user('member', dora)]],
      /My highest role \(Polyglot\) is not above dora/,
    ],
    [
      'the moderator role below the member',
      () => ['timeout', [user('member', gus), duration('1h')]],
      /Your highest role \(Moderators\) is not above gus/,
    ],
    ['acting on yourself', () => ['ban', [user('member', h.chloe)]], /against yourself/],
    [
      'acting on the owner',
      () => ['timeout', [user('member', h.guild.ownerId), duration('1h')]],
      /owns this server/,
    ],
    ['unbanning someone not banned', () => ['unban', [user('user', h.ana)]], /not banned on this server/],
  ];
  for (const [what, make, message] of refusals) {
    it(what, async () => {
      const before = await tableCounts(h.server.services);
      const callsBefore = h.fake.rest.calls.filter(
        (c) => /\/guilds\/\d+\/(members|bans)\//.test(c.path) && c.method !== 'GET',
      ).length;
      const [name, options, member] = make();
      const answer = await run(name, options, member);
      expect(answer.content).toMatch(message);
      expect(await tableCounts(h.server.services)).toEqual(before);
      const acts = h.fake.rest.calls.filter(
        (c) => /\/guilds\/\d+\/(members|bans)\//.test(c.path) && c.method !== 'GET',
      );
      // The unban is the one refusal Discord itself gives (404 Unknown Ban): that call was tried.
      expect(acts.length - callsBefore).toBe(name === 'unban' ? 1 : 0);
    });
  }

  it('on the Free plan it names the plan that unlocks cases', async () => {
    await setGuildPlan(h.server.services, gid(), 'free');
    try {
      const before = await tableCounts(h.server.services);
      const answer = await run('warn', [user('member', h.ana)]);
      // Chloé reads French: the refusal is in her language and names the plan.
      expect(answer.content).toContain('nécessite le forfait Plus');
      expect(await tableCounts(h.server.services)).toEqual(before);
    } finally {
      await setGuildPlan(h.server.services, gid(), 'plus');
    }
  });
});
