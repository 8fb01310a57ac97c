import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RecordedCall } from '../fakes/discord';
import { enforceRateLimits, type RateLimitStats } from '../fakes/discord/rate-limits';
import { type BotHarness, eventually, startBotHarness } from './harness';

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

const postsIn = (channel: string): RecordedCall[] => {
  const id = h.channel(channel).id;
  return h.fake.calls.filter(
    (c) =>
      c.method === 'POST' &&
      /^\/webhooks\/\d+\/[^/]+$/.test(c.path) &&
      h.fake.rest.webhooks.get(c.path.split('/')[2])?.channel_id === id &&
      c.status === 200,
  );
};

describe('webhook posts paced per webhook, outside the bot token', () => {
  it("delivers a burst over a webhook's bucket, every copy once, and another link's copy does not wait behind it", async () => {
    const burst = Array.from({ length: 12 }, (_, i) => `burst message number ${i + 1}`);
    for (const content of burst)
      h.fake.sendMessage({ channelId: h.channel('english').id, author: h.ben.user, member: h.ben, content });
    // The first bucket (5 posts) goes at once; the rest waits for the webhook's reset.
    await eventually(() => postsIn('spanish').length >= 5);
    h.fake.sendMessage({
      channelId: h.channel('french').id,
      author: h.chloe.user,
      member: h.chloe,
      content: 'une question rapide',
    });
    await eventually(() => postsIn('german').length >= 1);
    expect(postsIn('spanish').length).toBeLessThan(burst.length);

    await eventually(() => postsIn('spanish').length >= burst.length, 15_000);
    // Each copy once (a post answered 429 is waited out and retried by discord.js: none is lost).
    expect(postsIn('spanish').map((c) => c.body?.content).sort()).toEqual(burst.map((t) => `[es] ${t}`).sort());
  }, 30_000);

  it("sends webhook posts without the bot's token, so they count against the IP's limit, not the bot's", () => {
    const posts = h.fake.calls.filter((c) => c.method === 'POST' && /^\/webhooks\/\d+\/[^/]+$/.test(c.path));
    const ipPool = [...limits.requests].filter(([pool]) => pool.startsWith('ip:')).reduce((n, [, v]) => n + v, 0);
    expect(posts.length).toBeGreaterThanOrEqual(13);
    expect(ipPool).toBeGreaterThanOrEqual(posts.length);
    expect(limits.global429).toBe(0);
  });
});
