import { Events } from 'discord.js';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawAll, rawGet, rawRun } from '../../db/client';
import type { Json } from '../fakes/discord';
import { pseudoTranslate } from '../fakes/gemini';
import {
  type BotHarness,
  eventually,
  handled,
  recordedCopies,
  startBotHarness,
  webhookPostsIn,
} from './harness';

let h: BotHarness;
beforeAll(async () => {
  h = await startBotHarness();
});
afterAll(async () => {
  await h?.close();
});

/** Webhook executions the bot made into a channel (what members of that channel read). */
const postsIn = (channel: string) => webhookPostsIn(h, channel);
const lastPostIn = (channel: string) => postsIn(channel).at(-1);
/** A small PNG the fake Discord's CDN serves. */
const MAP = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
const webhookCreations = (channel: string) =>
  h.fake.calls.filter((c) => c.method === 'POST' && c.path === `/channels/${h.channel(channel).id}/webhooks`);

/** Waits until the bot posted `n` copies in each of the channels. */
async function copiesArrive(channels: string[], n: number) {
  await eventually(() => channels.every((c) => postsIn(c).length >= n));
}

describe('mirror mode into 2 languages', () => {
  let original: Json;

  beforeAll(async () => {
    await h.link('Community', [
      ['english', 'en'],
      ['spanish', 'es'],
      ['french', 'fr'],
    ]);
  });

  it('a message in one channel appears in the others, translated, as the author, pinging nobody, with one provider call', async () => {
    const before = h.gemini.requests.length;
    original = h.fake.sendMessage({
      channelId: h.channel('english').id,
      author: h.ben.user,
      member: h.ben,
      content: 'Hello <@123456789012345678>, the raid starts at nine tonight!',
      attachments: [h.fake.attachments.add(h.channel('english').id, 'map.png', MAP, 'image/png')],
    });
    await copiesArrive(['spanish', 'french'], 1);
    expect(h.gemini.requests.length - before).toBe(1);
    expect(h.gemini.requests.at(-1)!.translation?.targets.sort()).toEqual(['es', 'fr']);
    const es = lastPostIn('spanish')!;
    expect(es.query.wait).toBe('true');
    expect(es.body).toMatchObject({
      content: '[es] Hello <@123456789012345678>, the raid starts at nine tonight!',
      username: 'ben G.',
      allowed_mentions: { parse: [] },
    });
    // The attachment re-uploaded with the copy (issue 16), not linked.
    expect(es.files.map((f) => [f.name, Buffer.compare(f.bytes, MAP)])).toEqual([['map.png', 0]]);
    expect(es.body?.avatar_url).toContain(`/avatars/${h.ben.user.id}/a1b2c3d4e5f6`);
    expect(lastPostIn('french')!.body?.content).toMatch(/^\[fr\] Hello/);
    expect(postsIn('english')).toHaveLength(0);
    const copies = await recordedCopies(h, original.id, 2);
    expect(copies.map((c) => [c.channelId, c.language, c.kind]).sort()).toEqual(
      [
        [h.channel('spanish').id, 'es', 'webhook'],
        [h.channel('french').id, 'fr', 'webhook'],
      ].sort(),
    );
  });

  it('creates one webhook per channel and reuses it for the next messages', async () => {
    h.fake.sendMessage({
      channelId: h.channel('spanish').id,
      author: h.ana.user,
      member: h.ana,
      content: 'Hola a todos, ¿quién viene esta noche?',
    });
    await copiesArrive(['english', 'french'], 1);
    h.fake.sendMessage({
      channelId: h.channel('english').id,
      author: h.ben.user,
      member: h.ben,
      content: 'Count me in for the raid',
    });
    await copiesArrive(['spanish', 'french'], 2);
    expect(lastPostIn('english')!.body?.content).toBe('[en] Hola a todos, ¿quién viene esta noche?');
    expect(webhookCreations('spanish')).toHaveLength(1);
    expect(webhookCreations('french')).toHaveLength(1);
    expect(webhookCreations('english')).toHaveLength(1);
    const stored = await rawGet(h.server.services.db, sql`select count(*) as n from channel_webhooks`);
    expect(stored).toEqual({ n: 3 });
  });

  it('an edit updates every copy with the new translation', async () => {
    const esCopy = (await rawGet(
      h.server.services.db,
      sql`select copy_message_id as id from message_copies where original_message_id = ${original.id} and language = 'es'`,
    )) as { id: string };
    h.fake.editMessage(original, 'Hello all, the raid starts at ten tonight!');
    const edit = await h.fake.waitForCall(
      (c) => c.method === 'PATCH' && c.path.endsWith(`/messages/${esCopy.id}`),
    );
    expect(edit.body).toMatchObject({
      content: '[es] Hello all, the raid starts at ten tonight!',
      allowed_mentions: { parse: [] },
    });
    await eventually(
      () => h.fake.calls.filter((c) => c.method === 'PATCH' && c.path.startsWith('/webhooks/')).length >= 2,
    );
  });

  it('a reply carries, in each channel, a jump link to that channel’s copy of the message it answers', async () => {
    const esCopyOfOriginal = (
      (await rawGet(
        h.server.services.db,
        sql`select copy_message_id as id from message_copies where original_message_id = ${original.id} and language = 'es'`,
      )) as { id: string }
    ).id;
    const frCopyOfOriginal = (
      (await rawGet(
        h.server.services.db,
        sql`select copy_message_id as id from message_copies where original_message_id = ${original.id} and language = 'fr'`,
      )) as { id: string }
    ).id;
    // Ana answers, in #spanish, the Spanish copy of Ben's message.
    const nEn = postsIn('english').length;
    const nFr = postsIn('french').length;
    h.fake.sendMessage({
      channelId: h.channel('spanish').id,
      author: h.ana.user,
      member: h.ana,
      content: '¡Allí estaré!',
      replyTo: { messageId: esCopyOfOriginal, channelId: h.channel('spanish').id },
    });
    await eventually(() => postsIn('english').length > nEn && postsIn('french').length > nFr);
    const g = h.guild.id;
    expect(lastPostIn('english')!.body?.content).toBe(
      `-# ↪ [replying to this message](https://discord.com/channels/${g}/${h.channel('english').id}/${original.id})\n[en] ¡Allí estaré!`,
    );
    expect(lastPostIn('french')!.body?.content).toContain(
      `https://discord.com/channels/${g}/${h.channel('french').id}/${frCopyOfOriginal}`,
    );
  });

  it('a thread started on a message opens on its copies, and messages in it follow into those threads', async () => {
    const esCopy = (
      (await rawGet(
        h.server.services.db,
        sql`select copy_message_id as id from message_copies where original_message_id = ${original.id} and language = 'es'`,
      )) as { id: string }
    ).id;
    h.fake.createThread(h.channel('english'), original, 'Raid planning');
    const opened = await h.fake.waitForCall(
      (c) =>
        c.method === 'POST' && c.path === `/channels/${h.channel('spanish').id}/messages/${esCopy}/threads`,
    );
    expect(opened.body?.name).toBe('Raid planning');
    await h.fake.waitForCall(
      (c) =>
        c.method === 'POST' &&
        c.path.startsWith(`/channels/${h.channel('french').id}/messages/`) &&
        c.path.endsWith('/threads'),
    );
    const n = postsIn('spanish').length;
    h.fake.sendMessage({
      channelId: original.id,
      author: h.ben.user,
      member: h.ben,
      content: 'Bring potions please',
    });
    await eventually(() => postsIn('spanish').length > n);
    const inThread = lastPostIn('spanish')!;
    expect(inThread.query.thread_id).toBe(esCopy);
    expect(inThread.body?.content).toBe('[es] Bring potions please');
  });

  it('a delete removes every copy', async () => {
    const copies = (await rawAll(
      h.server.services.db,
      sql`select copy_message_id as id from message_copies where original_message_id = ${original.id}`,
    )) as { id: string }[];
    expect(copies).toHaveLength(2);
    h.fake.deleteMessage(original);
    for (const c of copies) {
      await h.fake.waitForCall((call) => call.method === 'DELETE' && call.path.endsWith(`/messages/${c.id}`));
      expect(h.fake.rest.messages.has(c.id)).toBe(false);
    }
    const left = await rawGet(
      h.server.services.db,
      sql`select count(*) as n from message_copies where original_message_id = ${original.id}`,
    );
    expect(left).toEqual({ n: 0 });
  });

  it('messages from bots and from webhooks are never translated (no loops), nor messages with the skip prefix', async () => {
    const geminiBefore = h.gemini.requests.length;
    const postsBefore = postsIn('spanish').length;
    const done = Promise.all(
      ['I am a bot', 'I am a webhook', '!do not translate this', 'This one is translated'].map((t) =>
        handled(h, Events.MessageCreate, (m) => m.content === t),
      ),
    );
    h.fake.sendMessage({
      channelId: h.channel('english').id,
      author: { id: '555000000000000001', username: 'OtherBot', bot: true },
      content: 'I am a bot',
    });
    h.fake.sendMessage({
      channelId: h.channel('english').id,
      author: { id: '555000000000000002', username: 'Some Hook', bot: true },
      webhookId: '555000000000000002',
      content: 'I am a webhook',
    });
    h.fake.sendMessage({
      channelId: h.channel('english').id,
      author: h.ben.user,
      member: h.ben,
      content: '!do not translate this',
    });
    // And a member's message after them, which is translated.
    h.fake.sendMessage({
      channelId: h.channel('english').id,
      author: h.ben.user,
      member: h.ben,
      content: 'This one is translated',
    });
    await done; // all four handled: whatever each was going to post is posted
    expect(
      postsIn('spanish')
        .slice(postsBefore)
        .map((c) => c.body?.content),
    ).toEqual(['[es] This one is translated']);
    expect(h.gemini.requests.length - geminiBefore).toBe(1);
  });

  it('a missing permission (403) is reported to the admins in the moderation log and the log channel; other channels still get the copy', async () => {
    const logChannel = h.channel('mod-log');
    const rules = await h.server.api(`/api/moderation/rules?guildId=${h.guild.id}`, {
      method: 'PATCH',
      admin: true,
      body: { logChannelId: logChannel.id },
    });
    expect(rules.status).toBe(200);
    const french = h.fake.rest.webhooks;
    // The bot's webhook in #french was deleted by someone, and the bot may no longer create one.
    for (const [id, w] of french) if (w.channel_id === h.channel('french').id) french.delete(id);
    h.fake.rest.fail({
      method: 'POST',
      path: new RegExp(`^/channels/${h.channel('french').id}/webhooks$`),
      status: 403,
      body: { message: 'Missing Permissions', code: 50013 },
    });
    const nEs = postsIn('spanish').length;
    h.fake.sendMessage({
      channelId: h.channel('english').id,
      author: h.ben.user,
      member: h.ben,
      content: 'Is anyone there?',
    });
    await eventually(() => postsIn('spanish').length > nEs);
    const notice = await h.fake.waitForCall(
      (c) => c.method === 'POST' && c.path === `/channels/${logChannel.id}/messages`,
    );
    expect(notice.body?.content).toContain(
      `I could not create webhook in <#${h.channel('french').id}>: Missing Permissions`,
    );
    expect(notice.body?.content).toContain('Manage Webhooks');
    const logs = await h.server.api(`/api/moderation/logs?guildId=${h.guild.id}`, { admin: true });
    expect(logs.json[0]).toMatchObject({ type: 'permission', action: 'reported' });
    expect(logs.json[0].message).toContain('Manage Webhooks');
    h.fake.rest.clearFailures();
  });
});

describe('mirror mode into 4 languages', () => {
  it('one message reaches four channels, each in its language, with one provider call', async () => {
    const links = await h.server.api(`/api/channels/links?guildId=${h.guild.id}`, { admin: true });
    for (const l of links.json)
      await h.server.api(`/api/channels/links/${l.id}?guildId=${h.guild.id}`, {
        method: 'DELETE',
        admin: true,
      });
    await h.link('Everyone', [
      ['english', 'en'],
      ['spanish', 'es'],
      ['french', 'fr'],
      ['german', 'de'],
      ['japanese', 'ja'],
    ]);
    const before = h.gemini.requests.length;
    const counts = Object.fromEntries(
      ['spanish', 'french', 'german', 'japanese'].map((c) => [c, postsIn(c).length]),
    );
    h.fake.sendMessage({
      channelId: h.channel('english').id,
      author: h.ben.user,
      member: h.ben,
      content: 'Welcome to the new members!',
    });
    await eventually(() => Object.entries(counts).every(([c, n]) => postsIn(c).length > n));
    expect(h.gemini.requests.length - before).toBe(1);
    expect(h.gemini.requests.at(-1)!.translation?.targets.sort()).toEqual(['de', 'es', 'fr', 'ja']);
    for (const [c, lang] of [
      ['spanish', 'es'],
      ['french', 'fr'],
      ['german', 'de'],
      ['japanese', 'ja'],
    ]) {
      expect(lastPostIn(c)!.body?.content).toBe(`[${lang}] Welcome to the new members!`);
    }
  });
});

describe('mirror mode recovers and follows', () => {
  it('messages written one after another are mirrored in that order, even when the first takes longer to translate', async () => {
    h.gemini.respondWith((req) => {
      const reply = pseudoTranslate(req);
      return req.translation?.text.includes('Who brings the map?') ? { ...reply, delayMs: 700 } : reply;
    });
    try {
      const n = postsIn('german').length;
      const say = (content: string) =>
        h.fake.sendMessage({
          channelId: h.channel('english').id,
          author: h.ben.user,
          member: h.ben,
          content,
        });
      say('Who brings the map?');
      // The second goes in a translation request of its own, answered at once.
      await eventually(() =>
        h.gemini.requests.some((r) => r.translation?.text.includes('Who brings the map?')),
      );
      say('I will.');
      say('Thanks!');
      await eventually(() =>
        ['spanish', 'french', 'german', 'japanese'].every((c) =>
          postsIn(c).some((p) => p.body?.content?.toString().endsWith(' Thanks!')),
        ),
      );
      expect(
        postsIn('german')
          .slice(n)
          .map((c) => c.body?.content),
      ).toEqual(['[de] Who brings the map?', '[de] I will.', '[de] Thanks!']);
    } finally {
      h.gemini.respondWith(pseudoTranslate);
    }
  });

  it('a webhook deleted by someone on Discord is replaced, and the message still arrives', async () => {
    const spanish = h.channel('spanish').id;
    for (const [id, w] of h.fake.rest.webhooks) if (w.channel_id === spanish) h.fake.rest.webhooks.delete(id);
    const created = webhookCreations('spanish').length;
    const n = postsIn('spanish').length;
    h.fake.sendMessage({
      channelId: h.channel('english').id,
      author: h.ben.user,
      member: h.ben,
      content: 'Still here after the cleanup',
    });
    await eventually(() => postsIn('spanish').length > n);
    expect(lastPostIn('spanish')!.body?.content).toBe('[es] Still here after the cleanup');
    expect(webhookCreations('spanish').length).toBe(created + 1);
  });

  it('a thread opened without a starter message opens as a new thread in the other channels', async () => {
    const thread = h.fake.createThread(h.channel('english'), null, 'Off-topic');
    const opened = await h.fake.waitForCall(
      (c) =>
        c.method === 'POST' && c.path === `/channels/${h.channel('german').id}/threads` && c.status === 201,
    );
    expect(opened.body).toMatchObject({ name: 'Off-topic', type: 11 });
    const germanThreadId = await eventually(
      async () =>
        (
          (await rawGet(
            h.server.services.db,
            sql`select copy_message_id as id from message_copies where original_message_id = ${thread.id} and copy_channel_id = ${h.channel('german').id}`,
          )) as { id: string } | undefined
        )?.id,
    );
    const n = postsIn('german').length;
    h.fake.sendMessage({
      channelId: thread.id,
      author: h.ben.user,
      member: h.ben,
      content: 'Anyone watching the match?',
    });
    await eventually(() => postsIn('german').length > n);
    expect(lastPostIn('german')!.query.thread_id).toBe(germanThreadId);
    expect(lastPostIn('german')!.body?.content).toBe('[de] Anyone watching the match?');
  });
});

describe('webhooks survive a database reset', () => {
  it('a webhook of the bot already in the channel is reused instead of creating another', async () => {
    await rawRun(h.server.services.db, sql`delete from channel_webhooks`);
    const created = webhookCreations('spanish').length;
    h.fake.sendMessage({
      channelId: h.channel('english').id,
      author: h.ben.user,
      member: h.ben,
      content: 'After the reset',
    });
    await eventually(() => postsIn('spanish').some((c) => c.body?.content === '[es] After the reset'));
    expect(webhookCreations('spanish').length).toBe(created);
    expect(
      h.fake.calls.some(
        (c) => c.method === 'GET' && c.path === `/channels/${h.channel('spanish').id}/webhooks`,
      ),
    ).toBe(true);
    // Every language channel's webhook is found again and stored (the other copies may still be posting).
    await eventually(
      async () =>
        (
          (await rawGet(h.server.services.db, sql`select count(*) as n from channel_webhooks`)) as {
            n: number;
          }
        ).n >= 4,
    );
  });
});
