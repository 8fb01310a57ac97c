import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QUEUE_MAX_IN_FLIGHT } from '../../bot/queue-worker';
import { openDb, rawAll } from '../../db/client';
import { databaseLocation } from '../../src/server/core/env';
import { createQueue } from '../../src/server/core/queue';
import type { RecordedCall } from '../fakes/discord';
import { setGuildPlan } from '../helpers/guilds';
import { type BotHarness, eventually, startBotHarness } from './harness';

/**
 * The bot's queue worker end to end: the real discord.js client takes the jobs that services.events
 * wrote, delivers them once, retries a Discord failure with backoff and gives up after the last try.
 */
let h: BotHarness;
beforeAll(async () => {
  h = await startBotHarness({ overrides: { queueOptions: { backoffMs: 50, maxAttempts: 3 } } });
  await setGuildPlan(h.server.services, h.guild.id, 'plus');
  await h.server.api(`/api/moderation/rules?guildId=${h.guild.id}`, {
    method: 'PATCH',
    admin: true,
    body: { logChannelId: h.channel('mod-log').id },
  });
});
afterAll(() => h.close());

const postsIn = (channel: string): RecordedCall[] =>
  h.fake.calls.filter((c) => c.method === 'POST' && c.path === `/channels/${h.channel(channel).id}/messages`);

type JobRow = {
  id: number;
  kind: string;
  status: string;
  attempts: number;
  lease_owner: string;
  last_error: string | null;
  payload: string;
};
const jobs = async (kind: string): Promise<JobRow[]> =>
  (await rawAll(
    h.server.services.db,
    sql`select * from queue_jobs where kind = ${kind} order by id`,
  )) as JobRow[];

describe('queue worker', () => {
  it('Post Now becomes one job, taken by this bot and posted once', async () => {
    const created = await h.server.api(`/api/announcements?guildId=${h.guild.id}`, {
      method: 'POST',
      admin: true,
      body: {
        createdBy: 'admin',
        originalText: 'Queue check.',
        originalLanguage: 'en',
        targetChannels: [{ language: 'es', channelId: h.channel('news-es').id }],
      },
    });
    expect(created.status).toBe(201);
    const before = postsIn('news-es').length;
    const post = await h.server.api(`/api/announcements/${created.json.id}/post?guildId=${h.guild.id}`, {
      method: 'POST',
      admin: true,
    });
    expect(post.status).toBe(200);
    const done = await eventually(async () =>
      (await jobs('announcement:post')).find((j) => j.status === 'done'),
    );
    expect(done).toMatchObject({ attempts: 1, lease_owner: h.bot.worker.owner, last_error: null });
    expect(JSON.parse(done.payload)).toEqual({ guildId: h.guild.id, announcementId: created.json.id });
    expect(postsIn('news-es').length - before).toBe(1);
  });

  it('a usage notice whose post Discord refuses once is retried after its backoff and posted once', async () => {
    h.fake.rest.fail({
      method: 'POST',
      path: new RegExp(`^/channels/${h.channel('mod-log').id}/messages$`),
      status: 500,
      body: { message: 'Internal Server Error', code: 0 },
      times: 1,
    });
    const before = postsIn('mod-log').length;
    await h.server.services.events.publish('usage:threshold', {
      guildId: h.guild.id,
      threshold: 75,
      used: 750,
      allowance: 1000,
    });
    const job = await eventually(async () =>
      (await jobs('usage:threshold')).find((j) => j.status === 'done'),
    );
    expect(job.attempts).toBe(2);
    const posts = postsIn('mod-log').slice(before);
    expect(posts.map((c) => c.status)).toEqual([500, 200]);
    expect(posts[1]?.body?.content).toContain('75%');
  });

  it('gives up after the last attempt and keeps the reason on the job', async () => {
    const rule = {
      method: 'POST',
      path: new RegExp(`^/channels/${h.channel('mod-log').id}/messages$`),
      status: 403,
      body: { message: 'Missing Access', code: 50001 },
    };
    h.fake.rest.fail(rule);
    const before = postsIn('mod-log').length;
    try {
      await h.server.services.events.publish('usage:threshold', {
        guildId: h.guild.id,
        threshold: 90,
        used: 900,
        allowance: 1000,
      });
      const job = await eventually(async () =>
        (await jobs('usage:threshold')).find((j) => j.status === 'failed'),
      );
      expect(job).toMatchObject({ attempts: 3, last_error: 'Missing Access (Discord 403)' });
      expect(postsIn('mod-log').length - before).toBe(3);
    } finally {
      h.fake.rest.clearFailures();
    }
  });

  it('takes a job another process wrote (no local wake-up) by polling the database', async () => {
    const other = await openDb(databaseLocation(h.server.env));
    try {
      const before = postsIn('mod-log').length;
      const id = await createQueue(other, () => new Date()).enqueue('usage:threshold', h.guild.id, {
        guildId: h.guild.id,
        threshold: 100,
        used: 1000,
        allowance: 1000,
      });
      await eventually(async () =>
        (await jobs('usage:threshold')).find((j) => j.id === id && j.status === 'done'),
      );
      expect(postsIn('mod-log').length - before).toBe(1);
    } finally {
      await other.$close();
    }
  });

  it('a job for a server this bot is not in is never run, and given up with the reason', async () => {
    await h.server.services.events.publish('voice:ended', { guildId: '123456789012345678', sessionId: 1 });
    const job = await eventually(async () => (await jobs('voice:ended')).find((j) => j.status === 'failed'));
    expect(job.last_error).toBe('the bot is not in this server, or the server is unavailable');
  });

  it('jobs finishing together never make the worker run more than QUEUE_MAX_IN_FLIGHT jobs at once, and each job once', async () => {
    const rest = h.bot.client.rest;
    const original = rest.post;
    // Posts wait until every job is written, then each takes a moment: jobs finish close together,
    // and each finish wakes the worker while other claims are still going on.
    let release!: () => void;
    const gate = new Promise<void>((r) => {
      release = r;
    });
    rest.post = (async (...args: Parameters<typeof original>) => {
      await gate;
      await new Promise((r) => setTimeout(r, 5));
      return original.apply(rest, args);
    }) as typeof original;
    let most = 0;
    const sampler = setInterval(() => {
      most = Math.max(most, h.bot.worker.inFlight());
    }, 1);
    try {
      const before = (await jobs('usage:threshold')).length;
      const total = QUEUE_MAX_IN_FLIGHT * 3;
      for (let i = 0; i < total; i++)
        await h.server.services.events.publish('usage:threshold', {
          guildId: h.guild.id,
          threshold: 75,
          used: 1_000 + i,
          allowance: 10_000,
        });
      await eventually(() => h.bot.worker.inFlight() === QUEUE_MAX_IN_FLIGHT);
      release();
      await eventually(
        async () => (await jobs('usage:threshold')).slice(before).every((j) => j.status === 'done'),
        20_000,
      );
      const ran = (await jobs('usage:threshold')).slice(before);
      expect(ran).toHaveLength(total);
      expect(ran.every((j) => j.attempts === 1)).toBe(true);
      expect(most).toBeGreaterThan(1);
      expect(most).toBeLessThanOrEqual(QUEUE_MAX_IN_FLIGHT);
    } finally {
      clearInterval(sampler);
      rest.post = original;
    }
  });

  // Last: it stops this harness's worker.
  it('stopping waits for the job in flight, which finishes and is marked done; a later job stays for the next process', async () => {
    const rest = h.bot.client.rest;
    const original = rest.post;
    let release!: () => void;
    const gate = new Promise<void>((r) => {
      release = r;
    });
    let entered!: () => void;
    const inside = new Promise<void>((r) => {
      entered = r;
    });
    // Holds the bot's next Discord post until released (the job is then in flight).
    rest.post = (async (...args: Parameters<typeof original>) => {
      entered();
      await gate;
      return original.apply(rest, args);
    }) as typeof original;
    try {
      const before = postsIn('mod-log').length;
      await h.server.services.events.publish('usage:threshold', {
        guildId: h.guild.id,
        threshold: 75,
        used: 751,
        allowance: 1000,
      });
      await inside;
      const stopping = h.bot.worker.stop(5_000);
      expect(h.bot.worker.claiming()).toBe(false);
      await h.server.services.events.publish('usage:threshold', {
        guildId: h.guild.id,
        threshold: 90,
        used: 901,
        allowance: 1000,
      });
      release();
      await stopping;
      const [held, later] = (await jobs('usage:threshold')).slice(-2);
      expect(held).toMatchObject({ status: 'done', attempts: 1 });
      expect(later).toMatchObject({ status: 'pending', attempts: 0, lease_owner: null });
      expect(postsIn('mod-log').length - before).toBe(1);
    } finally {
      rest.post = original;
    }
  });
});
