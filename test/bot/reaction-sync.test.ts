import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Json } from '../fakes/discord';
import { enforceRateLimits, type RateLimitStats } from '../fakes/discord/rate-limits';
import { type BotHarness, eventually, handled, recordedCopies, startBotHarness } from './harness';

/**
 * Reaction sync (issue 28): a member's reaction on a message of a mirror link or on any copy shows on
 * the others as the bot's (once per emoji and message), and comes off when the last member takes it
 * off across all of them. Flags stay the translation trigger; a custom emoji of a server the bot is
 * not in is skipped and counted. Reactions wait in Discord's reaction bucket (the fake enforces it).
 */

const OWN_EMOJI = { id: '917000000000000001', name: 'polyglot' };
const FOREIGN = '<:alien:918000000000000009>';

let h: BotHarness;
let limits: RateLimitStats;
let original: Json;
const where: Record<string, { channelId: string; messageId: string }> = {};

beforeAll(async () => {
  h = await startBotHarness({ prepare: (g) => (g.emojis = [OWN_EMOJI]) });
  limits = enforceRateLimits(h.fake);
  await h.link('Chat', [
    ['english', 'en'],
    ['spanish', 'es'],
    ['french', 'fr'],
  ]);
  original = h.fake.sendMessage({
    channelId: h.channel('english').id,
    author: h.ben.user,
    member: h.ben,
    content: 'Who is up for a match tonight?',
  });
  const copies = await recordedCopies(h, original.id, 2);
  where.en = { channelId: original.channel_id, messageId: original.id };
  for (const c of copies) where[c.language] = { channelId: c.channelId, messageId: c.id };
});
afterAll(async () => {
  await h?.close();
});

const on = (lang: string): Json => ({ ...h.fake.rest.messages.get(where[lang]!.messageId)! });
const users = (lang: string, emoji: string) =>
  h.fake.rest.reactions.users(where[lang]!.messageId, { id: null, name: emoji });
const botPuts = (emoji: string) =>
  h.fake.calls.filter(
    (c) => c.method === 'PUT' && c.path.includes(`/reactions/${emoji}/@me`) && c.status === 204,
  );
const bot = () => h.fake.botUser.id;

describe('reaction sync across a mirror link', () => {
  it("a member's reaction on the original shows on every copy as the bot's", async () => {
    h.fake.react(on('en'), h.ana.user, '👍');
    await eventually(() => users('es', '👍').includes(bot()) && users('fr', '👍').includes(bot()));
    expect(users('en', '👍')).toEqual([h.ana.user.id]);
    expect(botPuts('👍')).toHaveLength(2);
  });

  it('the same emoji on a copy that already shows it adds nothing (once per emoji)', async () => {
    const done = handled(h, 'messageReactionAdd', (_r, u) => u.id === h.chloe.user.id);
    h.fake.react(on('es'), h.chloe.user, '👍');
    await done;
    expect(botPuts('👍')).toHaveLength(2);
    expect(users('es', '👍').sort()).toEqual([bot(), h.chloe.user.id].sort());
  });

  it('taken off where others still have it elsewhere: it stays shown everywhere (the bot shows it on the original)', async () => {
    const done = handled(h, 'messageReactionRemove', (_r, u) => u.id === h.ana.user.id);
    h.fake.react(on('en'), h.ana.user, '👍', false);
    await done;
    expect(users('en', '👍')).toEqual([bot()]);
    expect(users('fr', '👍')).toEqual([bot()]);
  });

  it("the last member takes it off: the bot's come off every message", async () => {
    h.fake.react(on('es'), h.chloe.user, '👍', false);
    await eventually(() => ['en', 'es', 'fr'].every((l) => users(l, '👍').length === 0));
  });

  it('a reaction on a copy shows on the original and the other copy', async () => {
    h.fake.react(on('fr'), h.chloe.user, '🎉');
    await eventually(() => users('en', '🎉').includes(bot()) && users('es', '🎉').includes(bot()));
  });

  it('a flag stays the translation trigger: not synced', async () => {
    const done = handled(h, 'messageReactionAdd', (r, u) => u.id === h.ana.user.id && r.emoji.name === '🇩🇪');
    h.fake.react(on('en'), h.ana.user, '🇩🇪');
    await done;
    expect(users('es', '🇩🇪')).toEqual([]);
    expect(users('fr', '🇩🇪')).toEqual([]);
  });

  it('a custom emoji of this server is synced; one of a server the bot is not in is skipped and counted', async () => {
    h.fake.react(on('en'), h.ana.user, `<:polyglot:${OWN_EMOJI.id}>`);
    await eventually(() =>
      ['es', 'fr'].every((l) =>
        h.fake.rest.reactions
          .users(where[l]!.messageId, { id: OWN_EMOJI.id, name: 'polyglot' })
          .includes(bot()),
      ),
    );
    const counted = async () =>
      (
        await h.server.services.metrics.registry.getSingleMetricAsString('polyglot_mirror_dropped_total')
      ).match(/what="reaction",reason="foreign_emoji"} (\d+)/)?.[1];
    const done = handled(
      h,
      'messageReactionAdd',
      (r, u) => u.id === h.ana.user.id && r.emoji.id === '918000000000000009',
    );
    h.fake.react(on('en'), h.ana.user, FOREIGN);
    await done;
    expect(await counted()).toBe('1');
    // Discord was asked once (the bot keeps no emoji cache), answered Unknown Emoji, and no other try was made.
    const tries = h.fake.calls.filter((c) => c.method === 'PUT' && c.path.includes('918000000000000009'));
    expect(tries.map((c) => c.status)).toEqual([400]);
  });

  it("a burst of reactions waits in Discord's reaction bucket: every one shown, at most the 429 that teaches each channel's bucket", async () => {
    const emojis = ['😀', '😂', '🔥', '❤️', '👀', '✅'];
    for (const e of emojis) h.fake.react(on('en'), h.ben.user, e);
    await eventually(
      () => emojis.every((e) => users('es', e).includes(bot()) && users('fr', e).includes(bot())),
      30_000,
    );
    // One request at a time per channel (reaction-sync.ts). discord.js learns a bucket from its first
    // answer and moves the route to a handler of that bucket, which starts without the answer's
    // reset: its first request in a channel may take one 429 (retried, nothing lost). A burst sent
    // all at once took one per emoji.
    expect(limits.reaction429).toBeLessThanOrEqual(2);
  });
});

describe('a copy split into several messages (a long translation)', () => {
  const parts: Record<string, string[]> = {};
  let long: Json;
  const usersOn = (messageId: string, emoji: string) =>
    h.fake.rest.reactions.users(messageId, { id: null, name: emoji });
  const sentence = (i: number) => `Sentence ${i} tells the story of the long raid night.`;

  beforeAll(async () => {
    const text = Array.from({ length: 45 }, (_, i) => sentence(i)).join(' ');
    expect(text.length).toBeGreaterThan(2000);
    long = h.fake.sendMessage({
      channelId: h.channel('english').id,
      author: h.ben.user,
      member: h.ben,
      content: text,
    });
    const copies = await recordedCopies(h, long.id, 4);
    for (const c of copies) parts[c.language] = [...(parts[c.language] ?? []), c.id];
    expect(parts.es).toHaveLength(2);
    expect(parts.fr).toHaveLength(2);
  });

  it("a reaction on the original shows on each copy's first message, the one read first, not its last", async () => {
    h.fake.react(h.fake.rest.messages.get(long.id)!, h.ana.user, '⭐');
    await eventually(() => ['es', 'fr'].every((l) => usersOn(parts[l]![0]!, '⭐').includes(bot())));
    expect(usersOn(parts.es![1]!, '⭐')).toEqual([]);
    expect(usersOn(parts.fr![1]!, '⭐')).toEqual([]);
  });

  it("taken off the original, the bot's come off those first messages", async () => {
    h.fake.react(h.fake.rest.messages.get(long.id)!, h.ana.user, '⭐', false);
    await eventually(() => ['es', 'fr'].every((l) => usersOn(parts[l]![0]!, '⭐').length === 0));
  });

  it("a reaction on a copy's first message shows on the original and the other copy's first message, and comes off with it", async () => {
    const first = () => h.fake.rest.messages.get(parts.es![0]!)!;
    h.fake.react(first(), h.chloe.user, '🍀');
    await eventually(
      () => usersOn(long.id, '🍀').includes(bot()) && usersOn(parts.fr![0]!, '🍀').includes(bot()),
    );
    expect(usersOn(parts.fr![1]!, '🍀')).toEqual([]);
    h.fake.react(first(), h.chloe.user, '🍀', false);
    await eventually(() => usersOn(long.id, '🍀').length === 0 && usersOn(parts.fr![0]!, '🍀').length === 0);
  });
});
