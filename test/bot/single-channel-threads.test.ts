import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installThreads } from '../fakes/discord/threads';
import { type BotHarness, eventually, startBotHarness } from './harness';

/**
 * Single-channel delivery (issue 28): a room may deliver each message's translations in a thread
 * started from the message instead of a reply, chosen on the dashboard (delivery 'thread').
 */
let h: BotHarness;
beforeAll(async () => {
  h = await startBotHarness();
  installThreads(h.fake);
});
afterAll(async () => {
  await h?.close();
});

const room = () => h.channel('general').id;
const api = (path: string, method = 'GET', body?: unknown) =>
  h.server.api(`${path}?guildId=${h.guild.id}`, { method, admin: true, body });
const say = (content: string) =>
  h.fake.sendMessage({ channelId: room(), author: h.ben.user, member: h.ben, content });
const ok = (c: { status: number }) => c.status >= 200 && c.status < 300;

describe('thread delivery', () => {
  let id: number;

  it('a room set to threads starts one thread per message, named for its languages, holding the translations; no reply in the room', async () => {
    const made = await api('/api/channels/rooms', 'POST', {
      channelId: room(),
      languages: ['es', 'fr'],
      delivery: 'thread',
    });
    expect(made.status).toBe(201);
    expect(made.json).toMatchObject({ delivery: 'thread', languages: ['es', 'fr'] });
    id = made.json.id;
    const msg = say('The raid starts at nine');
    const started = await eventually(() =>
      h.fake.calls.find(
        (c) => c.method === 'POST' && c.path === `/channels/${room()}/messages/${msg.id}/threads` && ok(c),
      ),
    );
    expect(started.body).toMatchObject({ name: '🌐 es, fr', auto_archive_duration: 1440 });
    const inThread = await eventually(() =>
      h.fake.calls.find((c) => c.method === 'POST' && c.path === `/channels/${msg.id}/messages` && ok(c)),
    );
    expect(inThread.body?.content).toBe(
      '**Spanish**: [es] The raid starts at nine\n**French**: [fr] The raid starts at nine',
    );
    expect(
      h.fake.calls.some(
        (c) =>
          c.method === 'POST' &&
          c.path === `/channels/${room()}/messages` &&
          (c.body?.message_reference as { message_id?: string })?.message_id === msg.id,
      ),
    ).toBe(false);
    // An edit of the original follows into the thread's post.
    h.fake.editMessage(msg, 'The raid starts at ten');
    const edited = await eventually(() =>
      h.fake.calls.find((c) => c.method === 'PATCH' && c.path.startsWith(`/channels/${msg.id}/messages/`)),
    );
    expect(edited.body?.content).toContain('[es] The raid starts at ten');
  });

  it('switched back to replies from the dashboard, the next message gets a reply', async () => {
    const back = await api(`/api/channels/rooms/${id}`, 'PATCH', { delivery: 'reply' });
    expect(back.status).toBe(200);
    expect(back.json).toMatchObject({ delivery: 'reply' });
    const msg = say('Bring potions');
    const reply = await eventually(() =>
      h.fake.calls.find(
        (c) =>
          c.method === 'POST' &&
          c.path === `/channels/${room()}/messages` &&
          (c.body?.message_reference as { message_id?: string })?.message_id === msg.id,
      ),
    );
    expect(reply.body?.content).toContain('[es] Bring potions');
  });

  it('a delivery that is not reply or thread is refused naming it, and nothing changes', async () => {
    const bad = await api(`/api/channels/rooms/${id}`, 'PATCH', { delivery: 'dm' });
    expect(bad.status).toBe(400);
    expect(bad.text).toContain('delivery');
    expect(bad.text).toContain('must be \\"reply\\"');
    const list = await api('/api/channels/rooms');
    expect(list.json).toMatchObject([{ id, delivery: 'reply' }]);
    const badCreate = await api('/api/channels/rooms', 'POST', {
      channelId: h.channel('french').id,
      languages: ['es'],
      delivery: 'forum',
    });
    expect(badCreate.status).toBe(400);
    expect(badCreate.text).toContain('delivery');
    expect((await api('/api/channels/rooms')).json).toHaveLength(1);
  });
});
