import { PermissionFlagsBits } from 'discord.js';
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
import { type BotHarness, startBotHarness } from './harness';

/**
 * What follows a case, end to end (the real discord.js client against the fake Discord): the
 * numbered line in the moderation log channel, an escalation rule carried out as the bot's own
 * case, /ban of someone not on the server by user id, and the unbanned user told when reachable.
 * Chloé moderates; Ana reads Spanish; Ben's DMs are closed.
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
const ivy = makeMember('ivy', 'en-US');

beforeAll(async () => {
  h = await startBotHarness({
    prepare: (guild) => {
      const roles = withMemberRoles(guild);
      guild.members.push(ivy);
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
  const set = h.fake.slash('setlanguage', [{ name: 'language', type: 3, value: 'es' }], {
    member: h.ana,
    channel: h.channel('general'),
  });
  await h.fake.interactionAnswer(set);
  const rules = await h.server.api(`/api/moderation/rules?guildId=${h.guild.id}`, {
    method: 'PATCH',
    admin: true,
    body: { logChannelId: h.channel('mod-log').id },
  });
  expect(rules.status).toBe(200);
});
afterAll(() => h?.close());

const gid = () => h.guild.id;
async function run(name: string, options: Json[], member: FakeMember = h.chloe): Promise<Json> {
  const i = h.fake.slash(name, options, { member, channel: h.channel('general') });
  return await h.fake.interactionAnswer(i, 15_000);
}
const user = (name: string, id: string) => ({ name, type: 6, value: id });
const userId = (id: string) => ({ name: 'user_id', type: 3, value: id });
const reason = (text: string) => ({ name: 'reason', type: 3, value: text });
const cases = async (query = '') =>
  (await h.server.api(`/api/cases?guildId=${gid()}${query}`, { admin: true })).json as Json[];
const logPosts = () =>
  h.fake.rest.calls
    .filter((c) => c.method === 'POST' && c.path === `/channels/${h.channel('mod-log').id}/messages`)
    .map((c) => String(c.body?.content ?? ''));

describe('the moderation log channel', () => {
  it('gets each case with its number, the action, the member, the moderator and the reason', async () => {
    const answer = await run('warn', [user('member', ivy.user.id), reason('Off-topic ads')]);
    const number = Number(/Case #(\d+)/.exec(answer.content)?.[1]);
    expect(number).toBeGreaterThan(0);
    expect(logPosts().at(-1)).toBe(
      `📋 **Case #${number}** · /warn <@${ivy.user.id}> · by <@${h.chloe.user.id}> · Reason: Off-topic ads`,
    );
  });
});

describe('escalation rules', () => {
  it('2 warns in 7 days → a 1h timeout: the bot acts, tells the member in Spanish, and records and logs its own case citing the rule', async () => {
    const added = await h.server.api(`/api/cases/escalations?guildId=${gid()}`, {
      method: 'POST',
      admin: true,
      body: { counts: 'warn', threshold: 2, windowDays: 7, action: 'timeout', durationSeconds: 3600 },
    });
    expect(added.status).toBe(200);
    const ruleId = added.json.id as number;

    const first = await run('warn', [user('member', h.ana.user.id), reason('Spam')]);
    expect(first.content).not.toContain('escalation');
    expect(mod.timeouts.has(`${gid()}:${h.ana.user.id}`)).toBe(false);

    const before = Date.now();
    const second = await run('warn', [user('member', h.ana.user.id), reason('Spam again')]);
    const warnNumber = Number(/Case #(\d+)/.exec(second.content)?.[1]);
    expect(second.content).toContain(
      `Case #${warnNumber + 1}: escalation rule #${ruleId} → timeout 1h (member told by DM).`,
    );
    const until = Date.parse(mod.timeouts.get(`${gid()}:${h.ana.user.id}`) ?? '');
    expect(until - before).toBeGreaterThanOrEqual(3600_000 - 1000);
    expect(until - before).toBeLessThan(3600_000 + 60_000);
    const [auto] = await cases(`&member=${h.ana.user.id}&action=timeout`);
    expect(auto).toMatchObject({
      number: warnNumber + 1,
      moderatorId: null,
      durationSeconds: 3600,
      reason: `Escalation rule #${ruleId}: 2 warns in 7 days → timeout 1h`,
    });
    expect(mod.dms(h.ana.user.id).at(-1)).toContain(
      'Estás silenciado temporalmente en **Polyglot Test Server** durante 1h',
    );
    expect(logPosts().at(-1)).toContain(
      `📋 **Case #${warnNumber + 1}** · /timeout <@${h.ana.user.id}> (1h) · by 🤖`,
    );
  });

  it('does not fire again on the next warn in the window, and a revoked warn is not counted', async () => {
    const timeoutsBefore = (await cases('&action=timeout')).length;
    const third = await run('warn', [user('member', h.ana.user.id), reason('Third')]);
    expect(third.content).not.toContain('escalation');
    expect((await cases('&action=timeout')).length).toBe(timeoutsBefore);

    // Ivy has one warn; it is revoked, so her next warn is her first that counts.
    const [ivyWarn] = await cases(`&member=${ivy.user.id}`);
    const revoked = await h.server.api(`/api/cases/${ivyWarn?.number}/revoke?guildId=${gid()}`, {
      method: 'POST',
      admin: true,
    });
    expect(revoked.status).toBe(200);
    const again = await run('warn', [user('member', ivy.user.id)]);
    expect(again.content).not.toContain('escalation');
  });
});

describe('/ban by user id and /unban', () => {
  it('bans a user who is not on the server by id: Discord takes the ban, the case is recorded, no one is claimed told', async () => {
    const stranger = snowflake();
    const answer = await run('ban', [userId(stranger), reason('Known raider')]);
    expect(answer.content).toMatch(
      new RegExp(`Case #\\d+: <@${stranger}> banned \\(not on the server, not told\\)\\.`),
    );
    expect(fake.bans.has(`${gid()}:${stranger}`)).toBe(true);
    expect((await cases(`&member=${stranger}`))[0]).toMatchObject({ action: 'ban', reason: 'Known raider' });
    expect(logPosts().at(-1)).toContain(`/ban <@${stranger}>`);
  });

  it('tells the unbanned user in their language when Discord lets the bot reach them; says so when it does not', async () => {
    await run('ban', [user('member', h.ana.user.id)]);
    const lifted = await run('unban', [user('user', h.ana.user.id), reason('Appeal accepted')]);
    expect(lifted.content).toContain('(user told by DM)');
    expect(mod.dms(h.ana.user.id).at(-1)).toContain('Se levantó tu baneo en **Polyglot Test Server**');
    // Ana left with the ban: her name on the unban's case comes from Discord (Get User).
    const [unban] = await cases(`&member=${h.ana.user.id}&action=unban`);
    expect(unban?.targetName).toBe(h.ana.user.username);

    await run('ban', [user('member', h.ben.user.id)]);
    const dmsBefore = mod.dms(h.ben.user.id).length;
    const closed = await run('unban', [user('user', h.ben.user.id)]);
    expect(closed.content).toContain('(user could not be told)');
    expect(mod.dms(h.ben.user.id).length).toBe(dmsBefore);
  });

  const refusals: [string, () => Json[], RegExp][] = [
    [
      'an id that is not a snowflake',
      () => [userId('12345678901234567x')],
      /user_id: "12345678901234567x" is not a Discord user id/,
    ],
    ['neither a member nor an id', () => [reason('who?')], /needs a member or a user_id/],
    [
      'a member and a different id',
      () => [user('member', ivy.user.id), userId(snowflake())],
      /either a member or a user_id, not two different users/,
    ],
  ];
  for (const [what, options, message] of refusals) {
    it(`refuses ${what}: nothing written, nothing done`, async () => {
      const before = await tableCounts(h.server.services);
      const bansBefore = h.fake.rest.calls.filter((c) => c.method === 'PUT').length;
      const answer = await run('ban', options());
      expect(answer.content).toMatch(message);
      expect(await tableCounts(h.server.services)).toEqual(before);
      expect(h.fake.rest.calls.filter((c) => c.method === 'PUT').length).toBe(bansBefore);
    });
  }

  it('an id no account has: Discord answers Unknown User, the moderator reads it, nothing written', async () => {
    const ghost = snowflake();
    fake.unknownUsers.add(ghost);
    const before = await tableCounts(h.server.services);
    const answer = await run('ban', [userId(ghost)]);
    expect(answer.content).toMatch(/Discord refused: Unknown User/);
    expect(await tableCounts(h.server.services)).toEqual(before);
    expect(fake.bans.has(`${gid()}:${ghost}`)).toBe(false);
  });
});
