import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDb, rawAll, rawGet } from '../../db/client';
import { seedDemo } from '../../db/demo';
import { startTestServer, type TestServer, tableCounts } from '../helpers/server';

const NOW = new Date('2026-09-16T15:00:00Z');
let s: TestServer;
let summary: string;

beforeAll(async () => {
  s = await startTestServer({ overrides: { clock: () => NOW } });
  summary = await seedDemo(s.services.db, s.env.DEFAULT_GUILD_ID, NOW);
});
afterAll(() => s.close());

const read = async (path: string) => {
  const res = await s.api(path, { admin: true });
  expect(res.status, `${path}: ${res.text}`).toBe(200);
  return res.json;
};

describe('seedDemo', () => {
  it('says what it seeded', () => {
    expect(summary).toMatch(/seeded guild default/);
    expect(summary).toMatch(/14 learners/);
    expect(summary).toMatch(/\d{4} translation logs/);
  });

  it('is idempotent: a second run changes nothing and says why', async () => {
    const before = await tableCounts(s.services);
    const again = await seedDemo(s.services.db, s.env.DEFAULT_GUILD_ID, NOW);
    expect(again).toMatch(/already has data.*nothing seeded/);
    expect(await tableCounts(s.services)).toEqual(before);
  });

  it('is deterministic and keeps two demo guilds apart', async () => {
    const a = await openDb(':memory:');
    const b = await openDb(':memory:');
    try {
      await seedDemo(a, 'default', NOW);
      await seedDemo(b, 'default', NOW);
      const rows = async (db: typeof a) =>
        await rawAll(
          db,
          sql`select user_id, source_language, target_language, latency_ms, outcome, created_at from translation_logs order by id`,
        );
      expect(await rows(a)).toEqual(await rows(b));
      expect(await seedDemo(a, '424242', NOW)).toMatch(/seeded guild 424242/);
      const channels = await rawAll(
        a,
        sql`select guild_id, count(*) as n from guild_channels group by guild_id`,
      );
      expect(channels).toEqual([
        { guild_id: '424242', n: 12 },
        { guild_id: 'default', n: 12 },
      ]);
    } finally {
      await a.$close();
      await b.$close();
    }
  });

  it('puts about 3000 translation logs over the last 30 days, never in the future, with a few errors', async () => {
    const row = (await rawGet(
      s.services.db,
      sql`select count(*) as n, min(created_at) as first, max(created_at) as last,
                sum(case when outcome = 'error' then 1 else 0 end) as errors from translation_logs where guild_id = 'default'`,
    )) as { n: number; first: number; last: number; errors: number };
    expect(row.n).toBeGreaterThan(2500);
    expect(row.n).toBeLessThan(3500);
    expect(row.last).toBeLessThanOrEqual(NOW.getTime());
    expect(row.first).toBeGreaterThanOrEqual(NOW.getTime() - 30 * 86_400_000);
    expect(row.errors).toBeGreaterThan(0);
    expect(row.errors / row.n).toBeLessThan(0.05);
  });
});

describe('every dashboard read of the default guild has data after seeding', () => {
  it('landing and home', async () => {
    expect((await s.api('/api/global-stats')).json.totalTranslations).toBeGreaterThan(2500);
    const stats = await read('/api/stats');
    expect(stats).toMatchObject({ hasData: true, linkedChannels: 7, activeUsers: 20 });
    expect(stats.totalTranslations).toBeGreaterThan(2500);
    expect(stats.translationsTrend).not.toBeNull();
    expect(stats.avgSpeedMs).toBeGreaterThan(200);
    const activity = await read('/api/activity');
    expect(activity.weekly.filter((d: { translations: number }) => d.translations > 0)).toHaveLength(7);
    expect(activity.recent).toHaveLength(10);
    expect(activity.topLanguages.length).toBeGreaterThanOrEqual(4);
  });

  it('analytics', async () => {
    const a = await read('/api/analytics');
    expect(a.translationTrend.filter((d: { count: number }) => d.count > 0).length).toBeGreaterThanOrEqual(
      29,
    );
    expect(a.languageDistribution.map((l: { name: string }) => l.name)).toContain('Spanish');
    // Evenings are busier than early mornings (UTC).
    expect(a.userActivity[20].messages).toBeGreaterThan(a.userActivity[4].messages);
    expect(a.topTranslators).toHaveLength(10);
    expect(a.languagePairs.length).toBeGreaterThan(5);
    expect(a.qualityMetrics.successRate).toBeGreaterThan(90);
    expect(a.qualityMetrics.errorRate).toBeGreaterThan(0);
  });

  it('announcements, tickets, learning and voice', async () => {
    const announcements = await read('/api/announcements');
    expect(new Set(announcements.map((a: { status: string }) => a.status))).toEqual(
      new Set(['draft', 'posted']),
    );
    expect(Object.keys(announcements[0].translations).length).toBeGreaterThanOrEqual(3);

    const tickets = await read('/api/tickets');
    expect(tickets).toHaveLength(8);
    expect(new Set(tickets.map((t: { status: string }) => t.status))).toEqual(
      new Set(['open', 'in_progress', 'resolved', 'closed']),
    );
    expect(new Set(tickets.map((t: { userLanguage: string }) => t.userLanguage)).size).toBeGreaterThanOrEqual(
      6,
    );
    const withConversation = tickets.find((t: { priority: string }) => t.priority === 'urgent');
    const detail = await read(`/api/tickets/${withConversation.id}`);
    expect(detail.messages.length).toBeGreaterThanOrEqual(2);
    expect(detail.messages.some((m: { isStaff: boolean }) => m.isStaff)).toBe(true);

    const learners = await read('/api/language-learning/learners/default');
    expect(learners).toHaveLength(14);
    expect(learners.every((l: { accuracy: number }) => l.accuracy > 0 && l.accuracy <= 100)).toBe(true);
    const progress = await read(`/api/language-learning/progress/default/${learners[0].userId}`);
    expect(progress.wordsLearned).toBe(learners[0].wordsLearned);

    expect(await read('/api/voice-translation/sessions/default')).toHaveLength(12);
    const active = await read('/api/voice-translation/sessions/default/active');
    expect(active).toHaveLength(2);
  });

  it('channels, polls, welcome, roles, moderation, settings', async () => {
    expect(await read('/api/discord/channels')).not.toHaveLength(0);
    expect(await read('/api/channels/links')).toHaveLength(3);
    const polls = await read('/api/polls');
    expect(polls).toHaveLength(3);
    const votes = Object.values(polls[0].votes as Record<string, string[]>).flat();
    expect(votes.length).toBeGreaterThan(0);
    expect(await read('/api/welcome')).toMatchObject({ enabled: true });
    expect(await read('/api/reaction-roles')).toHaveLength(2);
    expect((await read('/api/moderation/rules')).bannedWords.length).toBeGreaterThan(0);
    expect(await read('/api/moderation/logs')).toHaveLength(20);
    expect(await read('/api/config')).toMatchObject({ prefix: '/' });
  });
});
