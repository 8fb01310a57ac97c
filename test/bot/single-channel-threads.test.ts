import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawAll } from '../../db/client';
import { installThreads } from '../fakes/discord/threads';
import { type BotHarness, eventually, recordedCopies, startBotHarness } from './harness';

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

  it('when Discord refuses to start the thread (50013 Missing Permissions), the member still gets the translations as a reply, and the refusal is reported to the admins', async () => {
    const refused = { message: 'Missing Permissions', code: 50013 };
    h.fake.rest.fail({
      method: 'POST',
      path: /^\/channels\/\d+\/messages\/\d+\/threads$/,
      status: 403,
      body: refused,
      times: 1,
    });
    const msg = say('Meet at the north gate');
    const reply = await eventually(() =>
      h.fake.calls.find(
        (c) =>
          c.method === 'POST' &&
          c.path === `/channels/${room()}/messages` &&
          (c.body?.message_reference as { message_id?: string })?.message_id === msg.id &&
          ok(c),
      ),
    );
    expect(reply.body?.content).toBe(
      '**Spanish**: [es] Meet at the north gate\n**French**: [fr] Meet at the north gate',
    );
    // Discord was asked for the thread once, and refused it: no thread exists, nothing was posted in one.
    const tries = h.fake.calls.filter(
      (c) => c.method === 'POST' && c.path.endsWith(`/messages/${msg.id}/threads`),
    );
    expect(tries.map((c) => c.status)).toEqual([403]);
    expect(h.fake.calls.some((c) => c.method === 'POST' && c.path === `/channels/${msg.id}/messages`)).toBe(
      false,
    );
    // Reported as the bot reports every permission it lacks: the dashboard's moderation feed, naming what to grant.
    const feed = await eventually(async () => {
      const rows = await rawAll<{ message: string }>(
        h.server.services.db,
        sql`select message from moderation_logs where guild_id = ${h.guild.id} and type = 'permission'`,
      );
      return rows.find((r) => r.message.includes('start thread')) ?? null;
    });
    expect(feed.message).toBe(
      `I could not start thread in <#${room()}>: Missing Permissions. Please give me Create Public Threads in that channel.`,
    );
    // The reply is the message's copy: an edit follows into it.
    const [copy] = await recordedCopies(h, msg.id);
    expect(copy).toMatchObject({ channelId: room(), kind: 'reply' });
    h.fake.editMessage(msg, 'Meet at the south gate');
    const edited = await eventually(() =>
      h.fake.calls.find((c) => c.method === 'PATCH' && c.path === `/channels/${room()}/messages/${copy!.id}`),
    );
    expect(edited.body?.content).toContain('[es] Meet at the south gate');
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
