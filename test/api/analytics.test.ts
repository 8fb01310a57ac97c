import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer, tableCounts } from '../helpers/server';
import { insertLogs, type Log, SAMPLE_LOGS, SAMPLE_NOW } from '../helpers/translation-logs';

let s: TestServer;
let now = SAMPLE_NOW;
beforeAll(async () => {
  s = await startTestServer({
    overrides: { clock: () => now },
    guilds: [
      { id: '111', plan: 'plus' },
      { id: '333', plan: 'plus' },
      { id: '444', plan: 'plus' },
    ],
  });
  await insertLogs(s, '111', SAMPLE_LOGS);
  await insertLogs(s, '222', [['u9', 'Zed', 'fr', 'en', '2026-03-17T10:00:00Z', 80]]);
});
afterAll(() => s.close());

describe('GET /api/analytics', () => {
  it('computes every section from the guild logs', async () => {
    const before = await tableCounts(s.services);
    const res = await s.api('/api/analytics?guildId=111', { admin: true });
    expect(res.status).toBe(200);
    const a = res.json;

    expect(a.translationTrend).toHaveLength(30);
    expect(a.translationTrend[0]).toEqual({ date: '2026-02-17', count: 0 });
    expect(a.translationTrend[29]).toEqual({ date: '2026-03-18', count: 1 });
    const byDate = Object.fromEntries(
      a.translationTrend.map((d: { date: string; count: number }) => [d.date, d.count]),
    );
    expect(byDate).toMatchObject({ '2026-03-16': 2, '2026-03-15': 0, '2026-02-20': 1, '2026-02-26': 1 });
    expect(a.translationTrend.reduce((n: number, d: { count: number }) => n + d.count, 0)).toBe(12);

    expect(a.languageDistribution).toEqual([
      { name: 'Spanish', code: 'es', value: 5 },
      { name: 'English', code: 'en', value: 4 },
      { name: 'French', code: 'fr', value: 2 },
      { name: 'Japanese', code: 'ja', value: 1 },
    ]);

    expect(a.userActivity).toHaveLength(24);
    expect(a.userActivity[10]).toEqual({ hour: 10, messages: 3 });
    expect(a.userActivity[20]).toEqual({ hour: 20, messages: 2 });
    expect(a.userActivity[0]).toEqual({ hour: 0, messages: 1 });
    expect(a.userActivity[11]).toEqual({ hour: 11, messages: 0 }); // an error and a rate-limited row only

    expect(a.topTranslators).toEqual([
      { userId: 'u1', username: 'Alice', count: 5, accuracy: 100 },
      { userId: 'u2', username: 'Bob', count: 4, accuracy: 80 }, // 4 ok, 1 error
      { userId: 'u5', username: 'Eve', count: 2, accuracy: 100 },
      { userId: 'u3', username: 'u3', count: 1, accuracy: 100 },
    ]);

    expect(a.languagePairs).toEqual([
      { from: 'en', to: 'es', count: 5, successRate: 100 },
      { from: 'es', to: 'en', count: 4, successRate: 100 },
      { from: 'en', to: 'fr', count: 2, successRate: 100 },
      { from: 'en', to: 'ja', count: 1, successRate: 100 },
      { from: 'en', to: 'de', count: 0, successRate: 0 },
    ]);

    // 12 ok and 1 error: 92.3 percent; the mean latency counts successful translations only.
    expect(a.qualityMetrics).toEqual({
      totalTranslations: 12,
      successRate: 92.3,
      avgResponseTime: 225,
      errorRate: 7.7,
    });
    expect(await tableCounts(s.services)).toEqual(before);
  });

  it('follows the injected clock: the 30-day window moves', async () => {
    now = new Date('2026-04-10T09:00:00Z');
    const res = await s.api('/api/analytics?guildId=111', { admin: true });
    now = SAMPLE_NOW;
    expect(res.json.translationTrend[0].date).toBe('2026-03-12');
    expect(res.json.translationTrend[29].date).toBe('2026-04-10');
    // Mar 12 .. Mar 18 holds 6 successful translations.
    expect(res.json.translationTrend.reduce((n: number, d: { count: number }) => n + d.count, 0)).toBe(6);
  });

  it('caps top translators at 10', async () => {
    await insertLogs(
      s,
      '444',
      Array.from(
        { length: 14 },
        (_, i): Log => [`m${i}`, `Member ${i}`, 'en', 'es', '2026-03-17T10:00:00Z', 90],
      ),
    );
    const res = await s.api('/api/analytics?guildId=444', { admin: true });
    expect(res.json.topTranslators).toHaveLength(10);
    expect(res.json.qualityMetrics.totalTranslations).toBe(14);
  });

  it('answers zeros and empty lists for a guild with no data', async () => {
    const res = await s.api('/api/analytics?guildId=333', { admin: true });
    expect(res.status).toBe(200);
    expect(res.json.translationTrend).toHaveLength(30);
    expect(res.json.translationTrend.every((d: { count: number }) => d.count === 0)).toBe(true);
    expect(res.json.userActivity.every((h: { messages: number }) => h.messages === 0)).toBe(true);
    expect(res.json.languageDistribution).toEqual([]);
    expect(res.json.topTranslators).toEqual([]);
    expect(res.json.languagePairs).toEqual([]);
    expect(res.json.qualityMetrics).toEqual({
      totalTranslations: 0,
      successRate: 0,
      avgResponseTime: 0,
      errorRate: 0,
    });
  });

  it('needs credentials', async () => {
    const res = await s.api('/api/analytics?guildId=111');
    expect(res.status).toBe(401);
  });
});
