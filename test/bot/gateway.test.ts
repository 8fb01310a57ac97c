import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RecordedCall } from '../fakes/discord';
import { type BotHarness, eventually, startBotHarness } from './harness';

let h: BotHarness;
beforeAll(async () => {
  h = await startBotHarness();
  await h.link('Pair', [
    ['english', 'en'],
    ['spanish', 'es'],
  ]);
});
afterAll(async () => {
  await h?.close();
});

const spanishPosts = (): RecordedCall[] => {
  const id = h.channel('spanish').id;
  return h.fake.calls.filter(
    (c) =>
      c.method === 'POST' &&
      c.path.startsWith('/webhooks/') &&
      h.fake.rest.webhooks.get(c.path.split('/')[2])?.channel_id === id,
  );
};
const say = (content: string) =>
  h.fake.sendMessage({ channelId: h.channel('english').id, author: h.ben.user, member: h.ben, content });

/**
 * The Spanish channel's copies, line by line: under the webhook's rate limit one author's
 * consecutive copies leave as one post (bot/features/channels/copy-queue.ts), so a message is
 * readable as a line of a post, under its author's name when several authors share the post.
 */
const spanishLines = (): string[] =>
  spanishPosts().flatMap((c) =>
    String(c.body?.content ?? '')
      .split('\n')
      .map((l) => l.replace(/^\*\*[^*]+:\*\* /, '')),
  );

/** Every message mirrored exactly once, in any order. */
async function expectEachMirroredOnce(texts: string[]) {
  await eventually(() => texts.every((t) => spanishLines().includes(`[es] ${t}`)), 10_000);
  // A duplicate would be a replayed MESSAGE_CREATE, delivered before this marker: the bot posts a
  // channel's copies in the order the messages arrived (bot/features/channels/post-order.ts), so
  // once the marker's copy is posted, any duplicate's is too.
  const marker = `marker ${Date.now()} ${Math.random()}`;
  say(marker);
  await eventually(() => spanishLines().includes(`[es] ${marker}`), 10_000);
  for (const t of texts) expect(spanishLines().filter((l) => l === `[es] ${t}`)).toHaveLength(1);
}

describe('gateway disconnects in the middle of traffic', () => {
  it('a dropped connection resumes the session and replays what was missed: nothing lost, nothing twice', async () => {
    const texts = Array.from({ length: 8 }, (_, i) => `drop test message ${i + 1}`);
    for (const t of texts.slice(0, 3)) say(t);
    h.fake.gateway.drop(4000);
    for (const t of texts.slice(3)) say(t);
    await expectEachMirroredOnce(texts);
    expect(h.fake.gateway.stats.resumes).toBe(1);
    expect(h.fake.gateway.stats.identifies).toBe(1);
  });

  it('op 7 RECONNECT: the client reconnects and resumes without losing traffic', async () => {
    const texts = Array.from({ length: 6 }, (_, i) => `reconnect test message ${i + 1}`);
    for (const t of texts.slice(0, 2)) say(t);
    h.fake.gateway.reconnect();
    for (const t of texts.slice(2)) say(t);
    await expectEachMirroredOnce(texts);
    await eventually(() => h.fake.gateway.stats.resumes === 2);
    const after = 'reconnect test after the resume';
    say(after);
    await expectEachMirroredOnce([...texts, after]);
    expect(h.fake.gateway.stats.identifies).toBe(1);
  });

  it('op 9 INVALID SESSION: the client identifies anew, resyncs its guild and keeps mirroring', async () => {
    h.fake.gateway.invalidate(false);
    await eventually(() => h.fake.gateway.stats.identifies === 2 && h.fake.gateway.connected, 15_000);
    await eventually(() => h.bot.client.isReady());
    const texts = ['after a new session 1', 'after a new session 2'];
    for (const t of texts) say(t);
    await expectEachMirroredOnce(texts);
  });
});
