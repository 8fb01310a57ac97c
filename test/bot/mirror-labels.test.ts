import { Events } from 'discord.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as MIRROR_PHRASES from '../../src/common/channels/phrases';
import { untranslatedMark } from '../../src/server/translation/phrases';
import type { Json } from '../fakes/discord';
import { snowflake } from '../fakes/discord/payloads';
import { setGuildPlan } from '../helpers/guilds';
import { type BotHarness, eventually, handled, startBotHarness, webhookPostsIn } from './harness';

/**
 * The mirror's own lines in every language (issue 27) and members who turned translation off
 * (issue 28). "Forwarded", a poll's "vote in the original message" and the untranslated mark are
 * product text: Spanish comes from the phrase table, Swahili from the provider through the speaker,
 * the mirror's phrases asked together once and never again. Chloé turns translation off: her
 * messages are copied as she wrote them with the mark in each channel's language, never sent to the
 * provider; in a translation room she gets no reply. With the provider down, a language nobody asked
 * yet (Yoruba) reads the mark in English with the speaker's line saying so, and the copy is posted.
 */

let h: BotHarness;
beforeAll(async () => {
  h = await startBotHarness({
    overrides: { translatorOptions: { attempts: 1 } },
    prepare: (g) => {
      for (const name of ['swahili', 'yoruba'])
        g.channels.push({ id: snowflake(), name, type: 0, position: g.channels.length });
    },
  });
  // Plus: two links and a room.
  await setGuildPlan(h.server.services, h.guild.id, 'plus');
  await h.link('Guild chat', [
    ['english', 'en'],
    ['spanish', 'es'],
    ['swahili', 'sw'],
  ]);
  await h.link('Raid chat', [
    ['german', 'en'],
    ['yoruba', 'yo'],
  ]);
  const room = await h.link('Lobby', [['general', 'en']], 'single');
  await h.server.api(`/api/channels/links/${room.id}/languages?guildId=${h.guild.id}`, {
    method: 'PUT',
    admin: true,
    body: { languages: ['es', 'sw'] },
  });
});
afterAll(async () => {
  await h?.close();
});

const postsIn = (channel: string) => webhookPostsIn(h, channel);

/** Every text the provider was asked to put into `code`, by call: a batch's texts, or one text. */
const asked = (code: string, from = 0) =>
  h.gemini.requests.slice(from).flatMap((r) => {
    const t = r.translation;
    if (!t?.targets.includes(code)) return [];
    return [t.messages ? t.messages.map((m) => m.text) : [t.text]];
  });
/** The mirror's phrases as the provider sees them (a slot travels as inline code, which the engine sends as a placeholder). */
const phraseTexts = Object.values(MIRROR_PHRASES)
  .map((p) => {
    let n = 0;
    return p.en.replace(/\{(\w+)\}/g, () => `{{${n++}}}`);
  })
  .sort();

/** `member` writes in `channel`; resolves with the newest copy in each of `into` once all arrived. */
async function write(member: typeof h.ben, channel: string, content: string, extra: Json, into: string[]) {
  const before = into.map((c) => postsIn(c).length);
  const msg = h.fake.sendMessage({
    channelId: h.channel(channel).id,
    author: member.user,
    member,
    content,
    extra,
  });
  await eventually(() => into.every((c, i) => postsIn(c).length > before[i]!));
  return { msg, copies: into.map((c) => postsIn(c).at(-1)!.body?.content as string) };
}

const FORWARD = {
  message_reference: { type: 1, message_id: '1234567890123', channel_id: '555555555', guild_id: '666666' },
  message_snapshots: [
    {
      message: {
        type: 0,
        content: 'The boss drops the sword',
        embeds: [],
        attachments: [],
        timestamp: new Date().toISOString(),
        edited_timestamp: null,
        flags: 0,
        mentions: [],
        mention_roles: [],
      },
    },
  ],
};
const POLL = {
  question: { text: 'Which raid next week?' },
  answers: [
    { answer_id: 1, poll_media: { text: 'The tower' } },
    { answer_id: 2, poll_media: { text: 'The swamp' } },
  ],
  expiry: new Date(Date.now() + 86_400_000).toISOString(),
  allow_multiselect: false,
  layout_type: 1,
};

describe("the mirror's own lines in every channel's language", () => {
  it('a forward: "Forwarded" from the table in Spanish, from the provider in Swahili, the mirror\'s phrases asked in one call', async () => {
    const from = h.gemini.requests.length;
    const { copies } = await write(h.ben, 'english', '', FORWARD, ['spanish', 'swahili']);
    expect(copies[0]).toBe('-# ↪ *Reenviado*\n> [es] The boss drops the sword');
    expect(copies[1]).toBe('-# ↪ *[sw] Forwarded*\n> [sw] The boss drops the sword');
    // Two calls: the message (both languages), and the mirror's three phrases into Swahili together.
    expect(h.gemini.requests.length - from).toBe(2);
    const batches = asked('sw', from).filter((texts) => texts.length > 1 || phraseTexts.includes(texts[0]!));
    expect(JSON.stringify(batches.map((b) => [...b].sort()))).toBe(JSON.stringify([phraseTexts]));
    // Spanish has the phrases in the table: never asked.
    expect(
      asked('es', from)
        .flat()
        .filter((t) => phraseTexts.includes(t)),
    ).toEqual([]);
  });

  it('a poll: "vote in the original message" in Swahili with the link filled in, no phrase asked again', async () => {
    const from = h.gemini.requests.length;
    const { msg, copies } = await write(h.ben, 'english', '', { poll: POLL }, ['spanish', 'swahili']);
    const link = `https://discord.com/channels/${h.guild.id}/${h.channel('english').id}/${msg.id}`;
    expect(copies[1]!.split('\n').at(-1)).toBe(`-# [sw] Poll: vote in the original message: ${link}`);
    expect(copies[0]!.split('\n').at(-1)).toBe(`-# Encuesta: vota en el mensaje original: ${link}`);
    // Only the poll's own translation.
    expect(h.gemini.requests.length - from).toBe(1);
  });

  it('in a translation room, a poll reply carries the Swahili line too, from what was kept', async () => {
    const from = h.gemini.requests.length;
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
    expect(reply.body?.content).toContain(`**Swahili**\n📊 **[sw] Which raid next week?**`);
    expect(reply.body?.content).toContain(`-# [sw] Poll: vote in the original message: ${link}`);
    expect(reply.body?.content).toContain(`-# Encuesta: vota en el mensaje original: ${link}`);
    // At most the poll's own translation (the engine's cache may hold it): no phrase asked again.
    expect(
      asked('sw', from)
        .flat()
        .filter((t) => phraseTexts.includes(t)),
    ).toEqual([]);
    expect(h.gemini.requests.length - from).toBeLessThanOrEqual(1);
  });
});

describe('/translate-me off: copied as written, with a mark', () => {
  const optOut = async () => {
    const answer = await h.fake.interactionAnswer(
      h.fake.slash('translate-me', [{ name: 'mode', type: 3, value: 'off' }], {
        member: h.chloe,
        channel: h.channel('english'),
      }),
    );
    expect(answer.content).toContain('tels que tu les as écrits, marqués comme non traduits');
  };

  it('her message reaches each channel as she wrote it, the mark in its language, and the provider never sees it', async () => {
    await optOut();
    const from = h.gemini.requests.length;
    const { msg, copies } = await write(h.chloe, 'english', 'Je garde mes mots tels quels', {}, [
      'spanish',
      'swahili',
    ]);
    expect(copies[0]).toBe(
      'Je garde mes mots tels quels\n-# 🔕 *Sin traducir: el autor eligió no traducir sus mensajes*',
    );
    expect(copies[1]).toBe(
      'Je garde mes mots tels quels\n-# 🔕 *[sw] Not translated: the author chose to keep their messages untranslated*',
    );
    // Nothing asked: not her words, and the Swahili mark was kept from the first batch.
    expect(h.gemini.requests.length).toBe(from);

    // Her edit follows as written, still without the provider.
    h.fake.editMessage(msg, 'Je garde mes mots, vraiment');
    const edits = await eventually(() => {
      const found = h.fake.calls.filter(
        (c) => c.method === 'PATCH' && String(c.body?.content).startsWith('Je garde mes mots, vraiment'),
      );
      return found.length >= 2 ? found : null;
    });
    expect(edits.map((c) => c.body?.content).sort()).toEqual([
      'Je garde mes mots, vraiment\n-# 🔕 *Sin traducir: el autor eligió no traducir sus mensajes*',
      'Je garde mes mots, vraiment\n-# 🔕 *[sw] Not translated: the author chose to keep their messages untranslated*',
    ]);
    expect(h.gemini.requests.length).toBe(from);
  });

  it('in a translation room she gets no reply: her words are already there as she wrote them', async () => {
    const from = h.gemini.requests.length;
    const repliesBefore = h.fake.calls.filter((c) => c.body?.message_reference).length;
    const done = handled(h, Events.MessageCreate, (m) => m.content === 'Bonjour la salle');
    h.fake.sendMessage({
      channelId: h.channel('general').id,
      author: h.chloe.user,
      member: h.chloe,
      content: 'Bonjour la salle',
    });
    await done;
    expect(h.fake.calls.filter((c) => c.body?.message_reference).length).toBe(repliesBefore);
    expect(h.gemini.requests.length).toBe(from);
  });

  it('with the provider down, a language nobody asked yet reads the mark in English with the line saying so; the copy is posted', async () => {
    h.gemini.respondWith(() => ({ status: 503, body: { error: { code: 503, message: 'overloaded' } } }));
    const { copies } = await write(h.chloe, 'german', 'Ich bleibe bei meinen Worten', {}, ['yoruba']);
    expect(copies[0]).toBe(
      `Ich bleibe bei meinen Worten\n-# 🔕 *${MIRROR_PHRASES.MIRROR_NOT_TRANSLATED.en}*${untranslatedMark('yo')}`,
    );
    // The phrases were asked (and refused); her words were not.
    expect(JSON.stringify(h.gemini.requests)).not.toContain('meinen Worten');
  });
});
