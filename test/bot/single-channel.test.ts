import { Events } from 'discord.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RecordedCall } from '../fakes/discord';
import { type BotHarness, eventually, handled, startBotHarness } from './harness';

/**
 * A translation room made the way the dashboard makes it (singleChannel.create, over
 * /api/channels/rooms) on a channel the bot synced: the bot answers each message there; the
 * room's new languages, pause and removal take effect on the next message.
 */
let h: BotHarness;
beforeAll(async () => {
  h = await startBotHarness();
});
afterAll(async () => {
  await h?.close();
});

const room = () => h.channel('general').id;
const replies = (): RecordedCall[] =>
  h.fake.calls.filter(
    (c) => c.method === 'POST' && c.path === `/channels/${room()}/messages` && c.status === 200,
  );
const say = (content: string) =>
  h.fake.sendMessage({ channelId: room(), author: h.ben.user, member: h.ben, content });
/** Sends `content` and returns the bot's reply to it. */
async function replyTo(content: string): Promise<RecordedCall> {
  const msg = say(content);
  return eventually(() =>
    replies().find((c) => (c.body?.message_reference as { message_id?: string })?.message_id === msg.id),
  );
}
const api = (path: string, method = 'GET', body?: unknown) =>
  h.server.api(`${path}?guildId=${h.guild.id}`, { method, admin: true, body });

describe('a translation room created through the procedure', () => {
  let id: number;

  it('translates each message in the channel into its languages, in one reply', async () => {
    const made = await api('/api/channels/rooms', 'POST', { channelId: room(), languages: ['es', 'fr'] });
    expect(made.status).toBe(201);
    expect(made.json).toMatchObject({ channelName: 'general', languages: ['es', 'fr'], active: true });
    id = made.json.id;
    const before = h.gemini.requests.length;
    const reply = await replyTo('The raid starts at nine');
    expect(reply.body?.content).toBe(
      '**Spanish**: [es] The raid starts at nine\n**French**: [fr] The raid starts at nine',
    );
    expect(h.gemini.requests.length - before).toBe(1);
  });

  it('answers in the languages set from the dashboard afterwards', async () => {
    expect((await api(`/api/channels/rooms/${id}`, 'PATCH', { languages: ['de', 'ja', 'es'] })).status).toBe(
      200,
    );
    const reply = await replyTo('Bring potions');
    expect(reply.body?.content).toBe(
      '**German**: [de] Bring potions\n**Japanese**: [ja] Bring potions\n**Spanish**: [es] Bring potions',
    );
  });

  it("a server's own short-chatter term is answered until the server adds it, then costs no call and gets no reply", async () => {
    const first = await replyTo('pog');
    expect(first.body?.content).toContain('[es] pog');
    expect((await api('/api/translation/settings', 'PATCH', { trivialTerms: ['pog'] })).status).toBe(200);
    const calls = h.gemini.requests.length;
    const n = replies().length;
    const done = handled(h, Events.MessageCreate, (m) => m.content === 'pog pog');
    say('pog pog');
    await done;
    // The next message is answered: the bot went on, and "pog pog" got nothing.
    const next = await replyTo('pog, who has the key?');
    expect(replies().slice(n)).toEqual([next]);
    expect(h.gemini.requests.length - calls).toBe(1);
    expect((await api('/api/translation/settings', 'PATCH', { trivialTerms: [] })).status).toBe(200);
  });

  /** Sends a message, flags it 🇪🇸, and returns every reply posted up to the flag's answer. */
  async function untranslatedThenFlagged(content: string) {
    const n = replies().length;
    const requests = h.gemini.requests.length;
    const msg = say(content);
    // The flag reaction translates on demand; its reply arrives after the message was handled.
    h.fake.react(msg, h.ana.user, '🇪🇸');
    await eventually(() =>
      replies()
        .slice(n)
        .some((c) => c.body?.content.startsWith('🇪🇸')),
    );
    return {
      contents: replies()
        .slice(n)
        .map((c) => c.body?.content),
      calls: h.gemini.requests.length - requests,
    };
  }

  it('a paused room leaves messages alone until resumed', async () => {
    expect((await api(`/api/channels/rooms/${id}`, 'PATCH', { active: false })).status).toBe(200);
    expect(await untranslatedThenFlagged('Nobody translates this')).toEqual({
      contents: ['🇪🇸 **Spanish**: [es] Nobody translates this'],
      calls: 1,
    });
    expect((await api(`/api/channels/rooms/${id}`, 'PATCH', { active: true })).status).toBe(200);
    expect((await replyTo('Back on')).body?.content).toContain('**German**: [de] Back on');
  });

  it('a removed room is an ordinary channel again', async () => {
    expect((await api(`/api/channels/rooms/${id}`, 'DELETE')).json).toEqual({ id, removed: true });
    expect(await untranslatedThenFlagged('Just a message now')).toEqual({
      contents: ['🇪🇸 **Spanish**: [es] Just a message now'],
      calls: 1,
    });
  });
});
