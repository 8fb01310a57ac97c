import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawRun } from '../../db/client';
import { channelLinkChannels, channelLinks } from '../../db/schema';
import { GLOBAL_STATS_CACHE_SECONDS } from '../../src/server/core/public-limits';
import { globalStats } from '../../src/server/features/stats/stats';
import { startTestServer, type TestServer, tableCounts } from '../helpers/server';
import { insertLogs, type Log, SAMPLE_NOW as NOW, SAMPLE_LOGS } from '../helpers/translation-logs';

let s: TestServer;
let now = NOW;

beforeAll(async () => {
  s = await startTestServer({ overrides: { clock: () => now }, guilds: ['111', '333'] });
  await insertLogs(s, '111', SAMPLE_LOGS);
  await insertLogs(
    s,
    '222',
    Array.from({ length: 5 }, (): Log => ['u9', 'Zed', 'fr', 'en', '2026-03-17T10:00:00Z', 80]),
  );
  const db = s.services.db;
  const a = await db.insert(channelLinks).values({ guildId: '111', name: 'General' }).returning().get();
  const b = await db.insert(channelLinks).values({ guildId: '111', name: 'Trading' }).returning().get();
  await db
    .insert(channelLinkChannels)
    .values([
      { linkId: a.id, channelId: '1001', language: 'en' },
      { linkId: a.id, channelId: '1002', language: 'es' },
      { linkId: b.id, channelId: '1002', language: 'es' },
      { linkId: b.id, channelId: '1003', language: 'fr' },
    ])
    .run();
});
afterAll(() => s.close());

describe('GET /api/global-stats (public)', () => {
  it('counts successful translations of every guild, without credentials', async () => {
    const res = await s.api('/api/global-stats');
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ totalTranslations: 12 + 5 });
  });

  it('stays exact as logs are appended, and after a reset once the minute is over', async () => {
    await insertLogs(s, '222', [['u9', 'Zed', 'fr', 'en', '2026-03-18T11:59:00Z', 80]]);
    await insertLogs(s, '222', [['u9', 'Zed', 'fr', 'en', '2026-03-18T11:59:00Z', 80, 'error']]);
    // The public answer is reused for a few seconds (test/api/public-limits.test.ts); past that, exact.
    now = new Date(NOW.getTime() + GLOBAL_STATS_CACHE_SECONDS * 1000);
    expect((await s.api('/api/global-stats')).json.totalTranslations).toBe(18);
    now = NOW;
    await rawRun(
      s.services.db,
      sql`delete from translation_logs where guild_id = '222' and outcome = 'error'`,
    );
    await rawRun(
      s.services.db,
      sql`delete from translation_logs where id = (select min(id) from translation_logs where guild_id = '222')`,
    );
    now = new Date(NOW.getTime() + 61_000);
    try {
      expect((await s.api('/api/global-stats')).json.totalTranslations).toBe(17);
    } finally {
      now = NOW;
    }
  });
});

describe('GET /api/global-stats from visitors at the same moment', () => {
  it('counts the logs appended since the last count once, whoever asks', async () => {
    const before = (await s.api('/api/global-stats')).json.totalTranslations;
    await insertLogs(s, '222', [
      ['u8', 'Yan', 'de', 'en', '2026-03-18T11:58:00Z', 70],
      ['u8', 'Yan', 'de', 'en', '2026-03-18T11:58:30Z', 70],
    ]);
    // The route's own function, in-process: HTTP parsing spaces the visits out too much to overlap.
    const visits = await Promise.all([1, 2, 3, 4].map(() => globalStats(s.services.db, now)));
    expect(visits.map((v) => v.totalTranslations)).toEqual([before + 2, before + 2, before + 2, before + 2]);
    now = new Date(NOW.getTime() + GLOBAL_STATS_CACHE_SECONDS * 1000);
    try {
      expect((await s.api('/api/global-stats')).json.totalTranslations).toBe(before + 2);
    } finally {
      now = NOW;
    }
  });
});

describe('GET /api/stats', () => {
  it('gives the stat cards from the guild rows', async () => {
    const before = await tableCounts(s.services);
    const res = await s.api('/api/stats?guildId=111', { admin: true });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({
      totalTranslations: 12,
      translationsTrend: 50, // 6 this week against 4 the week before
      linkedChannels: 3,
      activeUsers: 3, // u1, u2, u3
      activeUsersTrend: 50, // 3 against 2
      avgSpeedMs: 225, // 2700 ms over 12 successful translations
      hasData: true,
    });
    expect(await tableCounts(s.services)).toEqual(before);
  });

  it('answers zeros for a guild with no data, never invented numbers', async () => {
    const res = await s.api('/api/stats?guildId=333', { admin: true });
    expect(res.json).toEqual({
      totalTranslations: 0,
      translationsTrend: null,
      linkedChannels: 0,
      activeUsers: 0,
      activeUsersTrend: null,
      avgSpeedMs: 0,
      hasData: false,
    });
  });

  it('needs credentials and a valid guild id', async () => {
    expect((await s.api('/api/stats?guildId=111')).status).toBe(401);
    expect((await s.api('/api/activity?guildId=111')).status).toBe(401);
    const bad = await s.api('/api/stats?guildId=no%20spaces', { admin: true });
    expect(bad.status).toBe(400);
    expect(bad.json.error).toContain('guildId');
  });
});

describe('GET /api/activity', () => {
  it('gives the last 7 days Mon..Sun, the 10 newest translations and the top languages', async () => {
    const res = await s.api('/api/activity?guildId=111', { admin: true });
    expect(res.status).toBe(200);
    expect(res.json.weekly).toEqual([
      { day: 'Mon', translations: 2 },
      { day: 'Tue', translations: 1 },
      { day: 'Wed', translations: 1 },
      { day: 'Thu', translations: 1 },
      { day: 'Fri', translations: 0 },
      { day: 'Sat', translations: 1 },
      { day: 'Sun', translations: 0 }, // only an error that day
    ]);
    expect(res.json.recent).toHaveLength(10);
    expect(res.json.recent.slice(0, 3)).toEqual([
      expect.objectContaining({ from: 'en', to: 'es', user: 'Alice', createdAt: '2026-03-18T10:00:00.000Z' }),
      expect.objectContaining({ from: 'en', to: 'es', user: 'Alice', createdAt: '2026-03-17T09:00:00.000Z' }),
      expect.objectContaining({ from: 'en', to: 'fr', user: 'u3', createdAt: '2026-03-16T16:00:00.000Z' }),
    ]);
    expect(res.json.recent.at(-1).createdAt).toBe('2026-03-05T20:00:00.000Z');
    expect(res.json.topLanguages).toEqual([
      { language: 'es', name: 'Spanish', users: 2, translations: 5, percent: 42 },
      { language: 'en', name: 'English', users: 1, translations: 4, percent: 33 },
      { language: 'fr', name: 'French', users: 2, translations: 2, percent: 17 },
      { language: 'ja', name: 'Japanese', users: 1, translations: 1, percent: 8 },
    ]);
  });

  it('gives an empty week and empty lists for a guild with no data', async () => {
    const res = await s.api('/api/activity?guildId=333', { admin: true });
    expect(res.json.weekly.map((d: { day: string }) => d.day)).toEqual([
      'Mon',
      'Tue',
      'Wed',
      'Thu',
      'Fri',
      'Sat',
      'Sun',
    ]);
    expect(res.json.weekly.every((d: { translations: number }) => d.translations === 0)).toBe(true);
    expect(res.json.recent).toEqual([]);
    expect(res.json.topLanguages).toEqual([]);
  });
});
