import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeMember } from '../fakes/discord';
import { enforceRateLimits, type RateLimitStats } from '../fakes/discord/rate-limits';
import { setGuildPlan } from '../helpers/guilds';
import { type BotHarness, eventually, startBotHarness, webhookPostsIn } from './harness';

/**
 * Webhook pacing against Discord's rate-limit contract (test/fakes/discord/rate-limits.ts):
 * a bucket of 5 posts per 2 s per webhook, 50 requests a second per bot token, and the IP's
 * global limit for calls without the token.
 */

let h: BotHarness;
let limits: RateLimitStats;
beforeAll(async () => {
  h = await startBotHarness();
  limits = enforceRateLimits(h.fake);
  await h.link('Busy', [
    ['english', 'en'],
    ['spanish', 'es'],
  ]);
  await h.link('Quiet', [
    ['french', 'fr'],
    ['german', 'de'],
  ]);
});
afterAll(async () => {
  await h?.close();
});

const postsIn = (channel: string) => webhookPostsIn(h, channel);

describe('webhook posts paced per webhook, outside the bot token', () => {
  it("delivers a burst over a webhook's bucket, every copy once, and another link's copy does not wait behind it", async () => {
    const burst = Array.from({ length: 12 }, (_, i) => `burst message number ${i + 1}`);
    for (const content of burst)
      h.fake.sendMessage({ channelId: h.channel('english').id, author: h.ben.user, member: h.ben, content });
    // The first copy goes at once; the rest waits for the webhook's bucket (and leaves combined).
    await eventually(() => postsIn('spanish').length >= 1);
    h.fake.sendMessage({
      channelId: h.channel('french').id,
      author: h.chloe.user,
      member: h.chloe,
      content: 'une question rapide',
    });
    await eventually(() => postsIn('german').length >= 1);
    expect(postsIn('spanish').length).toBeLessThan(burst.length);

    // Copies waiting behind the bucket leave together: one author's consecutive lines in one post.
    const text = () =>
      postsIn('spanish')
        .map((c) => c.body?.content ?? '')
        .join('\n');
    await eventually(() => burst.every((t) => text().split('\n').includes(`[es] ${t}`)), 15_000);
    // Each copy once and in order (a post answered 429 is waited out and retried by discord.js).
    const lines = text().split('\n');
    expect(lines).toEqual(burst.map((t) => `[es] ${t}`));
    expect(postsIn('spanish').length).toBeLessThan(burst.length);
    expect(new Set(postsIn('spanish').map((c) => c.body?.username)).size).toBe(1);
    expect(postsIn('spanish')[0].body?.username).not.toBe(h.fake.botUser.username);
  });

  it("a burst of several authors past the bucket goes out as posts naming each line's author, in order, every message recorded", async () => {
    const before = postsIn('spanish').length;
    // A display name written in Markdown is shown as written, not as bold or italics.
    const bold = makeMember('bold', 'en-US', { global_name: '*bold_user*' });
    const members = [h.ana, h.ben, bold];
    const burst = Array.from({ length: 15 }, (_, i) => ({
      member: members[i % 3],
      content: `mixed burst line ${i + 1}`,
    }));
    const sent = burst.map((b) =>
      h.fake.sendMessage({
        channelId: h.channel('english').id,
        author: b.member.user,
        member: b.member,
        content: b.content,
      }),
    );
    const posts = () => postsIn('spanish').slice(before);
    const text = () =>
      posts()
        .map((c) => c.body?.content ?? '')
        .join('\n');
    await eventually(() => burst.every((b) => text().includes(`[es] ${b.content}`)), 15_000);
    expect(posts().length).toBeLessThan(burst.length);
    // A post carrying several authors is the bot's, each line naming its author; order is kept.
    const combined = posts().filter((c) => (c.body?.content ?? '').split('\n').length > 1);
    expect(combined.length).toBeGreaterThan(0);
    for (const c of combined) {
      if (c.body?.username === h.fake.botUser.username) {
        for (const line of String(c.body?.content ?? '').split('\n')) {
          const [, name, n] = /^\*\*(.+?):\*\* \[es\] mixed burst line (\d+)$/.exec(line) ?? [];
          expect(name).toBe(
            [h.ana.user.global_name, h.ben.user.global_name, '\\*bold\\_user\\*'][(Number(n) - 1) % 3],
          );
        }
      }
    }
    expect(combined.some((c) => c.body?.username === h.fake.botUser.username)).toBe(true);
    expect(combined.some((c) => String(c.body?.content).includes('**\\*bold\\_user\\*:** [es]'))).toBe(true);
    const positions = burst.map((b) => text().indexOf(`[es] ${b.content}`));
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
    // Every original has its copy recorded (edits and deletes leave a shared copy as it is).
    const { rawAll } = await import('../../db/client');
    await eventually(async () => {
      const rows = await rawAll(
        h.server.services.db,
        sql`select distinct original_message_id as id from message_copies where original_message_id in (${sql.join(
          sent.map((m) => sql`${m.id}`),
          sql`, `,
        )})`,
      );
      return rows.length === sent.length;
    });
  });

  it("on Ultimate, a post carrying several authors carries the server's white-label name, not the product's", async () => {
    await setGuildPlan(h.server.services, h.guild.id, 'ultimate');
    const put = await h.server.api(`/api/white-label?guildId=${h.guild.id}`, {
      method: 'PUT',
      admin: true,
      body: { nickname: 'Mochi', bio: null, avatar: null, banner: null, brandColor: null, footer: null },
    });
    expect(put.status).toBe(200);
    await eventually(() => h.bot.client.guilds.cache.get(h.guild.id)?.members.me?.nickname === 'Mochi');
    const before = postsIn('german').length;
    const members = [h.ana, h.ben];
    for (let i = 0; i < 12; i++)
      h.fake.sendMessage({
        channelId: h.channel('french').id,
        author: members[i % 2].user,
        member: members[i % 2],
        content: `ligne de rafale ${i + 1}`,
      });
    const posts = () => postsIn('german').slice(before);
    await eventually(
      () =>
        posts().some((c) => (c.body?.content ?? '').split('\n').length > 1 && c.body?.username === 'Mochi'),
      15_000,
    );
    // Each member's own copy keeps the member's name: only the bot's combined posts are renamed.
    expect(posts().some((c) => c.body?.username === h.fake.botUser.username)).toBe(false);
  });

  it("sends webhook posts without the bot's token, so they count against the IP's limit, not the bot's", () => {
    const posts = h.fake.calls.filter((c) => c.method === 'POST' && /^\/webhooks\/\d+\/[^/]+$/.test(c.path));
    const ipPool = [...limits.requests]
      .filter(([pool]) => pool.startsWith('ip:'))
      .reduce((n, [, v]) => n + v, 0);
    // Every webhook post of the tests above (the bursts' copies combine into fewer posts).
    expect(posts.length).toBeGreaterThanOrEqual(3);
    expect(ipPool).toBeGreaterThanOrEqual(posts.length);
    expect(limits.global429).toBe(0);
  });
});
