import { DiscordAPIError, HTTPError } from 'discord.js';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { isTransient, NONCE_MAX_LENGTH, postOnce, workNonce } from '../../bot/nonce';
import { type FakeDiscord, makeGuild, makeMember, startFakeDiscord } from '../fakes/discord';
import { takeContractViolations } from '../fakes/discord/contract';
import { NONCE_WINDOW_MS } from '../fakes/discord/nonces';

/**
 * The fake Discord's Create Message nonce, as Discord's: with enforce_nonce, the same author and
 * nonce within the window answers the message already created and creates nothing; anything else
 * creates a message as before. And the bot's nonce of a work item: stable, distinct, short enough.
 */
let fake: FakeDiscord;
const guild = makeGuild('Nonce', ['general', 'news']);
const general = guild.channels[0]!.id;
const news = guild.channels[1]!.id;

beforeAll(async () => {
  fake = await startFakeDiscord({ guilds: [guild] });
});
afterAll(() => fake.close());
afterEach(() => {
  vi.restoreAllMocks();
  fake.rest.clearFailures();
});

async function post(channelId: string, body: object): Promise<{ status: number; json: { id: string } }> {
  const res = await fetch(`${fake.apiUrl}/v10/channels/${channelId}/messages`, {
    method: 'POST',
    headers: { authorization: `Bot ${fake.token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.status, json: (await res.json()) as { id: string } };
}

const copies = (channelId: string, content: string) =>
  [...fake.rest.messages.values()].filter((m) => m.channel_id === channelId && m.content === content);

describe('fake Discord: Create Message with a nonce', () => {
  it('the same nonce, enforced, answers the message already created and creates no second one', async () => {
    const first = await post(general, { content: 'Once', nonce: 'n-same-1', enforce_nonce: true });
    const again = await post(general, { content: 'Once', nonce: 'n-same-1', enforce_nonce: true });
    expect(first.status).toBe(200);
    expect(again).toEqual({
      status: 200,
      json: expect.objectContaining({ id: first.json.id, nonce: 'n-same-1' }),
    });
    expect(copies(general, 'Once')).toHaveLength(1);
  });

  it('without enforce_nonce, or with another nonce, every request creates a message', async () => {
    const a = await post(general, { content: 'Loose', nonce: 'n-loose' });
    const b = await post(general, { content: 'Loose', nonce: 'n-loose' });
    const c = await post(general, { content: 'Loose', nonce: 'n-loose-2', enforce_nonce: true });
    const d = await post(general, { content: 'Loose', nonce: 'n-loose-3', enforce_nonce: true });
    expect(new Set([a.json.id, b.json.id, c.json.id, d.json.id]).size).toBe(4);
    expect(copies(general, 'Loose')).toHaveLength(4);
  });

  it("another author's message with the same nonce is not the bot's: a new message", async () => {
    const other = makeMember('someone').user;
    const body = { content: 'Mine', nonce: 'n-author', enforce_nonce: true };
    const [, theirs] = fake.rest.createMessage(body, general, other);
    const ours = await post(general, body);
    expect(ours.json.id).not.toBe(theirs.id);
    expect(
      copies(general, 'Mine')
        .map((m) => m.author.id)
        .sort(),
    ).toEqual([fake.botUser.id, other.id].sort());
  });

  it('after the window the same nonce creates a new message', async () => {
    const first = await post(news, { content: 'Later', nonce: 'n-window', enforce_nonce: true });
    const now = Date.now();
    const clock = vi.spyOn(Date, 'now').mockReturnValue(now + NONCE_WINDOW_MS + 1000);
    const later = await post(news, { content: 'Later', nonce: 'n-window', enforce_nonce: true }).finally(() =>
      clock.mockRestore(),
    );
    expect(later.json.id).not.toBe(first.json.id);
    expect(copies(news, 'Later')).toHaveLength(2);
  });

  it('a nonce longer than 25 characters is refused (400) and nothing is created', async () => {
    const res = await post(general, { content: 'Too long', nonce: 'x'.repeat(26), enforce_nonce: true });
    expect(res.status).toBe(400);
    expect(copies(general, 'Too long')).toHaveLength(0);
    // The contract check refused it first, naming the route and the schema error; taken here so
    // this deliberate violation does not fail the test (contract-setup.ts).
    const [violation, ...more] = takeContractViolations();
    expect(more).toHaveLength(0);
    expect(violation).toMatchObject({ kind: 'invalid-body', route: '/channels/{channel_id}/messages' });
    expect(violation!.errors.join('; ')).toContain('/nonce must NOT have more than 25 characters');
  });

  it('a lost answer: the message is created but the connection closes; asking again answers it', async () => {
    fake.rest.loseAnswer({ method: 'POST', path: new RegExp(`^/channels/${news}/messages$`), times: 1 });
    const body = { content: 'Lost answer', nonce: 'n-lost', enforce_nonce: true };
    await expect(post(news, body)).rejects.toThrow();
    expect(copies(news, 'Lost answer')).toHaveLength(1);
    const again = await post(news, body);
    expect(again.json.id).toBe(copies(news, 'Lost answer')[0]!.id);
    expect(copies(news, 'Lost answer')).toHaveLength(1);
    expect(fake.calls.filter((c) => c.body?.nonce === 'n-lost').map((c) => c.lost ?? false)).toEqual([
      true,
      false,
    ]);
  });
});

describe("the bot's nonce of a work item", () => {
  it('is the same for the same item in every call, differs by channel and part, and fits Discord', () => {
    const a = workNonce('announcement', 7, news, 0);
    expect(workNonce('announcement', 7, news, 0)).toBe(a);
    expect(a.length).toBeLessThanOrEqual(NONCE_MAX_LENGTH);
    const others = [
      workNonce('announcement', 7, news, 1),
      workNonce('announcement', 7, general, 0),
      workNonce('announcement', 8, news, 0),
      workNonce('poll', 7, news, 0),
    ];
    expect(new Set([a, ...others]).size).toBe(5);
    expect(postOnce('poll', 1, news)).toEqual({ nonce: workNonce('poll', 1, news), enforceNonce: true });
  });
});

describe('which failures an announcement job tries again', () => {
  const apiError = (status: number) =>
    new DiscordAPIError({ message: 'x', code: 0 }, 0, status, 'POST', '/channels/1/messages', {});
  it('Discord unreachable, an answer lost, a 5xx or a 429: yes; a refusal or our own error: no', () => {
    const reset = Object.assign(new Error('other side closed'), { code: 'UND_ERR_SOCKET' });
    const timeout = Object.assign(new Error('This operation was aborted'), { name: 'AbortError' });
    expect([reset, timeout, apiError(502), apiError(429)].map(isTransient)).toEqual([true, true, true, true]);
    expect(isTransient(new HTTPError(500, 'Internal Server Error', 'POST', '/x', {}))).toBe(true);
    expect([apiError(403), apiError(404), apiError(400)].map(isTransient)).toEqual([false, false, false]);
    expect(isTransient(new Error('the channel does not exist or is not a text channel'))).toBe(false);
  });
});
