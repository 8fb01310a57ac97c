import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawAll } from '../../db/client';
import { translationLogs } from '../../db/schema';
import { createBotStatus } from '../../src/server/features/guilds/bot-status';
import { recordSamples } from '../../src/server/features/status/samples';
import { startTestServer, type TestServer } from '../helpers/server';

const MINUTE = 60_000;
const DAY = 86_400_000;
const T0 = Date.parse('2026-06-01T12:00:00Z');
let now = new Date(T0);
let s: TestServer;

beforeAll(async () => {
  s = await startTestServer({ overrides: { clock: () => now }, guilds: ['111'] });
});
afterAll(() => s.close());

/** The sampler's run at the start of minute `i` after T0 (it records minute i - 1). */
const sampleAt = (i: number) => recordSamples(s.services.db, new Date(T0 + i * MINUTE));

describe('GET /api/status (public)', () => {
  it('answers no components and no figures before the first sample', async () => {
    const res = await s.api('/api/status');
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      components: [],
      overall: { day: null, week: null, quarter: null },
      incidents: [],
    });
  });

  it('measures uptime per component from the samples, and the periods each was down', async () => {
    // Two bot shards reporting through the real status holder: shard 1 not ready.
    const bot = createBotStatus(true, new Date(T0), { db: s.services.db, owner: 'host:1', clock: () => now });
    const report = (ready1: boolean, at: number) =>
      bot.report(
        {
          state: 'online',
          shard: { id: 0, count: 2 },
          shards: [
            { id: 0, ready: true },
            { id: 1, ready: ready1 },
          ],
        },
        new Date(at),
      );
    // Minutes 0..59 recorded at the start of minutes 1..60; minutes 20, 21, 22 not recorded at all
    // (no web process ran); shard 1 not ready in minutes 40..44; the provider failed every call in minute 50.
    for (let i = 1; i <= 60; i++) {
      if (i >= 21 && i <= 23) continue;
      await report(!(i >= 41 && i <= 45), T0 + i * MINUTE - 1000);
      if (i === 51) {
        await s.services.db
          .insert(translationLogs)
          .values({
            guildId: '111',
            sourceLanguage: 'en',
            targetLanguage: 'fr',
            characters: 5,
            outcome: 'error',
            createdAt: new Date(T0 + 50 * MINUTE + 5000),
          })
          .run();
      }
      const wrote = await sampleAt(i);
      if (i === 51) expect(wrote).toEqual({ web: true, provider: false, 'shard:0': true, 'shard:1': true });
    }
    // The report at minute 61 counts minutes 0..59 (minute 60's sample is written at 61's start).
    now = new Date(T0 + 61 * MINUTE + 30_000);
    const res = await s.api('/api/status');
    expect(res.status).toBe(200);
    const byId = Object.fromEntries(res.json.components.map((c: { id: string }) => [c.id, c]));
    expect(Object.keys(byId)).toEqual(['web', 'provider', 'shard:0', 'shard:1']);
    // 60 minutes measured (the windows reach before the first sample: counted from it).
    expect(byId.web.uptime).toEqual({ day: 95, week: 95, quarter: 95 }); // 57 of 60
    expect(byId.provider.uptime.day).toBe(93.333); // 56 of 60
    expect(byId['shard:0'].uptime.day).toBe(95);
    expect(byId['shard:1'].uptime.day).toBe(86.667); // 52 of 60
    expect(byId.web).toMatchObject({
      current: 'up',
      since: new Date(T0).toISOString(),
      name: 'Website, dashboard and API',
    });
    expect(res.json.overall).toEqual({ day: 86.667, week: 86.667, quarter: 86.667 });

    const at = (m: number) => new Date(T0 + m * MINUTE).toISOString();
    expect(res.json.incidents).toEqual([
      { component: 'provider', name: 'Translation provider', start: at(50), end: at(51), minutes: 1 },
      { component: 'shard:1', name: 'Discord bot, shard 1', start: at(40), end: at(45), minutes: 5 },
      ...['web', 'provider', 'shard:0', 'shard:1'].map((component) => ({
        component,
        name: expect.any(String),
        start: at(20),
        end: at(23),
        minutes: 3,
      })),
    ]);
  });

  it('shows an incident that lasts as open, and a shard gone silent as down', async () => {
    // The bot stops reporting; two more minutes are sampled: both shards down, still down.
    await sampleAt(62);
    await sampleAt(63);
    now = new Date(T0 + 64 * MINUTE);
    const res = await s.api('/api/status');
    const shard0 = res.json.components.find((c: { id: string }) => c.id === 'shard:0');
    expect(shard0.current).toBe('down');
    // Minute 60 was never recorded (its run, at minute 61's start, did not happen): a one-minute gap
    // for the web tier; for the shards it runs into their silence, still open.
    const at = (m: number) => new Date(T0 + m * MINUTE).toISOString();
    const [web, provider, s0, s1] = res.json.incidents;
    expect(web).toMatchObject({ component: 'web', start: at(60), end: at(61), minutes: 1 });
    expect(provider).toMatchObject({ component: 'provider', start: at(60), end: at(61) });
    expect(s0).toMatchObject({ component: 'shard:0', start: at(60), end: null, minutes: 3 });
    expect(s1).toMatchObject({ component: 'shard:1', start: at(60), end: null, minutes: 3 });
  });

  it('deletes samples older than 90 days', async () => {
    await recordSamples(s.services.db, new Date(T0 + 91 * DAY));
    const [{ n }] = await rawAll<{ n: number }>(
      s.services.db,
      sql`select count(*) as n from health_samples where at < ${T0 + DAY}`,
    );
    expect(Number(n)).toBe(0);
  });

  it('refuses other methods with the ones it has', async () => {
    const res = await s.api('/api/status', { method: 'POST', body: {} });
    expect(res.status).toBe(405);
    expect(res.json.error).toBe('method POST not allowed on /api/status: use GET');
  });
});
