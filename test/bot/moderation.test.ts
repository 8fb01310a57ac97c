import { Events } from 'discord.js';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { installModerationRoutes, type ModerationFake, withMemberRoles } from '../fakes/discord/moderation';
import type { Json } from '../fakes/discord/payloads';
import { pseudoTranslate, type RecordedRequest } from '../fakes/gemini';
import { setGuildPlan } from '../helpers/guilds';
import { type BotHarness, eventually, handled, makeMember, recordedCopies, startBotHarness } from './harness';

/**
 * Moderation end to end: the real discord.js client against the fake Discord, the real engine
 * against the fake Gemini. Members are plain members (no Manage Messages) unless given the
 * Moderators role.
 */

let h: BotHarness;
let mod: ModerationFake;
let roles: { moderatorRole: string; botRole: string };

beforeAll(async () => {
  h = await startBotHarness({
    overrides: { translatorOptions: { attempts: 1, baseDelayMs: 1, breakerThreshold: 1000 } },
    prepare: (guild) => {
      roles = withMemberRoles(guild);
      const chloe = guild.members.find((m) => m.user.username === 'chloe');
      if (chloe) chloe.roles = [roles.moderatorRole];
    },
  });
  mod = installModerationRoutes(h.fake);
  await h.link('mirror', [
    ['spanish', 'es'],
    ['english', 'en'],
  ]);
});
afterAll(() => h?.close());

const gid = () => h.guild.id;
const rules = (body: Record<string, unknown>) =>
  h.server.api(`/api/moderation/rules?guildId=${gid()}`, { method: 'PATCH', admin: true, body });
const feed = async () =>
  (await h.server.api(`/api/moderation/logs?guildId=${gid()}`, { admin: true })).json as {
    type: string;
    userId: string;
    message: string;
    action: string;
    rule: string;
    language: string;
  }[];
const deleted = (channelId: string, messageId: string) =>
  h.fake.rest.calls.some(
    (c) => c.method === 'DELETE' && c.path === `/channels/${channelId}/messages/${messageId}`,
  );
const postsIn = (channelId: string) =>
  h.fake.rest.calls.filter(
    (c) =>
      c.method === 'POST' &&
      (c.path === `/channels/${channelId}/messages` ||
        (c.path.startsWith('/webhooks/') &&
          h.fake.rest.webhooks.get(c.path.split('/')[2])?.channel_id === channelId)),
  );
/** Resolves once the bot has finished with this message (moderated, mirrored, XP): call right after sending it. */
const finished = (msg: Json) => handled(h, Events.MessageCreate, (m) => m.id === msg.id);

beforeEach(async () => {
  h.gemini.reset();
  mod.closedDms.clear();
  const res = await rules({
    spamDetection: true,
    contentFiltering: true,
    scamDetection: true,
    autoDelete: true,
    bannedWords: ['idiota', 'сука'],
    logChannelId: h.channel('mod-log').id,
  });
  expect(res.status).toBe(200);
});

describe('moderation in Discord', () => {
  it('deletes a banned word written with look-alike letters of another script, tells the member in their language, reports it and shows it in the feed', async () => {
    await setGuildPlan(h.server.services, gid(), 'free');
    const spanish = h.channel('spanish');
    const english = h.channel('english');
    const before = postsIn(english.id).length;
    // "idiota" with Cyrillic і, о and а.
    const msg = h.fake.sendMessage({
      channelId: spanish.id,
      author: h.ana.user,
      member: h.ana,
      content: 'Eres una іdіоtа, no sabes jugar nada de nada',
    });
    const done = finished(msg);
    await eventually(() => deleted(spanish.id, msg.id));
    const dm = await eventually(() => mod.dms(h.ana.user.id).at(-1));
    expect(dm).toContain('fue eliminado');
    expect(dm).toContain('una palabra prohibida');
    const report = await h.fake.waitForCall(
      (c) => c.method === 'POST' && c.path === `/channels/${h.channel('mod-log').id}/messages`,
    );
    expect(report.body?.content).toContain(`<@${h.ana.user.id}>`);
    expect(report.body?.content).toContain('banned word');
    expect(report.body?.content).toContain(`https://discord.com/channels/${gid()}/${spanish.id}`);
    await done;
    // Its mirror copy is never posted in the English channel.
    expect(postsIn(english.id).length).toBe(before);
    const [entry] = await feed();
    expect(entry).toMatchObject({
      type: 'filter',
      userId: h.ana.user.id,
      rule: 'banned word',
      language: 'es',
    });
    expect(entry.action).toBe('deleted');
    expect(entry.message.length).toBeLessThanOrEqual(120);
  });

  it('a message edited to carry a banned word is deleted with its mirror copies', async () => {
    await setGuildPlan(h.server.services, gid(), 'free');
    const spanish = h.channel('spanish');
    const msg = h.fake.sendMessage({
      channelId: spanish.id,
      author: h.ana.user,
      member: h.ana,
      content: 'Hola a todos, ¿quién juega esta noche?',
    });
    const [copy] = await recordedCopies(h, msg.id);
    expect(copy.channelId).toBe(h.channel('english').id);
    h.fake.editMessage(msg, 'Hola a todos, sois unos 1d10t4s… no, idiota tú');
    await eventually(() => deleted(spanish.id, msg.id));
    await h.fake.waitForCall((c) => c.method === 'DELETE' && c.path.endsWith(`/messages/${copy.id}`));
    expect(h.fake.rest.messages.has(copy.id)).toBe(false);
    const [entry] = await feed();
    expect(entry).toMatchObject({
      type: 'filter',
      rule: 'banned word',
      userId: h.ana.user.id,
      action: 'deleted',
    });
  });

  it('a flood earns a Discord timeout after repeated offences', async () => {
    await setGuildPlan(h.server.services, gid(), 'free');
    const general = h.channel('general');
    const dave = makeMember('dave', 'en-US');
    h.fake.memberJoin(dave);
    for (let i = 0; i < 9; i++) {
      h.fake.sendMessage({ channelId: general.id, author: dave.user, member: dave, content: `msg ${i} gg` });
    }
    const until = await eventually(() => mod.timeouts.get(`${gid()}:${dave.user.id}`));
    expect(new Date(until).getTime()).toBeGreaterThan(Date.now() + 5 * 60_000);
    const entries = await eventually(async () => {
      const rows = (await feed()).filter((e) => e.userId === dave.user.id && e.type === 'spam');
      return rows.some((r) => r.action.includes('timed out')) ? rows : null;
    });
    expect(entries[0].rule).toMatch(/flood|repeated message/);
    const dm = await eventually(() => mod.dms(dave.user.id).find((t) => t.includes('10 minutes')));
    expect(dm).toContain('After repeated warnings');
  });

  it('leaves a moderator (Manage Messages) alone', async () => {
    await setGuildPlan(h.server.services, gid(), 'free');
    const general = h.channel('general');
    const before = (await feed()).length;
    const msg = h.fake.sendMessage({
      channelId: general.id,
      author: h.chloe.user,
      member: h.chloe,
      content: 'quoting the report: "idiota" was the word',
    });
    await finished(msg);
    expect(deleted(general.id, msg.id)).toBe(false);
    expect((await feed()).length).toBe(before);
    expect(mod.dms(h.chloe.user.id)).toEqual([]);
  });

  it('asks the AI verdict in the same provider call as the translations, and acts on it', async () => {
    await setGuildPlan(h.server.services, gid(), 'plus');
    const toxic = (req: RecordedRequest) => {
      const base = pseudoTranslate(req) as { json: Record<string, unknown> };
      if (req.translation?.moderate && /worthless/.test(req.translation.text)) {
        base.json.moderation = { flagged: true, category: 'harassment', reason: 'insults a member' };
      }
      return base;
    };
    h.gemini.respondWith(toxic);
    const english = h.channel('english');
    const spanish = h.channel('spanish');
    const clean = h.fake.sendMessage({
      channelId: english.id,
      author: h.ben.user,
      member: h.ben,
      content: 'Anyone up for a ranked match tonight after dinner?',
    });
    await eventually(() => postsIn(spanish.id).some((c) => String(c.body?.content).includes('ranked match')));
    expect(h.gemini.requests).toHaveLength(1);
    expect(h.gemini.requests[0].translation?.moderate).toBe(true);
    expect(deleted(english.id, clean.id)).toBe(false);

    const bad = h.fake.sendMessage({
      channelId: english.id,
      author: h.ben.user,
      member: h.ben,
      content: 'You are worthless and everyone here hates you, just leave',
    });
    const done = finished(bad);
    await eventually(() => deleted(english.id, bad.id));
    expect(h.gemini.requests).toHaveLength(2);
    const [entry] = await feed();
    expect(entry).toMatchObject({ type: 'toxicity', rule: 'harassment', userId: h.ben.user.id });
    await done;
    expect(postsIn(spanish.id).some((c) => String(c.body?.content).includes('worthless'))).toBe(false);
  });

  it('classifies a message in a channel that is not translated with one call', async () => {
    await setGuildPlan(h.server.services, gid(), 'plus');
    const general = h.channel('general');
    const msg = h.fake.sendMessage({
      channelId: general.id,
      author: h.ana.user,
      member: h.ana,
      content: 'buenas noches a todos',
    });
    await finished(msg);
    expect(h.gemini.requests).toHaveLength(1);
    expect(h.gemini.requests[0].translation?.targets).toEqual([]);
    expect(h.gemini.requests[0].translation?.moderate).toBe(true);
  });

  it('provider down: the messages stay, the log says once that the AI layer was skipped', async () => {
    await setGuildPlan(h.server.services, gid(), 'plus');
    h.gemini.respondWith(() => ({ status: 503 }));
    const english = h.channel('english');
    // Three messages at the same moment (the bot handles them concurrently): one notice an hour.
    const sent = [
      { channel: english, member: h.ben, content: 'Is the server down again or is it just me?' },
      { channel: h.channel('spanish'), member: h.ben, content: '¿Alguien sabe cuándo empieza el evento?' },
      { channel: h.channel('general'), member: h.ben, content: 'I will be back in five minutes' },
    ].map((m) =>
      h.fake.sendMessage({
        channelId: m.channel.id,
        author: m.member.user,
        member: m.member,
        content: m.content,
      }),
    );
    const done = Promise.all(sent.map(finished));
    const skip = await eventually(async () => (await feed()).find((e) => e.type === 'notice'));
    expect(skip.message).toContain('AI moderation skipped');
    await done;
    expect(h.gemini.requests.length).toBeGreaterThanOrEqual(3);
    expect((await feed()).filter((e) => e.type === 'notice')).toHaveLength(1);
    expect(deleted(english.id, sent[0].id)).toBe(false);
  });

  it('DMs closed: the notice goes to the channel instead', async () => {
    await setGuildPlan(h.server.services, gid(), 'free');
    mod.closedDms.add(h.ana.user.id);
    const general = h.channel('general');
    h.fake.sendMessage({
      channelId: general.id,
      author: h.ana.user,
      member: h.ana,
      content: 'que сука eres',
    });
    const notice = await h.fake.waitForCall(
      (c) =>
        c.method === 'POST' &&
        c.path === `/channels/${general.id}/messages` &&
        String(c.body?.content).startsWith(`<@${h.ana.user.id}>`),
    );
    expect(notice.body?.allowed_mentions).toEqual({ users: [h.ana.user.id] });
  });

  it('without Manage Messages: the message stays, the log says so, and the missing permission is reported once', async () => {
    await setGuildPlan(h.server.services, gid(), 'free');
    const general = h.channel('general');
    h.fake.rest.fail({
      method: 'DELETE',
      path: new RegExp(`^/channels/${general.id}/messages/`),
      status: 403,
      body: { message: 'Missing Permissions', code: 50013 },
      times: 2,
    });
    for (const content of ['first: idiota', 'second: eres idiota']) {
      h.fake.sendMessage({ channelId: general.id, author: h.ben.user, member: h.ben, content });
      await eventually(async () =>
        (await feed()).find(
          (e) => e.message.includes(content.split(':')[0]) && e.action.includes('delete failed'),
        ),
      );
    }
    const permission = (await feed()).filter((e) => e.type === 'permission');
    expect(permission).toHaveLength(1);
    expect(permission[0].message).toContain('Manage Messages');
  });

  it('a scam link needs the Ultimate plan', async () => {
    const general = h.channel('general');
    await setGuildPlan(h.server.services, gid(), 'free');
    const first = h.fake.sendMessage({
      channelId: general.id,
      author: h.ana.user,
      member: h.ana,
      content: 'nitro gratis aquí https://dlscord-gift.com/claim',
    });
    await finished(first);
    expect(deleted(general.id, first.id)).toBe(false);
    await setGuildPlan(h.server.services, gid(), 'ultimate');
    const second = h.fake.sendMessage({
      channelId: general.id,
      author: h.ana.user,
      member: h.ana,
      content: 'nitro gratis aquí https://dlscord-gift.com/claim2',
    });
    await eventually(() => deleted(general.id, second.id));
    expect((await feed())[0]).toMatchObject({ type: 'scam', rule: 'look-alike domain' });
  });
});
