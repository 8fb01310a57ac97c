import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { botCaller } from '../../bot/context';
import { createQueueWorker, type QueueWorker } from '../../bot/queue-worker';
import { rawAll, rawGet } from '../../db/client';
import type { Json } from '../fakes/discord';
import { setGuildPlan } from '../helpers/guilds';
import { openDMs, submitModal } from './community-interactions';
import { type BotHarness, eventually, startBotHarness } from './harness';

/**
 * A queued post reaches members once, even when its job runs twice: Discord accepted the post but
 * its answer was lost (the job is retried), or the process was killed after Discord accepted it and
 * before the job was marked done (the next process takes it again when the lease expires). Each
 * post carries its work item's nonce with enforce_nonce, so the second try gets Discord's existing
 * message back: one copy in the channel, and that copy's id recorded.
 */
let h: BotHarness;
let fresh: QueueWorker | null = null;
/** Ends the "killed" process's post that never returns (so closing the harness does not wait for it). */
let bury: (() => void) | null = null;
const LEASE_MS = 2_000;

beforeAll(async () => {
  h = await startBotHarness({
    overrides: { queueOptions: { backoffMs: 50, maxAttempts: 4, leaseMs: LEASE_MS } },
  });
  await setGuildPlan(h.server.services, h.guild.id, 'ultimate');
  await h.server.api(`/api/moderation/rules?guildId=${h.guild.id}`, {
    method: 'PATCH',
    admin: true,
    body: { logChannelId: h.channel('mod-log').id },
  });
});
afterAll(async () => {
  bury?.();
  await fresh?.stop(1_000);
  await h.close();
});

/** The messages a channel holds in (fake) Discord, with this text in them. */
const inChannel = (channel: string, text: string): Json[] =>
  [...h.fake.rest.messages.values()].filter(
    (m) => m.channel_id === h.channel(channel).id && String(m.content).includes(text),
  );
const postsTo = (channel: string) =>
  h.fake.calls.filter((c) => c.method === 'POST' && c.path === `/channels/${h.channel(channel).id}/messages`);
const messagesPath = (channel: string) => new RegExp(`^/channels/${h.channel(channel).id}/messages$`);

type JobRow = { id: number; status: string; attempts: number; lease_owner: string | null; payload: string };
const jobs = async (kind: string): Promise<JobRow[]> =>
  (await rawAll(
    h.server.services.db,
    sql`select * from queue_jobs where kind = ${kind} order by id`,
  )) as JobRow[];

describe('a queued post is never posted twice when its job is retried', () => {
  it("an announcement whose post Discord accepted but whose answer was lost is posted once, and that post's id recorded", async () => {
    const created = await h.server.api(`/api/announcements?guildId=${h.guild.id}`, {
      method: 'POST',
      admin: true,
      body: {
        createdBy: 'admin',
        originalText: 'Lost answers post once.',
        originalLanguage: 'en',
        targetChannels: [
          { language: 'es', channelId: h.channel('news-es').id },
          { language: 'fr', channelId: h.channel('news-fr').id },
        ],
      },
    });
    expect(created.status).toBe(201);
    const id = created.json.id as number;
    h.fake.rest.loseAnswer({ method: 'POST', path: messagesPath('news-es'), times: 1 });
    const before = postsTo('news-es').length;
    const post = await h.server.api(`/api/announcements/${id}/post?guildId=${h.guild.id}`, {
      method: 'POST',
      admin: true,
    });
    expect(post.status).toBe(200);
    const posted = await eventually(async () => {
      const list = await h.server.api(`/api/announcements?guildId=${h.guild.id}`, { admin: true });
      const a = list.json.find((x: { id: number }) => x.id === id);
      return a?.status === 'posted' ? a : null;
    }, 15_000);
    // The bot asked twice (the first answer was lost): Discord answered the second with the first message.
    const asked = postsTo('news-es').slice(before);
    expect(asked.map((c) => c.lost ?? false)).toEqual([true, false]);
    expect(asked[1]?.body?.nonce).toBe(asked[0]?.body?.nonce);
    expect(asked[0]?.body?.enforce_nonce).toBe(true);
    const copies = inChannel('news-es', 'Lost answers post once.');
    expect(copies).toHaveLength(1);
    expect(inChannel('news-fr', 'Lost answers post once.')).toHaveLength(1);
    expect(posted.postResults).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ channelId: h.channel('news-es').id, ok: true, messageId: copies[0]!.id }),
      ]),
    );
    const job = await eventually(async () =>
      (await jobs('announcement:post')).find(
        (j) => JSON.parse(j.payload).announcementId === id && j.status === 'done',
      ),
    );
    expect(job.attempts).toBe(2);
  });

  it('a long announcement whose second part was lost is retried: every part once, in order', async () => {
    const lines = Array.from(
      { length: 20 },
      (_v, i) => `Line ${i + 1}: ${'schedule change '.repeat(5).trim()}.`,
    );
    const created = await h.server.api(`/api/announcements?guildId=${h.guild.id}`, {
      method: 'POST',
      admin: true,
      body: {
        createdBy: 'admin',
        originalText: lines.join('\n'),
        originalLanguage: 'en',
        targetChannels: [{ language: 'es', channelId: h.channel('spanish').id }],
      },
    });
    expect(created.status, created.text).toBe(201);
    const id = created.json.id as number;
    let seen = 0;
    h.fake.rest.loseAnswer({
      method: 'POST',
      path: messagesPath('spanish'),
      body: () => ++seen === 2,
      times: 1,
    });
    await h.server.api(`/api/announcements/${id}/post?guildId=${h.guild.id}`, {
      method: 'POST',
      admin: true,
    });
    const posted = await eventually(async () => {
      const list = await h.server.api(`/api/announcements?guildId=${h.guild.id}`, { admin: true });
      const a = list.json.find((x: { id: number }) => x.id === id);
      return a?.status === 'posted' ? a : null;
    }, 15_000);
    const parts = [...h.fake.rest.messages.values()].filter((m) => m.channel_id === h.channel('spanish').id);
    // Posted in parts (Discord's 2000 characters), each part once, the whole text there in order.
    expect(parts.length).toBeGreaterThanOrEqual(2);
    expect(new Set(parts.map((m) => m.content)).size).toBe(parts.length);
    const text = parts.map((m) => m.content).join('\n');
    // Each line is there twice: in the translation and in the quoted original beneath it.
    for (const line of lines) expect(text.split(line).length - 1).toBe(2);
    expect(posted.postResults[0]).toMatchObject({ ok: true, messageId: parts[0]!.id });
    // Parts 1 and 2 were sent twice (the retry starts over), answered with the messages already there.
    expect(postsTo('spanish').filter((c) => c.lost)).toHaveLength(1);
  });

  it('a usage notice whose answer was lost is retried by its job and shown once in the log channel', async () => {
    h.fake.rest.loseAnswer({ method: 'POST', path: messagesPath('mod-log'), times: 1 });
    await h.server.services.events.publish('usage:threshold', {
      guildId: h.guild.id,
      threshold: 75,
      used: 7_500,
      allowance: 10_000,
    });
    const job = await eventually(async () =>
      (await jobs('usage:threshold')).find(
        (j) => JSON.parse(j.payload).used === 7_500 && j.status === 'done',
      ),
    );
    expect(job.attempts).toBe(2);
    expect(inChannel('mod-log', '7,500 of its 10,000')).toHaveLength(1);
  });

  it('a ticket reply whose DM answer was lost is retried by its job and reaches the member once', async () => {
    const dm = openDMs(h.fake, h.ana);
    const who = { member: h.ana, channel: h.channel('general') };
    const form = await h.fake.interactionAnswer(
      h.fake.slash('ticket', [{ name: 'create', type: 1, options: [] }], who),
    );
    await h.fake.interactionAnswer(
      submitModal(h.fake, form.custom_id, { subject: 'Sin acceso', description: 'No puedo entrar.' }, who),
      10_000,
    );
    const [ticket] = (await h.server.api(`/api/tickets?guildId=${h.guild.id}`, { admin: true })).json;
    h.fake.rest.loseAnswer({ method: 'POST', path: new RegExp(`^/channels/${dm}/messages$`), times: 1 });
    const reply = await h.server.api(`/api/tickets/${ticket.id}/messages?guildId=${h.guild.id}`, {
      method: 'POST',
      admin: true,
      body: {
        userId: 'support-team',
        messageId: `${Date.now()}`,
        originalText: 'Your access is back.',
        originalLanguage: 'en',
        isStaff: true,
      },
    });
    expect(reply.status).toBe(201);
    const delivered = async () =>
      (
        (await rawGet(
          h.server.services.db,
          sql`select delivered_at as d from ticket_messages where id = ${reply.json.id}`,
        )) as { d: number | null }
      ).d;
    // The member got it, but the bot never heard: its job fails, is tried again, and Discord answers
    // the same nonce with the message already in the DM.
    await eventually(async () => (await delivered()) !== null, 15_000);
    const inDm = [...h.fake.rest.messages.values()].filter(
      (m) => m.channel_id === dm && String(m.content).includes('Your access is back.'),
    );
    expect(inDm).toHaveLength(1);
    const asked = h.fake.calls.filter(
      (c) =>
        c.path === `/channels/${dm}/messages` && String(c.body?.content).includes('Your access is back.'),
    );
    expect(asked.map((c) => c.lost ?? false)).toEqual([true, false]);
    // The job is marked done after its handler returns, a moment after the message is marked delivered.
    const job = await eventually(async () =>
      (await jobs('ticket:reply')).find(
        (j) => JSON.parse(j.payload).messageId === reply.json.id && j.status === 'done',
      ),
    );
    expect(job.attempts).toBe(2);
  });

  // Last: it stops the harness's worker (the "killed" process) and starts a fresh one.
  it('a job whose process was killed after Discord accepted its post is taken by the next process: still one message', async () => {
    const rest = h.bot.client.rest;
    const original = rest.post;
    const logPath = `/channels/${h.channel('mod-log').id}/messages`;
    // The bot's post to the log channel reaches Discord, then the process "dies": nothing after
    // it runs (no answer handled, nothing recorded, the job never marked done).
    rest.post = (async (...args: Parameters<typeof original>) => {
      if (args[0] !== logPath) return original.apply(rest, args);
      await original.apply(rest, args);
      return new Promise((_resolve, reject) => {
        bury = () => reject(new Error('the process is gone'));
      });
    }) as typeof original;
    try {
      await h.server.services.events.publish('usage:threshold', {
        guildId: h.guild.id,
        threshold: 90,
        used: 9_000,
        allowance: 10_000,
      });
      await eventually(() => inChannel('mod-log', '9,000 of its 10,000').length === 1);
      await h.bot.worker.stop(100);
    } finally {
      rest.post = original;
    }
    const [held] = (await jobs('usage:threshold')).filter((j) => JSON.parse(j.payload).used === 9_000);
    expect(held).toMatchObject({ status: 'pending', attempts: 1, lease_owner: h.bot.worker.owner });

    // The next process: its worker takes the job once the dead one's lease has expired.
    fresh = createQueueWorker({
      client: h.bot.client,
      caller: botCaller(h.server.services),
      services: h.server.services,
    });
    fresh.start();
    const owner = fresh.owner;
    const done = await eventually(
      async () => (await jobs('usage:threshold')).find((j) => j.id === held!.id && j.status === 'done'),
      LEASE_MS + 10_000,
    );
    expect(done).toMatchObject({ attempts: 2, lease_owner: owner });
    const tries = postsTo('mod-log').filter((c) => String(c.body?.content).includes('9,000 of its 10,000'));
    expect(tries).toHaveLength(2);
    expect(tries[1]?.body?.nonce).toBe(tries[0]?.body?.nonce);
    expect(inChannel('mod-log', '9,000 of its 10,000')).toHaveLength(1);
  });
});
