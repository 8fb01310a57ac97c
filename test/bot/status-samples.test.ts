import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordSamples } from '../../src/server/features/status/samples';
import { type BotHarness, eventually, startBotHarness } from './harness';

/**
 * The status page's shard samples from a real bot: discord.js against the fake Discord reports
 * each shard of its process (bot.reportStatus), and the sampler reads that report.
 */
let h: BotHarness;
beforeAll(async () => {
  h = await startBotHarness();
});
afterAll(async () => {
  await h?.close();
});

describe('status samples of the bot', () => {
  it('records the shard up once the bot reports it ready', async () => {
    const report = await eventually(async () => {
      const s = await h.server.services.botStatus.get();
      return s.state === 'online' && s.shards?.length ? s : null;
    });
    // Ready for the status page; the state, ping, servers and heartbeat for a parent's /healthz.
    expect(report.shards).toEqual([
      {
        id: 0,
        ready: true,
        status: 'Ready',
        ping: expect.any(Number),
        guilds: 1,
        // null until the first heartbeat (discord.js sends it up to 41 s after the fake's HELLO).
        lastHeartbeat: report.shards?.[0]?.lastHeartbeat === null ? null : expect.any(String),
      },
    ]);
    const samples = await recordSamples(h.server.services.db, new Date());
    expect(samples).toMatchObject({ web: true, 'shard:0': true });
  });

  it('records it down when its last report is older than the freshness window (90 s)', async () => {
    // Sampled as if two minutes had passed without a report (the bot reports every 30 s).
    const samples = await recordSamples(h.server.services.db, new Date(Date.now() + 2 * 60_000));
    expect(samples['shard:0']).toBe(false);
  });
});
