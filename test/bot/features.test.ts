import { sql } from 'drizzle-orm';
import { Events } from 'discord.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBot } from '../../bot/client';
import { rawGet } from '../../db/client';
import type { FakeMember, RecordedCall } from '../fakes/discord';
import { setGuildPlan } from '../helpers/guilds';
import { tableCounts } from '../helpers/server';
import { seedUsage } from '../translation/helpers';
import { type BotHarness, eventually, handled, makeMember, recordedCopies, startBotHarness } from './harness';

let h: BotHarness;
beforeAll(async () => {
  h = await startBotHarness();
});
afterAll(async () => {
  await h?.close();
});

const botMessagesIn = (channel: string): RecordedCall[] =>
  h.fake.calls.filter(
    (c) =>
      c.method === 'POST' && c.path === `/channels/${h.channel(channel).id}/messages` && c.status === 200,
  );

describe('flag reactions', () => {
  it('a flag adds a reply translated into its language; a second flag of the same language adds nothing; removing it retracts the reply', async () => {
    const msg = h.fake.sendMessage({
      channelId: h.channel('general').id,
      author: h.ben.user,
      member: h.ben,
      content: 'Where is the meeting?',
    });
    const n = botMessagesIn('general').length;
    h.fake.react(msg, h.ana.user, '🇪🇸');
    await eventually(() => botMessagesIn('general').length > n);
    const reply = botMessagesIn('general').at(-1)!;
    expect(reply.body).toMatchObject({
      content: '🇪🇸 **Spanish**: [es] Where is the meeting?',
      message_reference: { message_id: msg.id },
      allowed_mentions: { parse: [], replied_user: false },
    });
    // 🇲🇽 is Spanish too: the translation is already there.
    const chloeDone = Promise.all(
      ['🇲🇽', '👍', '🇫🇷'].map((e) =>
        handled(
          h,
          Events.MessageReactionAdd,
          (r, u) => r.message.id === msg.id && u.id === h.chloe.user.id && r.emoji.name === e,
        ),
      ),
    );
    h.fake.react(msg, h.chloe.user, '🇲🇽');
    h.fake.react(msg, h.chloe.user, '👍');
    h.fake.react(msg, h.chloe.user, '🇫🇷');
    await chloeDone;
    expect(
      botMessagesIn('general')
        .slice(n)
        .map((c) => c.body?.content),
    ).toEqual(['🇪🇸 **Spanish**: [es] Where is the meeting?', '🇫🇷 **French**: [fr] Where is the meeting?']);
    const replyId = (await recordedCopies(h, msg.id, 2)).find((c) => c.language === 'es')!.id;
    h.fake.react(msg, h.ana.user, '🇪🇸', false);
    await h.fake.waitForCall(
      (c) => c.method === 'DELETE' && c.path === `/channels/${h.channel('general').id}/messages/${replyId}`,
    );
    expect(h.fake.rest.messages.has(replyId)).toBe(false);
  });
});

describe('flags at the same moment', () => {
  it('two members adding a flag of one language at once get one reply; another language still gets its own', async () => {
    const msg = h.fake.sendMessage({
      channelId: h.channel('general').id,
      author: h.ben.user,
      member: h.ben,
      content: 'The raid starts at nine',
    });
    const n = botMessagesIn('general').length;
    // Every flag handled: whatever reply each was going to post is posted.
    const flagged = (member: FakeMember) =>
      handled(
        h,
        Events.MessageReactionAdd,
        (r, user) => r.message.id === msg.id && user.id === member.user.id,
      );
    const done = Promise.all([flagged(h.ana), flagged(h.chloe), flagged(h.ben)]);
    h.fake.react(msg, h.ana.user, '🇪🇸');
    h.fake.react(msg, h.chloe.user, '🇲🇽');
    h.fake.react(msg, h.ben.user, '🇫🇷');
    await done;
    await recordedCopies(h, msg.id, 2);
    // Whichever Spanish flag Discord delivered first is the one on the reply.
    const replies = botMessagesIn('general')
      .slice(n)
      .map((c) => String(c.body?.content).replace('🇲🇽', '🇪🇸'))
      .sort();
    expect(replies).toEqual([
      '🇪🇸 **Spanish**: [es] The raid starts at nine',
      '🇫🇷 **French**: [fr] The raid starts at nine',
    ]);
  });
});

describe('single-channel mode', () => {
  it('is configured over the API, with bad languages refused and nothing written', async () => {
    const link = await h.link('Lobby', [['general', 'en']], 'single');
    const before = await tableCounts(h.server.services);
    const bad = await h.server.api(`/api/channels/links/${link.id}/languages?guildId=${h.guild.id}`, {
      method: 'PUT',
      admin: true,
      body: { languages: ['es', 'xx'] },
    });
    expect(bad.status).toBe(400);
    expect(bad.json.error).toContain('languages.1: unknown language code xx');
    const empty = await h.server.api(`/api/channels/links/${link.id}/languages?guildId=${h.guild.id}`, {
      method: 'PUT',
      admin: true,
      body: { languages: [] },
    });
    expect(empty.status).toBe(400);
    expect(empty.json.error).toMatch(/^languages:/);
    expect(await tableCounts(h.server.services)).toEqual(before);
    const ok = await h.server.api(`/api/channels/links/${link.id}/languages?guildId=${h.guild.id}`, {
      method: 'PUT',
      admin: true,
      body: { languages: ['es', 'de', 'ja'] },
    });
    expect(ok.status).toBe(200);
    expect(ok.json).toMatchObject({
      id: link.id,
      channelId: h.channel('general').id,
      languages: ['es', 'de', 'ja'],
    });
    const read = await h.server.api(`/api/channels/links/${link.id}/languages?guildId=${h.guild.id}`, {
      admin: true,
    });
    expect(read.json.languages).toEqual(['es', 'de', 'ja']);
  });

  it('every member message gets one reply with all its translations, from one provider call', async () => {
    const before = h.gemini.requests.length;
    const n = botMessagesIn('general').length;
    const done = handled(h, Events.MessageCreate, (m) => m.content === 'The server event starts soon');
    const msg = h.fake.sendMessage({
      channelId: h.channel('general').id,
      author: h.ben.user,
      member: h.ben,
      content: 'The server event starts soon',
    });
    await done; // the message handled: every call and reply it was going to make are made
    expect(botMessagesIn('general').length).toBe(n + 1);
    expect(h.gemini.requests.length - before).toBe(1);
    expect(botMessagesIn('general').at(-1)!.body).toMatchObject({
      content:
        '**Spanish**: [es] The server event starts soon\n**German**: [de] The server event starts soon\n**Japanese**: [ja] The server event starts soon',
      message_reference: { message_id: msg.id },
      allowed_mentions: { parse: [], replied_user: false },
    });
  });

  it('editing the message updates the reply; deleting it removes the reply', async () => {
    const n = botMessagesIn('general').length;
    const msg = h.fake.sendMessage({
      channelId: h.channel('general').id,
      author: h.ben.user,
      member: h.ben,
      content: 'See you at eight',
    });
    await eventually(() => botMessagesIn('general').length > n);
    const replyId = (await recordedCopies(h, msg.id)).find((c) => c.kind === 'reply')!.id;
    h.fake.editMessage(msg, 'See you at nine');
    const edit = await h.fake.waitForCall(
      (c) => c.method === 'PATCH' && c.path === `/channels/${h.channel('general').id}/messages/${replyId}`,
    );
    expect(edit.body?.content).toBe(
      '**Spanish**: [es] See you at nine\n**German**: [de] See you at nine\n**Japanese**: [ja] See you at nine',
    );
    h.fake.deleteMessage(msg);
    await h.fake.waitForCall(
      (c) => c.method === 'DELETE' && c.path === `/channels/${h.channel('general').id}/messages/${replyId}`,
    );
    expect(h.fake.rest.messages.has(replyId)).toBe(false);
  });

  it('a message starting with the skip prefix is left alone', async () => {
    const before = h.gemini.requests.length;
    const n = botMessagesIn('general').length;
    const done = Promise.all(
      ['!roll 2d6', 'Good luck'].map((t) => handled(h, Events.MessageCreate, (m) => m.content === t)),
    );
    h.fake.sendMessage({
      channelId: h.channel('general').id,
      author: h.ben.user,
      member: h.ben,
      content: '!roll 2d6',
    });
    h.fake.sendMessage({
      channelId: h.channel('general').id,
      author: h.ben.user,
      member: h.ben,
      content: 'Good luck',
    });
    await done;
    expect(
      botMessagesIn('general')
        .slice(n)
        .map((c) => c.body?.content.split('\n')[0]),
    ).toEqual(['**Spanish**: [es] Good luck']);
    expect(h.gemini.requests.length - before).toBe(1);
  });
});

describe('announcements', () => {
  // Smart announcements are a Plus capability; the other tests here run on Free.
  beforeAll(async () => await setGuildPlan(h.server.services, h.guild.id, 'plus'));
  afterAll(async () => await setGuildPlan(h.server.services, h.guild.id, 'free'));

  it('Post Now posts the original and each translation to its channel; one failing channel makes it failed with the reason; a retry finishes it', async () => {
    const created = await h.server.api(`/api/announcements?guildId=${h.guild.id}`, {
      method: 'POST',
      admin: true,
      body: {
        createdBy: 'admin',
        originalText: 'Maintenance tonight at 22:00 UTC.',
        originalLanguage: 'en',
        targetChannels: [
          { language: 'es', channelId: h.channel('news-es').id },
          { language: 'de', channelId: h.channel('german').id },
          { language: 'fr', channelId: h.channel('news-fr').id },
        ],
      },
    });
    expect(created.status).toBe(201);
    const id = created.json.id;
    h.fake.rest.fail({
      method: 'POST',
      path: new RegExp(`^/channels/${h.channel('news-fr').id}/messages$`),
      status: 403,
      body: { message: 'Missing Permissions', code: 50013 },
      times: 1,
    });
    const post = await h.server.api(`/api/announcements/${id}/post?guildId=${h.guild.id}`, {
      method: 'POST',
      admin: true,
    });
    expect(post.status).toBe(200);
    const list = async () =>
      (await h.server.api(`/api/announcements?guildId=${h.guild.id}`, { admin: true })).json.find(
        (a: { id: number }) => a.id === id,
      );
    const failed = await eventually(async () => {
      const a = await list();
      return a.status === 'failed' ? a : null;
    });
    const withOriginal = (t: string) => `${t}\n\n-# Original (English):\n> Maintenance tonight at 22:00 UTC.`;
    expect(botMessagesIn('news-es').at(-1)!.body).toMatchObject({
      content: withOriginal('[es] Maintenance tonight at 22:00 UTC.'),
      allowed_mentions: { parse: [] },
    });
    expect(botMessagesIn('german').at(-1)!.body?.content).toBe(
      withOriginal('[de] Maintenance tonight at 22:00 UTC.'),
    );
    expect(failed.postResults).toEqual([
      expect.objectContaining({ channelId: h.channel('news-es').id, ok: true }),
      expect.objectContaining({ channelId: h.channel('german').id, ok: true }),
      {
        channelId: h.channel('news-fr').id,
        language: 'fr',
        ok: false,
        error: 'Missing Permissions (Discord 403)',
      },
    ]);
    expect(failed.postedAt).toBeNull();
    // The admin fixes the permission and presses Post Now again: only the French channel is posted.
    const nEs = botMessagesIn('news-es').length;
    await h.server.api(`/api/announcements/${id}/post?guildId=${h.guild.id}`, {
      method: 'POST',
      admin: true,
    });
    const posted = await eventually(async () => {
      const a = await list();
      return a.status === 'posted' ? a : null;
    });
    expect(posted.postResults.every((r: { ok: boolean }) => r.ok)).toBe(true);
    expect(posted.postedAt).not.toBeNull();
    expect(botMessagesIn('news-fr').at(-1)!.body?.content).toBe(
      withOriginal('[fr] Maintenance tonight at 22:00 UTC.'),
    );
    expect(botMessagesIn('news-es').length).toBe(nEs);
  });
});

describe('announcements while the bot is offline', () => {
  beforeAll(async () => await setGuildPlan(h.server.services, h.guild.id, 'plus'));
  afterAll(async () => await setGuildPlan(h.server.services, h.guild.id, 'free'));

  it('Post Now pressed while the bot is down is delivered when it connects', async () => {
    await h.bot.stop();
    const created = await h.server.api(`/api/announcements?guildId=${h.guild.id}`, {
      method: 'POST',
      admin: true,
      body: {
        createdBy: 'admin',
        originalText: 'Server restart done.',
        originalLanguage: 'en',
        targetChannels: [{ language: 'es', channelId: h.channel('news-es').id }],
      },
    });
    const post = await h.server.api(`/api/announcements/${created.json.id}/post?guildId=${h.guild.id}`, {
      method: 'POST',
      admin: true,
    });
    expect(post.json.status).toBe('draft');
    const n = botMessagesIn('news-es').length;
    const bot = await startBot(h.server.services, { retries: 0 });
    h.bot = bot!;
    await bot!.ready;
    await eventually(async () => {
      const list = (await h.server.api(`/api/announcements?guildId=${h.guild.id}`, { admin: true })).json;
      return list.find(
        (a: { id: number; status: string }) => a.id === created.json.id && a.status === 'posted',
      );
    });
    expect(
      botMessagesIn('news-es')
        .slice(n)
        .map((c) => c.body?.content),
    ).toEqual(['[es] Server restart done.\n\n-# Original (English):\n> Server restart done.']);
  });
});

describe('per-member limit', () => {
  it('past the hourly limit, Translate Message tells the member in plain words when to try again', async () => {
    const patch = await h.server.api(`/api/translation/settings?guildId=${h.guild.id}`, {
      method: 'PATCH',
      admin: true,
      body: { rateLimitPerUser: 10 },
    });
    expect(patch.status).toBe(200);
    const dan = makeMember('dan', 'de');
    const target = h.fake.sendMessage({
      channelId: h.channel('english').id,
      author: h.ben.user,
      member: h.ben,
      content: 'Read me',
    });
    const answers: string[] = [];
    for (let i = 0; i < 11; i++) {
      const msg = { ...target, id: `${target.id.slice(0, -2)}${String(10 + i)}`, content: `Read me ${i}` };
      const interaction = h.fake.contextMenu('Translate Message', msg, {
        member: dan,
        channel: h.channel('english'),
      });
      answers.push((await h.fake.interactionAnswer(interaction)).content);
    }
    expect(answers[9]).toBe(
      '**English → German**\n[de] Read me 9\n-# Choose your language with /setlanguage.',
    );
    expect(answers[10]).toMatch(
      /^You have reached this server's limit of 10 translations per hour\. Please try again in \d+ minutes\.$/,
    );
    await h.server.api(`/api/translation/settings?guildId=${h.guild.id}`, {
      method: 'PATCH',
      admin: true,
      body: { rateLimitPerUser: 50 },
    });
  });
});

describe('usage', () => {
  const spendTranslations = (n: number) => seedUsage(h.server.services.db, h.guild.id, n, new Date());
  const used = async () =>
    (
      (await rawGet(
        h.server.services.db,
        sql`select count(*) as n from translation_logs where guild_id = ${h.guild.id} and outcome = 'ok'`,
      )) as { n: number }
    ).n;

  it('tells the admins once at 75%, and at 100% pauses translation; the context menu explains why and how to upgrade', async () => {
    await h.server.api(`/api/moderation/rules?guildId=${h.guild.id}`, {
      method: 'PATCH',
      admin: true,
      body: { logChannelId: h.channel('mod-log').id },
    });
    // Earlier this month the server used translations up to just below 75% of the Free plan's 1,000.
    await spendTranslations(749 - (await used()));
    const notices = () => botMessagesIn('mod-log');
    h.fake.sendMessage({
      channelId: h.channel('general').id,
      author: h.chloe.user,
      member: h.chloe,
      content: 'Usage crossing message',
    });
    const first = await eventually(() => notices()[0]);
    expect(first.body?.content).toContain('(75%)');
    expect(first.body?.content).toContain(`${h.server.url}/pricing`);
    // A notice is a usage:threshold job the server queues while translating the message.
    const thresholdJobs = async () =>
      Number(
        (
          (await rawGet(
            h.server.services.db,
            sql`select count(*) as n from queue_jobs where kind = 'usage:threshold' and guild_id = ${h.guild.id}`,
          )) as { n: number | string }
        ).n,
      );
    const jobs = await thresholdJobs();
    const more = h.fake.sendMessage({
      channelId: h.channel('general').id,
      author: h.chloe.user,
      member: h.chloe,
      content: 'One more message',
    });
    await handled(h, Events.MessageCreate, (m) => m.id === more.id);
    expect(h.gemini.requests.some((r) => r.translation?.text === 'One more message')).toBe(true);
    // Translated and counted, and no second notice queued (so none will be posted).
    expect(await thresholdJobs()).toBe(jobs);
    expect(notices()).toHaveLength(1);

    await spendTranslations(997 - (await used()));
    const n = botMessagesIn('general').length;
    h.fake.sendMessage({
      channelId: h.channel('general').id,
      author: h.chloe.user,
      member: h.chloe,
      content: 'The last translated message',
    });
    await eventually(() => botMessagesIn('general').length > n);
    const paused = await eventually(() =>
      notices().find((c) => c.body?.content.includes('Translation is paused')),
    );
    expect(paused.body?.content).toContain('1,000 translations');
    // The 90% and 100% notices are separate queue jobs: either may be posted first.
    await eventually(() => notices().some((c) => c.body?.content.includes('(90%)')));
    expect(notices().filter((c) => c.body?.content.includes('(90%)'))).toHaveLength(1);

    // A message in the single-channel link while paused: not translated, marked ⏸️ so members see why.
    const pausedMsg = h.fake.sendMessage({
      channelId: h.channel('general').id,
      author: h.chloe.user,
      member: h.chloe,
      content: 'Is this translated?',
    });
    await h.fake.waitForCall(
      (c) =>
        c.method === 'PUT' &&
        c.path === `/channels/${h.channel('general').id}/messages/${pausedMsg.id}/reactions/⏸️/@me`,
    );

    const geminiBefore = h.gemini.requests.length;
    const i = h.fake.contextMenu(
      'Translate Message',
      h.fake.sendMessage({
        channelId: h.channel('english').id,
        author: h.ben.user,
        member: h.ben,
        content: 'Can you read this?',
      }),
      { member: h.ana, channel: h.channel('english') },
    );
    const answer = await h.fake.interactionAnswer(i);
    expect(answer.content).toContain('Translation is paused: this server has used all 1,000 translations');
    expect(answer.content).toContain(`${h.server.url}/pricing`);
    expect(h.gemini.requests.length).toBe(geminiBefore);
  });
});
