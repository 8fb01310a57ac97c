import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { makeScaleGuilds } from '../../bench/scale-guilds';
import { identifiesTooClose } from '../../bench/scale-ready';
import { type FakeDiscord, type Json, startFakeDiscord } from '../fakes/discord';
import { shardOfGuild } from '../fakes/discord/gateway';

/**
 * The fake Discord at bench:scale's size keeps Discord's contract: GET /gateway/bot names the shard
 * count, a shard's READY lists its servers (and only those) as unavailable, then one GUILD_CREATE
 * per server follows; REST calls find a channel's server among thousands, also for channels added
 * or removed after the fake started.
 */

const SHARDS = 8;
const SERVERS = 4000;

/** Identifies as one shard and collects READY and the GUILD_CREATEs until `expected` arrived. */
async function identifyAs(fake: FakeDiscord, shard: number, expected: number) {
  const ws = new WebSocket(fake.apiUrl.replace(/^http/, 'ws').replace(/\/api$/, ''));
  const ready: Json[] = [];
  const created: Json[] = [];
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`shard ${shard}: ${created.length} GUILD_CREATEs`)),
      20_000,
    );
    ws.on('message', (raw) => {
      const msg = JSON.parse(raw.toString()) as Json;
      if (msg.op === 10)
        ws.send(
          JSON.stringify({
            op: 2,
            d: { token: fake.token, intents: 1, shard: [shard, SHARDS], properties: {} },
          }),
        );
      if (msg.t === 'READY') ready.push(msg.d);
      if (msg.t === 'GUILD_CREATE') created.push(msg.d);
      if (ready.length && created.length === expected) {
        clearTimeout(timer);
        resolve();
      }
    });
    ws.on('error', reject);
  });
  ws.close();
  return { ready: ready[0]!, created };
}

describe('the fake Discord with 4,000 servers over 8 shards', () => {
  let fake: FakeDiscord;
  const guilds = makeScaleGuilds(SERVERS, 'test');
  beforeAll(async () => {
    fake = await startFakeDiscord({ guilds, shards: SHARDS });
  });
  afterAll(async () => {
    await fake.close();
  });

  const rest = async (method: string, path: string, body?: Json) => {
    const res = await fetch(`${fake.apiUrl}/v10${path}`, {
      method,
      headers: { authorization: `Bot ${fake.token}`, 'content-type': 'application/json' },
      body: body ? JSON.stringify(body) : undefined,
    });
    return { status: res.status, json: (await res.json()) as Json };
  };

  it('spreads the servers evenly over the shards by (guild_id >> 22) % 8, every id unique', () => {
    const ids = guilds.flatMap((g) => [
      g.id,
      g.ownerId,
      ...g.channels.map((c) => c.id),
      ...(g.roles ?? []).map((r) => r.id),
    ]);
    expect(new Set(ids).size).toBe(ids.length);
    const perShard = Array.from(
      { length: SHARDS },
      (_, s) => guilds.filter((g) => shardOfGuild(g.id, SHARDS) === s).length,
    );
    expect(perShard).toEqual(Array(SHARDS).fill(SERVERS / SHARDS));
  });

  it('makes larger servers on request, still with unique ids', () => {
    const big = makeScaleGuilds(50, 'big', { channels: 40, roles: 20, members: 60 });
    const ids = big.flatMap((g) => [
      g.id,
      ...g.channels.map((c) => c.id),
      ...(g.roles ?? []).map((r) => r.id),
      ...g.members.map((m) => m.user.id),
    ]);
    expect(new Set(ids).size).toBe(ids.length - 49); // the bot is a member of all 50: one id
    expect(big[7]).toMatchObject({ channels: expect.any(Array), roles: expect.any(Array) });
    expect([big[7]!.channels.length, big[7]!.roles!.length, big[7]!.members.length]).toEqual([40, 20, 61]);
    expect(big[7]!.members.find((m) => m.user.id === big[7]!.ownerId)).toBeDefined();
  });

  it('says how many shards to open, and a shard gets READY with its servers unavailable, then a GUILD_CREATE for each', async () => {
    expect((await rest('GET', '/gateway/bot')).json).toMatchObject({ shards: SHARDS });
    const mine = guilds.filter((g) => shardOfGuild(g.id, SHARDS) === 3);
    const { ready, created } = await identifyAs(fake, 3, mine.length);
    expect(ready.shard).toEqual([3, SHARDS]);
    expect(ready.guilds).toHaveLength(mine.length);
    expect(ready.guilds.every((g: Json) => g.unavailable === true)).toBe(true);
    expect(new Set(ready.guilds.map((g: Json) => g.id))).toEqual(new Set(mine.map((g) => g.id)));
    expect(created.map((g) => g.id)).toEqual(mine.map((g) => g.id));
    expect(created[0]).toMatchObject({
      unavailable: false,
      channels: expect.any(Array),
      members: expect.any(Array),
    });
  });

  it("a server added after the fake started is in its shard's next READY, and only there", async () => {
    const [extra] = makeScaleGuilds(1, 'late');
    const shard = shardOfGuild(extra!.id, SHARDS);
    const before = guilds.filter((g) => shardOfGuild(g.id, SHARDS) === shard).length;
    guilds.push(extra!);
    const { ready } = await identifyAs(fake, shard, before + 1);
    expect(ready.guilds.map((g: Json) => g.id)).toContain(extra!.id);
    const other = (shard + 1) % SHARDS;
    const elsewhere = await identifyAs(fake, other, SERVERS / SHARDS);
    expect(elsewhere.ready.guilds.map((g: Json) => g.id)).not.toContain(extra!.id);
    guilds.pop();
  });

  it("answers a webhook post with the channel's server, also for a channel added or removed since it started", async () => {
    const post = async (channelId: string) => {
      const hook = await rest('POST', `/channels/${channelId}/webhooks`, { name: 'bench' });
      return (await rest('POST', `/webhooks/${hook.json.id}/${hook.json.token}?wait=true`, { content: 'hi' }))
        .json;
    };
    const last = guilds[SERVERS - 1]!;
    expect((await post(last.channels[2]!.id)).guild_id).toBe(last.id);
    expect((await post(guilds[17]!.channels[0]!.id)).guild_id).toBe(guilds[17]!.id);
    const added = { id: `${BigInt(guilds[42]!.id) + 99n}`, name: 'added-later', type: 0 };
    guilds[42]!.channels.push(added);
    expect((await post(added.id)).guild_id).toBe(guilds[42]!.id);
    guilds[42]!.channels = guilds[42]!.channels.filter((c) => c.id !== added.id);
    expect((await post(added.id)).guild_id).toBeUndefined();
  });
});

describe("the fake Discord's identify limit (max_concurrency)", () => {
  it('announces the max_concurrency asked for, and logs which shard identified when', async () => {
    const fake = await startFakeDiscord({
      guilds: makeScaleGuilds(16, 'mc'),
      shards: SHARDS,
      maxConcurrency: 1,
    });
    try {
      const res = await fetch(`${fake.apiUrl}/v10/gateway/bot`, {
        headers: { authorization: `Bot ${fake.token}` },
      });
      expect(((await res.json()) as Json).session_start_limit).toMatchObject({ max_concurrency: 1 });
      await identifyAs(fake, 5, 2);
      await identifyAs(fake, 6, 2);
      expect(fake.gateway.identifyLog.map((i) => i.shard)).toEqual([
        [5, SHARDS],
        [6, SHARDS],
      ]);
      // Two identifies of one key (shard % 1) within 5 s: Discord allows one.
      expect(identifiesTooClose(fake.gateway.identifyLog, 1)).toBe(1);
      expect(identifiesTooClose(fake.gateway.identifyLog, 2)).toBe(0);
    } finally {
      await fake.close();
    }
  });
});
