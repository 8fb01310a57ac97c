import { PermissionFlagsBits } from 'discord.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CASE_STAFF } from '../../src/common/cases/staff-phrases';
import { findLanguage, type Language } from '../../src/common/languages';
import { setMemberLanguage } from '../../src/server/features/translation/members';
import { untranslatedMark } from '../../src/server/translation/phrases';
import { type Json, makeMember } from '../fakes/discord';
import { snowflake } from '../fakes/discord/payloads';
import { installCaseRoutes } from '../fakes/discord/cases';
import { installModerationRoutes, MEMBER_PERMISSIONS, withMemberRoles } from '../fakes/discord/moderation';
import { setGuildPlan } from '../helpers/guilds';
import { type BotHarness, startBotHarness } from './harness';

/**
 * Issue 29: the case commands answer the moderator in their language through the speaker. Chloé
 * (a moderator) reads Swahili, which no table has: /warn, /case and /history answer her in Swahili
 * from the provider (the fake Gemini answers "[sw] " + the text), every staff phrase asked once in
 * a few batched calls, none on the next commands. With the provider down she reads English with
 * the line saying so (her language then Yoruba), never an error. The real discord.js client
 * against the fake Discord, the real server.
 */

const STAFF = String(
  BigInt(MEMBER_PERMISSIONS) |
    PermissionFlagsBits.ModerateMembers |
    PermissionFlagsBits.KickMembers |
    PermissionFlagsBits.BanMembers,
);

let h: BotHarness;
/** An administrator by role only: Discord sends members' roles, never their permissions (Get Guild Member). */
const hal = makeMember('hal', 'en-US');

beforeAll(async () => {
  h = await startBotHarness({
    overrides: { translatorOptions: { attempts: 1 } },
    prepare: (guild) => {
      const roles = withMemberRoles(guild);
      const admins = snowflake();
      guild.roles!.push({ id: admins, name: 'Admins', position: 1, permissions: '8' });
      hal.roles = [admins];
      guild.members.push(hal);
      for (const m of guild.members) {
        if (m.user.username === 'chloe') {
          m.roles = [roles.moderatorRole];
          m.permissions = STAFF;
        } else if (!m.user.bot) m.permissions = MEMBER_PERMISSIONS;
      }
    },
  });
  installModerationRoutes(h.fake);
  installCaseRoutes(h.fake);
  await setGuildPlan(h.server.services, h.guild.id, 'plus');
  await setMemberLanguage(h.server.services.db, h.chloe.user.id, findLanguage('sw') as Language, new Date());
});
afterAll(() => h?.close());

const run = async (name: string, options: Json[]): Promise<string> =>
  (
    await h.fake.interactionAnswer(
      h.fake.slash(name, options, { member: h.chloe, channel: h.channel('general') }),
      60_000,
    )
  ).content as string;
const member = (name: string) => ({ name, type: 6, value: h.ana.user.id });

/** Every text the provider was asked to put into `code`, and in how many calls. */
function askedInto(code: string): { texts: string[]; calls: number } {
  const into = h.gemini.requests.filter((r) => r.translation?.targets.includes(code));
  const texts = into.flatMap((r) => {
    const t = r.translation!;
    return t.messages ? t.messages.map((m) => m.text) : [t.text];
  });
  return { texts, calls: into.length };
}

describe('a Swahili moderator', () => {
  it('reads /warn, /case and /history in Swahili; every staff phrase asked once, in a few batched calls', async () => {
    h.gemini.reset();
    const warned = await run('warn', [member('member'), { name: 'reason', type: 3, value: 'Spam' }]);
    expect(warned).toMatch(
      new RegExp(`^\\[sw\\] ✅ Case #1: <@${h.ana.user.id}> warned \\(member told by DM\\)\\.$`),
    );

    const phrases = Object.keys(CASE_STAFF).length;
    const first = askedInto('sw');
    expect(first.texts).toHaveLength(phrases);
    expect(new Set(first.texts).size).toBe(phrases);
    expect(first.calls).toBe(Math.ceil(phrases / 16));

    const one = await run('case', [{ name: 'number', type: 4, value: 1 }]);
    expect(one).toMatch(
      new RegExp(`^\\[sw\\] #1 warn <@${h.ana.user.id}> by <@${h.chloe.user.id}> <t:\\d+:d>: Spam$`),
    );
    const history = await run('history', [member('member')]);
    expect(history).toMatch(new RegExp(`^\\[sw\\] Cases of <@${h.ana.user.id}> \\(1\\):\\n\\[sw\\] #1 warn`));
    const missing = await run('case', [{ name: 'number', type: 4, value: 99 }]);
    expect(missing).toBe('[sw] ❌ This server has no case #99.');
    // Discord's refusal to time out an administrator, known from hal's role (computed from roles).
    const patches = () =>
      h.fake.rest.calls.filter((c) => c.method === 'PATCH' && c.path.includes('/members/')).length;
    const before = patches();
    const admin = await run('timeout', [
      { name: 'member', type: 6, value: hal.user.id },
      { name: 'duration', type: 3, value: '1h' },
    ]);
    expect(admin).toBe(
      '[sw] ❌ hal G. is an administrator: Discord does not allow timing out administrators.',
    );
    expect(patches()).toBe(before);
    // Nothing more asked in Swahili.
    expect(askedInto('sw').calls).toBe(first.calls);
  });
});

describe('the provider down', () => {
  it('a Yoruba moderator reads English with the untranslated line, and the case is recorded', async () => {
    await setMemberLanguage(
      h.server.services.db,
      h.chloe.user.id,
      findLanguage('yo') as Language,
      new Date(),
    );
    h.gemini.reset();
    h.gemini.respondWith(() => ({ status: 503, body: { error: { code: 503, message: 'overloaded' } } }));
    const warned = await run('warn', [member('member')]);
    expect(warned).toBe(
      `✅ Case #2: <@${h.ana.user.id}> warned (member told by DM).${untranslatedMark('yo')}`,
    );
    const refused = await run('timeout', [member('member'), { name: 'duration', type: 3, value: 'soon' }]);
    expect(refused).toBe(
      `❌ duration: "soon" is not a duration; write it like 10m, 2h, 3d or 1w.${untranslatedMark('yo')}`,
    );
  });
});
