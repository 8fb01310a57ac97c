import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawGet } from '../../db/client';
import { guildChannels, memberXp } from '../../db/schema';
import {
  joinExchange,
  leaveExchange,
  nextPartner,
  runMatching,
  waitingMembers,
} from '../../src/server/features/exchange/exchange';
import { runRetention } from '../../src/server/core/retention';
import { retentionPurges } from '../../src/server/app/services';
import { startTestServer, type TestServer, tableCounts } from '../helpers/server';

/**
 * Language exchange over REST (/api/guilds/:guildId/exchange) and its matching rules: the plan
 * gate, bad input writing nothing, other servers refused, ties broken by waiting time then activity.
 */

let s: TestServer;
const PRO = '7100';
const ULTIMATE = '7200';
const PLUS = '7300';
const MATCH = '7400';
beforeAll(async () => {
  s = await startTestServer({
    guilds: [
      { id: PRO, plan: 'pro' },
      { id: ULTIMATE, plan: 'ultimate' },
      { id: PLUS, plan: 'plus' },
      { id: MATCH, plan: 'pro' },
    ],
  });
  await s.services.db
    .insert(guildChannels)
    .values([
      { id: '900001', guildId: PRO, name: 'language-exchange', type: 0 },
      { id: '900002', guildId: PRO, name: 'Lounge', type: 2 },
      { id: '900003', guildId: ULTIMATE, name: 'elsewhere', type: 0 },
      { id: '900004', guildId: PRO, name: 'news', type: 5 },
    ])
    .run();
});
afterAll(() => s?.close());

const get = (guildId: string, headers?: Record<string, string>) =>
  s.api(`/api/guilds/${guildId}/exchange`, headers ? { headers } : { admin: true });
const patch = (guildId: string, body: unknown) =>
  s.api(`/api/guilds/${guildId}/exchange`, { method: 'PATCH', admin: true, body });

describe('GET /api/guilds/:guildId/exchange', () => {
  it('an empty exchange on a Pro server', async () => {
    const res = await get(PRO);
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ channelId: '', channelName: null, waiting: [], pairs: [] });
  });

  it('below Pro: 403 naming the plan', async () => {
    const res = await get(PLUS);
    expect(res.status).toBe(403);
    expect(res.json).toEqual({
      error: 'Language exchange matching needs the Pro plan; upgrade this server to use it',
      locked: { capability: 'exchange', plan: 'pro' },
    });
  });

  it('a malformed server id is 400, a server the bot is not in 403', async () => {
    const bad = await get('not%20a%20server!');
    expect(bad.status).toBe(400);
    expect(bad.json.error).toMatch(/^guildId: /);
    expect((await get('999999')).status).toBe(403);
  });

  it("a server's API key reaches that server only", async () => {
    const made = await s.api(`/api/api-keys?guildId=${ULTIMATE}`, {
      method: 'POST',
      admin: true,
      body: { name: 'exchange' },
    });
    expect(made.status).toBe(201);
    const key = { authorization: `Bearer ${made.json.key}` };
    expect((await get(ULTIMATE, key)).status).toBe(200);
    expect((await get('default', key)).status).toBe(200);
    const other = await get(PRO, key);
    expect(other.status).toBe(403);
    const write = await s.api(`/api/guilds/${PRO}/exchange`, {
      method: 'PATCH',
      headers: key,
      body: { channelId: '900001' },
    });
    expect(write.status).toBe(403);
    expect((await get(PRO)).json.channelId).toBe('');
  });
});

describe('PATCH /api/guilds/:guildId/exchange', () => {
  it.each([
    ['not an id', { channelId: 'general' }, /^channelId: /],
    [
      'a channel of no server',
      { channelId: '123456' },
      /^channelId: 123456 is not a text channel of this server/,
    ],
    [
      'a voice channel',
      { channelId: '900002' },
      /^channelId: 900002 \(#Lounge\) is a voice channel, not a text channel \(private threads open only in text channels\)/,
    ],
    [
      'an announcement channel (no private threads)',
      { channelId: '900004' },
      /^channelId: 900004 \(#news\) is an announcement channel, not a text channel \(private threads open only in text channels\)/,
    ],
    [
      "another server's channel",
      { channelId: '900003' },
      /^channelId: 900003 is not a text channel of this server/,
    ],
    ['no channelId', {}, /^channelId: /],
    ['a number', { channelId: 900001 }, /^channelId: /],
  ])('%s: 400 naming the field, nothing written', async (_name, body, error) => {
    const before = await tableCounts(s.services);
    const res = await patch(PRO, body);
    expect(res.status).toBe(400);
    expect(res.json.error).toMatch(error);
    expect(await tableCounts(s.services)).toEqual(before);
  });

  it('below Pro: 403, nothing written', async () => {
    const before = await tableCounts(s.services);
    const res = await patch(PLUS, { channelId: '' });
    expect(res.status).toBe(403);
    expect(res.json.locked).toEqual({ capability: 'exchange', plan: 'pro' });
    expect(await tableCounts(s.services)).toEqual(before);
  });

  it('sets a text channel of the server (answers with its name), and "" clears it', async () => {
    const set = await patch(PRO, { channelId: '900001' });
    expect(set.status).toBe(200);
    expect(set.json).toMatchObject({ channelId: '900001', channelName: 'language-exchange' });
    expect((await get(PRO)).json.channelId).toBe('900001');
    const cleared = await patch(PRO, { channelId: '' });
    expect(cleared.json).toMatchObject({ channelId: '', channelName: null });
  });
});

describe('matching', () => {
  const at = (minute: number) => new Date(Date.UTC(2026, 0, 1, 12, minute));
  const joinAs = async (userId: string, native: string, learning: string, minute: number) =>
    await joinExchange(
      s.services.db,
      MATCH,
      { userId, username: `user${userId}`, native, learning, replyLanguage: native },
      at(minute),
    );

  it('pairs whoever waited longest among candidates, then the most active', async () => {
    // Three English speakers learning Spanish wait; two joined at the same minute, one talks more.
    await joinAs('1', 'en', 'es', 0);
    await joinAs('2', 'en', 'es', 5);
    await joinAs('3', 'en', 'es', 5);
    await s.services.db
      .insert(memberXp)
      .values([
        { guildId: MATCH, userId: '2', messageCount: 3 },
        { guildId: MATCH, userId: '3', messageCount: 40 },
      ])
      .run();
    const first = await joinAs('10', 'es', 'en', 10);
    expect(first.kind === 'joined' && first.pair).toMatchObject({ userA: '1', userB: '10' });
    const second = await joinAs('11', 'es', 'en', 11);
    // 2 and 3 waited equally long: 3 has written more messages.
    expect(second.kind === 'joined' && second.pair).toMatchObject({ userA: '3', userB: '11' });
    expect((await waitingMembers(s.services.db, MATCH)).map((m) => m.userId)).toEqual(['2']);
    const res = await get(MATCH);
    expect(res.json.waiting).toEqual([
      { userId: '2', username: 'user2', native: 'en', learning: 'es', waitingSince: at(5).toISOString() },
    ]);
    expect(res.json.pairs).toHaveLength(2);
    expect(res.json.pairs[0]).toMatchObject({
      a: { userId: '1', username: 'user1', native: 'en', learning: 'es', told: null },
      b: { userId: '10', username: 'user10', native: 'es', learning: 'en', told: null },
      since: at(10).toISOString(),
      threadId: null,
      threadUrl: null,
      delivery: 'queued',
    });
  });

  it('a member is in one pair at most; joining again writes nothing', async () => {
    const before = await tableCounts(s.services);
    expect((await joinAs('10', 'es', 'en', 12)).kind).toBe('already');
    expect(await runMatching(s.services.db, MATCH, at(12))).toEqual([]);
    expect(await tableCounts(s.services)).toEqual(before);
  });

  it('next pairs with someone else, never straight back with the previous partner', async () => {
    const next = await nextPartner(s.services.db, MATCH, '10', at(20));
    expect(next.kind).toBe('ended');
    // 10 is paired with 2, who waited; 1 (the previous partner) waits.
    expect(next.kind === 'ended' && next.pair).toMatchObject({ userA: '2', userB: '10' });
    expect((await waitingMembers(s.services.db, MATCH)).map((m) => m.userId)).toEqual(['1']);
    // Nobody else: 1 stays waiting although 10 would fit after another next.
    const again = await nextPartner(s.services.db, MATCH, '10', at(21));
    expect(again.kind === 'ended' && again.pair).toBeNull();
    expect((await waitingMembers(s.services.db, MATCH)).map((m) => m.userId).sort()).toEqual([
      '1',
      '10',
      '2',
    ]);
  });

  it('leave ends the pair; the one left behind can be matched again', async () => {
    await joinAs('12', 'es', 'en', 30);
    const left = await leaveExchange(s.services.db, MATCH, '12', at(31));
    expect(left.kind === 'left' && left.ended).toBeTruthy();
    expect(left.kind === 'left' && left.created).toHaveLength(1);
  });

  it('retention deletes pairs that ended more than 30 days ago and keeps the rest', async () => {
    const ended = (await rawGet(
      s.services.db,
      sql`select count(*) as n from exchange_pairs where guild_id = ${MATCH} and ended_at is not null`,
    )) as { n: number };
    expect(ended.n).toBeGreaterThan(0);
    const active = async () =>
      (
        (await rawGet(
          s.services.db,
          sql`select count(*) as n from exchange_pairs where guild_id = ${MATCH} and ended_at is null`,
        )) as { n: number }
      ).n;
    const activeBefore = await active();
    expect(
      (await runRetention(s.services.db, new Date(at(31).getTime() + 29 * 86_400_000), retentionPurges))
        .exchangePairs,
    ).toBe(0);
    expect(
      (await runRetention(s.services.db, new Date(at(31).getTime() + 31 * 86_400_000), retentionPurges))
        .exchangePairs,
    ).toBe(ended.n);
    expect(await active()).toBe(activeBefore);
  });
});
