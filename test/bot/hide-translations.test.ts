import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawGet } from '../../db/client';
import { type FakeMember, type FakeUser, type Json, messagePayload, resolvedUsers } from '../fakes/discord';
import { type BotHarness, makeMember, startBotHarness } from './harness';

/** /hide-translations-of (issue 28): a member hides someone's translations for themselves. */

const EPHEMERAL = 64;
let h: BotHarness;
beforeAll(async () => {
  h = await startBotHarness();
});
afterAll(async () => {
  await h?.close();
});

/** `by` runs /hide-translations-of with these options; `users` are resolved as Discord does (members of the server with their member). */
async function run(by: FakeMember, options: Json[], users: FakeUser[] = []): Promise<Json> {
  const i = h.fake.slash(
    'hide-translations-of',
    options,
    { member: by, channel: h.channel('general') },
    users.length ? resolvedUsers(users, h.guild.members) : undefined,
  );
  return await h.fake.interactionAnswer(i);
}
const member = (m: FakeMember | FakeUser) => ({
  name: 'member',
  type: 6,
  value: 'user' in m ? m.user.id : m.id,
});
const action = (a: string) => ({ name: 'action', type: 3, value: a });

const rows = async (userId: string) =>
  Number(
    (
      await rawGet<{ n: number }>(
        h.server.services.db,
        sql`select count(*) as n from translation_hidden_authors where guild_id = ${h.guild.id} and user_id = ${userId}`,
      )
    )?.n,
  );

/** Translate Message on a message `author` wrote in #general, used by `reader`. */
async function translateFor(reader: FakeMember, author: FakeUser, content: string) {
  const msg = messagePayload({ channelId: h.channel('general').id, guildId: h.guild.id, author, content });
  return await h.fake.interactionAnswer(
    h.fake.contextMenu('Translate Message', msg, { member: reader, channel: h.channel('general') }),
  );
}

describe('/hide-translations-of', () => {
  it("hide: Chloé's Translate Message skips Ben's messages (his text never sent to the provider), still translates Ana's; Ana still reads Ben's; the answer says what it covers", async () => {
    const hid = await run(h.chloe, [member(h.ben)], [h.ben.user]);
    expect(hid.flags).toBe(EPHEMERAL);
    expect(hid.content).toContain(`<@${h.ben.user.id}>`);
    // Honest about what cannot be hidden for one viewer.
    expect(hid.content).toContain('public posts everyone sees');
    expect(hid.allowed_mentions).toEqual({ parse: [] });
    expect(await rows(h.chloe.user.id)).toBe(1);

    const before = h.gemini.requests.length;
    const skipped = await translateFor(h.chloe, h.ben.user, 'The meeting moved to Friday');
    // Chloé reads French: the bot's own sentence is put into French once (phraseIn); Ben's text is never sent.
    expect(skipped.content).toContain('[fr]');
    expect(skipped.content).toContain(`<@${h.ben.user.id}>`);
    expect(JSON.stringify(h.gemini.requests.slice(before))).not.toContain('The meeting moved to Friday');

    const other = await translateFor(h.chloe, h.ana.user, 'Good night everyone');
    expect(other.content).toContain('[fr] Good night everyone');
    const forAna = await translateFor(h.ana, h.ben.user, 'The meeting moved to Friday');
    expect(forAna.content).toContain('[es] The meeting moved to Friday');

    // Hiding twice keeps one row and says so.
    const again = await run(h.chloe, [member(h.ben), action('hide')], [h.ben.user]);
    expect(again.content).toContain('You already hide');
    expect(await rows(h.chloe.user.id)).toBe(1);
  });

  it('list names whom she hides; the admin sees counts only; show brings one back; clear empties the list', async () => {
    await run(h.chloe, [member(h.ana)], [h.ana.user]);
    const list = await run(h.chloe, []);
    expect(list.content).toContain(`<@${h.ben.user.id}>, <@${h.ana.user.id}>`);

    const counts = await h.server.api(`/api/translation/opt-outs?guildId=${h.guild.id}`, { admin: true });
    expect(counts.status).toBe(200);
    expect(counts.json).toEqual({ notTranslated: 0, hidingSomeone: 1 });

    const shown = await run(h.chloe, [member(h.ana), action('show')], [h.ana.user]);
    expect(shown.content).toContain(`translates messages of <@${h.ana.user.id}> for you again`);
    expect(await rows(h.chloe.user.id)).toBe(1);
    const notHidden = await run(h.chloe, [member(h.ana), action('show')], [h.ana.user]);
    expect(notHidden.content).toContain('You do not hide');

    const cleared = await run(h.chloe, [action('clear')]);
    expect(cleared.content).toContain('(1 shown again)');
    expect(await rows(h.chloe.user.id)).toBe(0);
    const back = await translateFor(h.chloe, h.ben.user, 'Back in the loop');
    expect(back.content).toContain('[fr] Back in the loop');
    const empty = await run(h.chloe, [action('list')]);
    expect(empty.content).toContain('You hide nobody’s translations on this server');
  });

  it('the answer is in the member’s language (her Discord locale), through the provider when the table lacks it', async () => {
    const answer = await run({ ...h.ana, locale: 'es-ES' }, [member(h.ben)], [h.ben.user]);
    expect(answer.content).toContain('[es]');
    await run(h.ana, [action('clear')]);
  });

  it('bad inputs are refused, naming the problem, and nothing is written', async () => {
    const stranger = makeMember('stranger').user;
    const notMember = await run(h.chloe, [member(stranger)], [stranger]);
    expect(notMember.flags).toBe(EPHEMERAL);
    expect(notMember.content).toBe('❌ member: stranger is not a member of this server.');

    const self = await run(h.chloe, [member(h.chloe)], [h.chloe.user]);
    expect(self.content).toContain(
      'member: that is you; to keep your own messages out of translation use /translate-me off',
    );

    const bot = await run(h.chloe, [member(h.fake.botUser)], [h.fake.botUser]);
    // The bot is no member of the guild's list in the fake: refused either way, nothing written.
    expect(bot.content).toMatch(/^❌ member: Polyglot (is a bot|is not a member)/);

    const noMember = await run(h.chloe, [action('hide')]);
    expect(noMember.content).toBe(
      '❌ member: choose the member to hide (/hide-translations-of member:@someone)',
    );

    const badAction = await run(h.chloe, [member(h.ben), action('maybe')], [h.ben.user]);
    expect(badAction.content).toBe('❌ action: "maybe" is not a choice; use hide, show, list, clear.');
    expect(await rows(h.chloe.user.id)).toBe(0);
  });

  it('at most 100 people per member and server: the 101st is refused, naming the bound', async () => {
    const { hideAuthor } = await import('../../src/server/features/translation/hidden-authors');
    const db = h.server.services.db;
    for (let n = 0; n < 100; n++) await hideAuthor(db, h.guild.id, h.ben.user.id, String(10_000 + n));
    const over = await run(h.ben, [member(h.ana)], [h.ana.user]);
    expect(over.content).toContain('you already hide 100 people on this server, the most there can be');
    expect(await rows(h.ben.user.id)).toBe(100);
    await run(h.ben, [action('clear')]);
    expect(await rows(h.ben.user.id)).toBe(0);
  });
});
