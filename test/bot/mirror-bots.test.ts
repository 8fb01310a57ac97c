import { Events, type Message } from 'discord.js';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawAll, rawGet } from '../../db/client';
import type { FakeUser } from '../fakes/discord';
import { snowflake } from '../fakes/discord/payloads';
import { type BotHarness, eventually, handled, startBotHarness, webhookPostsIn } from './harness';

/**
 * Bots and webhooks in linked channels (issue 28): ignored unless an admin allows them by name on
 * the channels screen; then copied like a member's post; the bot's own copies never come back
 * (no loops); at most MIRROR_BOT_POSTS_PER_MINUTE a server, the rest marked ⏳ and counted.
 */

const LIMIT = 5;
let h: BotHarness;
let linkId: number;
const feedHook = snowflake();
const feed: FakeUser = { id: feedHook, username: 'World News', bot: true, avatar: null };
const relay: FakeUser = { id: snowflake(), username: 'GameRelay', bot: true, avatar: null };

beforeAll(async () => {
  h = await startBotHarness({ env: { MIRROR_BOT_POSTS_PER_MINUTE: String(LIMIT) } });
  linkId = (
    await h.link('News', [
      ['english', 'en'],
      ['spanish', 'es'],
    ])
  ).id;
});
afterAll(async () => {
  await h?.close();
});

const postsIn = (channel: string) => webhookPostsIn(h, channel);
const newPosts = (channel: string, before: number) =>
  postsIn(channel)
    .slice(before)
    .map((c) => c.body?.content);

/** The feed (a webhook) or the relay (a bot) posts in #english; resolves once the bot handled it. */
async function posts(who: 'feed' | 'relay', content: string): Promise<void> {
  const done = handled(h, Events.MessageCreate, (m: Message) => m.content === content);
  h.fake.sendMessage({
    channelId: h.channel('english').id,
    author: who === 'feed' ? feed : relay,
    ...(who === 'feed' ? { webhookId: feedHook } : {}),
    content,
  });
  await done;
}

type Listed = { linkId: number; authorId: string; kind: string; name: string; allowed: boolean };
const listed = async (): Promise<Listed[]> => {
  const res = await h.server.api(`/api/channels/bots-and-webhooks?guildId=${h.guild.id}`, { admin: true });
  expect(res.status).toBe(200);
  return res.json as Listed[];
};
const allow = (link: number | string, authorId: string, body: unknown) =>
  h.server.api(`/api/channels/links/${link}/bots-and-webhooks/${authorId}?guildId=${h.guild.id}`, {
    method: 'PUT',
    admin: true,
    body,
  });

describe('bots and webhooks in a link (issue 28)', () => {
  it('are ignored by default, and listed by name for the admin', async () => {
    const before = postsIn('spanish').length;
    const geminiBefore = h.gemini.requests.length;
    await posts('feed', 'Breaking: markets up');
    await posts('relay', 'Player joined the server');
    expect(newPosts('spanish', before)).toEqual([]);
    expect(h.gemini.requests.length).toBe(geminiBefore);
    const rows = await listed();
    expect(rows.map((r) => [r.name, r.kind, r.allowed, r.linkId]).sort()).toEqual([
      ['GameRelay', 'bot', false, linkId],
      ['World News', 'webhook', false, linkId],
    ]);
  });

  it('an allowed webhook is copied, under its name; the bot not allowed still is not', async () => {
    const ok = await allow(linkId, feedHook, { allowed: true });
    expect(ok.status).toBe(200);
    expect((ok.json as Listed).allowed).toBe(true);
    const before = postsIn('spanish').length;
    await posts('feed', 'Rain expected tomorrow');
    await posts('relay', 'Player left the server');
    await eventually(() => postsIn('spanish').length > before);
    expect(newPosts('spanish', before)).toEqual(['[es] Rain expected tomorrow']);
    // The copy is posted under the webhook's name.
    expect(postsIn('spanish').at(-1)?.body?.username).toContain('World News');
  });

  it("the bot's own copies coming back through the gateway are never translated again (no loop)", async () => {
    h.fake.echoWebhookPosts(true);
    try {
      const before = postsIn('spanish').length;
      const echoed = handled(
        h,
        Events.MessageCreate,
        (m: Message) => m.content === '[es] Tonight: clear sky',
      );
      await posts('feed', 'Tonight: clear sky');
      await echoed;
      expect(newPosts('spanish', before)).toEqual(['[es] Tonight: clear sky']);
      expect(postsIn('english').length).toBe(0);
      const own = [...h.fake.rest.webhooks.values()].map((w) => w.id);
      expect((await listed()).some((r) => own.includes(r.authorId))).toBe(false);
      // And an admin cannot allow one of them.
      const refused = await allow(linkId, own[0], { allowed: true });
      expect(refused.status).toBe(400);
      expect(JSON.stringify(refused.json)).toContain("the bot's own webhook");
      const rows = await rawAll(
        h.server.services.db,
        sql`select author_id from mirror_authors where guild_id = ${h.guild.id}`,
      );
      expect(rows).toHaveLength(2);
    } finally {
      h.fake.echoWebhookPosts(false);
    }
  });

  it('bad input is refused, naming the problem, and nothing changes', async () => {
    const before = JSON.stringify(await listed());
    const cases: [number | string, string, unknown, number, string][] = [
      [linkId, relay.id, { allowed: 'yes' }, 400, 'allowed'],
      [linkId, relay.id, {}, 400, 'allowed'],
      [linkId, 'abc', { allowed: true }, 400, 'authorId'],
      ['x', relay.id, { allowed: true }, 400, 'linkId'],
      [999_999, relay.id, { allowed: true }, 404, 'channel link 999999'],
      [linkId, snowflake(), { allowed: true }, 400, 'is not a bot or webhook that posted in the channels of'],
    ];
    for (const [link, author, body, status, says] of cases) {
      const res = await allow(link, author, body);
      expect(res.status, `${link} ${author} ${JSON.stringify(body)}`).toBe(status);
      expect(JSON.stringify(res.json)).toContain(says);
    }
    expect(JSON.stringify(await listed())).toBe(before);
  });

  it('a translation room takes an allowed bot too: its posts get the reply with their translations', async () => {
    const general = h.channel('general').id;
    const made = await h.server.api(`/api/channels/rooms?guildId=${h.guild.id}`, {
      method: 'POST',
      admin: true,
      body: { channelId: general, languages: ['es'] },
    });
    expect(made.status).toBe(201);
    const roomId = (made.json as { id: number }).id;
    const relayWrites = async (content: string) => {
      const done = handled(h, Events.MessageCreate, (m: Message) => m.content === content);
      const msg = h.fake.sendMessage({ channelId: general, author: relay, content });
      await done;
      return msg;
    };
    const replies = () =>
      h.fake.calls.filter(
        (c) => c.method === 'POST' && c.path === `/channels/${general}/messages` && c.status === 200,
      );
    const before = replies().length;
    await relayWrites('Server restarting');
    expect(replies().length).toBe(before);
    expect((await listed()).find((r) => r.linkId === roomId)).toMatchObject({
      name: 'GameRelay',
      kind: 'bot',
    });
    expect((await allow(roomId, relay.id, { allowed: true })).status).toBe(200);
    const msg = await relayWrites('Server back online');
    const reply = await eventually(() =>
      replies().find((c) => (c.body?.message_reference as { message_id?: string })?.message_id === msg.id),
    );
    expect(reply.body?.content).toContain('[es] Server back online');
  });

  it('past the per-minute limit an allowed post is marked ⏳ and counted, not lost in silence', async () => {
    // Three allowed posts so far this minute (two of the feed, one of the relay in the room); two
    // more pass, the sixth does not.
    const before = postsIn('spanish').length;
    const texts = ['Update 1', 'Update 2', 'Update 3'];
    for (const t of texts) await posts('feed', t);
    await eventually(() => postsIn('spanish').length >= before + 2);
    const limited = h.fake.calls.find(
      (c) => c.method === 'PUT' && decodeURIComponent(c.path).includes('/reactions/⏳/@me'),
    );
    expect(limited).toBeDefined();
    const counted = await rawGet<{ n: number }>(
      h.server.services.db,
      sql`select sum(marked) as n from untranslated_daily where guild_id = ${h.guild.id} and reason = 'rate_limited'`,
    );
    expect(Number(counted?.n)).toBe(1);
    expect(newPosts('spanish', before)).toEqual(['[es] Update 1', '[es] Update 2']);
    const metrics = await h.server.services.metrics.registry.getSingleMetricAsString(
      'polyglot_mirror_dropped_total',
    );
    expect(metrics).toContain('what="foreign_post",reason="rate_limited"} 1');
  });

  it('allowed no more: its posts are ignored again', async () => {
    const off = await allow(linkId, feedHook, { allowed: false });
    expect(off.status).toBe(200);
    expect((off.json as Listed).allowed).toBe(false);
    const before = postsIn('spanish').length;
    await posts('feed', 'Update 4');
    expect(newPosts('spanish', before)).toEqual([]);
  });
});
