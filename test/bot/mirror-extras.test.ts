import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Json, RecordedCall } from '../fakes/discord';
import { pseudoTranslate, type RecordedRequest } from '../fakes/gemini';
import { type BotHarness, eventually, recordedCopies, startBotHarness } from './harness';

/**
 * Issue 16: a mirror copy carries embeds (translated), stickers (named), forwarded messages
 * (translated, with their files) and native polls (a summary linking to the original).
 */
let h: BotHarness;

/** A model that translates line by line: every line but the engine's placeholders gets "[code] ". */
const lineByLine = (code: string, text: string) =>
  text
    .split('\n')
    .map((l) => (!l.trim() || /^\{\{\d+\}\}$/.test(l.trim()) ? l : `[${code}] ${l}`))
    .join('\n');
function translateLines(req: RecordedRequest) {
  const t = req.translation;
  if (!t || req.audio.length) return pseudoTranslate(req);
  if (t.messages) {
    const items = t.messages.map((m) => ({
      id: m.id,
      source: m.source ?? 'en',
      translations: Object.fromEntries(t.targets.map((c) => [c, lineByLine(c, m.text)])),
    }));
    return { json: { items } };
  }
  const translations = Object.fromEntries(t.targets.map((c) => [c, lineByLine(c, t.text)]));
  const moderation = t.moderate ? { moderation: { flagged: false, category: 'none', reason: '' } } : {};
  return { json: { source: t.source ?? 'en', translations, ...moderation } };
}

beforeAll(async () => {
  h = await startBotHarness();
  h.gemini.respondWith(translateLines);
  await h.link('Extras', [
    ['english', 'en'],
    ['spanish', 'es'],
    ['french', 'fr'],
  ]);
  const room = await h.link('Lobby', [['general', 'en']], 'single');
  await h.server.api(`/api/channels/links/${room.id}/languages?guildId=${h.guild.id}`, {
    method: 'PUT',
    admin: true,
    body: { languages: ['es', 'de'] },
  });
});
afterAll(async () => {
  await h?.close();
});

const isExecute = (c: RecordedCall) => c.method === 'POST' && /^\/webhooks\/\d+\/[^/]+$/.test(c.path);
const postsIn = (channel: string): RecordedCall[] => {
  const id = h.channel(channel).id;
  return h.fake.calls.filter(
    (c) =>
      isExecute(c) && h.fake.rest.webhooks.get(c.path.split('/')[2])?.channel_id === id && c.status === 200,
  );
};
/** Ben sends a message in #english; resolves with the newest copy in #spanish and #french. */
async function send(content: string, extra: Json, attachments: Json[] = []) {
  const before = [postsIn('spanish').length, postsIn('french').length];
  const calls = h.gemini.requests.length;
  const msg = h.fake.sendMessage({
    channelId: h.channel('english').id,
    author: h.ben.user,
    member: h.ben,
    content,
    attachments: attachments as never,
    extra,
  });
  await eventually(() => postsIn('spanish').length > before[0] && postsIn('french').length > before[1]);
  return {
    msg,
    es: postsIn('spanish').at(-1)!,
    fr: postsIn('french').at(-1)!,
    calls: h.gemini.requests.length - calls,
  };
}

const POLL = {
  question: { text: 'Which raid next week?' },
  answers: [
    { answer_id: 1, poll_media: { text: 'The tower' } },
    { answer_id: 2, poll_media: { text: 'The swamp', emoji: { id: null, name: '🐸' } } },
  ],
  expiry: new Date(Date.now() + 86_400_000).toISOString(),
  allow_multiselect: false,
  layout_type: 1,
};

const EMBED = {
  type: 'rich',
  title: 'Raid schedule',
  description: 'Meet at the north gate',
  url: 'https://example.com/raid',
  color: 0x5865f2,
  footer: { text: 'Guild bot', icon_url: 'https://example.com/icon.png' },
  image: { url: 'https://example.com/map.png', width: 10, height: 10 },
  thumbnail: { url: 'https://example.com/thumb.png' },
  fields: [
    { name: 'Time', value: 'Nine tonight', inline: true },
    { name: 'Leader', value: 'Whoever shows up first' },
  ],
};

describe('embeds', () => {
  it('carry their title, description and fields translated in every copy, in the same provider call as the text; colours, links and images kept', async () => {
    const { es, fr, calls } = await send('Read this before tonight', {
      embeds: [EMBED, { type: 'link', url: 'https://example.com/', title: 'Example Domain' }],
    });
    expect(calls).toBe(1);
    for (const [post, code] of [
      [es, 'es'],
      [fr, 'fr'],
    ] as const) {
      expect(post.body?.content).toBe(`[${code}] Read this before tonight`);
      // The link preview is not copied (Discord makes it again from a URL in the copy).
      expect(post.body?.embeds).toHaveLength(1);
      expect(post.body?.embeds[0]).toEqual({
        title: `[${code}] Raid schedule`,
        description: `[${code}] Meet at the north gate`,
        url: 'https://example.com/raid',
        color: 0x5865f2,
        footer: { text: 'Guild bot', icon_url: 'https://example.com/icon.png' },
        image: { url: 'https://example.com/map.png' },
        thumbnail: { url: 'https://example.com/thumb.png' },
        fields: [
          { name: `[${code}] Time`, value: `[${code}] Nine tonight`, inline: true },
          { name: `[${code}] Leader`, value: `[${code}] Whoever shows up first` },
        ],
      });
    }
  });

  it('an edit of the text translates the embed again into the same copy', async () => {
    const { msg } = await send('First words', { embeds: [EMBED] });
    const copies = await recordedCopies(h, msg.id, 2);
    h.fake.editMessage(msg, 'Second words');
    const edits = () =>
      h.fake.calls.filter(
        (c) => c.method === 'PATCH' && copies.some((x) => c.path.endsWith(`/messages/${x.id}`)),
      );
    await eventually(() => edits().length >= 2);
    const es = edits().find((c) => String(c.body?.content).startsWith('[es]'))!;
    expect(es.body?.content).toBe('[es] Second words');
    expect(es.body?.embeds[0].title).toBe('[es] Raid schedule');
  });
});

describe('stickers', () => {
  it('are named in the copy', async () => {
    const { es } = await send('', {
      sticker_items: [{ id: '749054660769218631', name: 'Wave', format_type: 1 }],
    });
    expect(es.body?.content).toBe('[sticker: Wave]');
  });
});

describe('a forwarded message', () => {
  it('is translated under a Forwarded line in the channel’s language, its files re-uploaded', async () => {
    const photo = randomBytes(3000);
    const file = h.fake.attachments.add(h.channel('general').id, 'photo.jpg', photo, 'image/jpeg');
    const { es, fr } = await send('', {
      message_reference: {
        type: 1,
        message_id: '1234567890123',
        channel_id: '555555555',
        guild_id: '666666',
      },
      message_snapshots: [
        {
          message: {
            type: 0,
            content: 'The boss drops the sword\nBring potions',
            embeds: [],
            attachments: [
              {
                id: '42',
                filename: file.filename,
                size: file.size,
                url: file.url,
                proxy_url: file.url,
                content_type: 'image/jpeg',
              },
            ],
            timestamp: new Date().toISOString(),
            edited_timestamp: null,
            flags: 0,
            mentions: [],
            mention_roles: [],
          },
        },
      ],
    });
    expect(es.body?.content).toBe('-# ↪ *Reenviado*\n> [es] The boss drops the sword\n> [es] Bring potions');
    expect(fr.body?.content).toBe('-# ↪ *Transféré*\n> [fr] The boss drops the sword\n> [fr] Bring potions');
    // Not shown as a reply to anything.
    expect(es.body?.content).not.toContain('replying');
    expect(es.files.map((f) => [f.name, Buffer.compare(f.bytes, photo)])).toEqual([['photo.jpg', 0]]);
  });
});

describe('a native poll', () => {
  it('is a read-only summary, question and answers translated, pointing to the original to vote', async () => {
    const { msg, es, fr, calls } = await send('', { poll: POLL });
    expect(calls).toBe(1);
    const link = `https://discord.com/channels/${h.guild.id}/${h.channel('english').id}/${msg.id}`;
    expect(es.body?.content).toBe(
      [
        '📊 **[es] Which raid next week?**',
        '1. [es] The tower',
        '2. [es] 🐸 The swamp',
        `-# Encuesta: vota en el mensaje original: ${link}`,
      ].join('\n'),
    );
    expect(fr.body?.content).toContain(`-# Sondage : votez dans le message d'origine : ${link}`);
  });
});

describe('in a single-channel room', () => {
  it('a native poll gets one reply with its summary in each language', async () => {
    const msg = h.fake.sendMessage({
      channelId: h.channel('general').id,
      author: h.ben.user,
      member: h.ben,
      content: '',
      extra: { poll: POLL },
    });
    const reply = await h.fake.waitForCall(
      (c) =>
        c.method === 'POST' &&
        c.path === `/channels/${h.channel('general').id}/messages` &&
        c.body?.message_reference?.message_id === msg.id,
    );
    const link = `https://discord.com/channels/${h.guild.id}/${h.channel('general').id}/${msg.id}`;
    expect(reply.body?.content).toBe(
      [
        '**Spanish**',
        '📊 **[es] Which raid next week?**',
        '1. [es] The tower',
        '2. [es] 🐸 The swamp',
        `-# Encuesta: vota en el mensaje original: ${link}`,
        '**German**',
        '📊 **[de] Which raid next week?**',
        '1. [de] The tower',
        '2. [de] 🐸 The swamp',
        `-# Umfrage: Stimme in der Originalnachricht ab: ${link}`,
      ].join('\n'),
    );
  });
});
