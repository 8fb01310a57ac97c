import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rawAll, rawGet } from '../../db/client';
import { languageName } from '../../src/common/languages';
import { percentChange, utcDayStart } from '../../src/server/features/stats/stats';

/**
 * The dashboard figures as they were computed before the analytics rollups: SQL aggregates that
 * scan a server's translation_logs. Kept here only as the reference the rollups must equal
 * (test/api/analytics-rollups.test.ts) and as the "before" of bench/analytics.ts.
 */

const DAY = 86_400_000;
const HOUR = 3_600_000;
const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'] as const;

function pct(part: number, whole: number): number {
  return whole > 0 ? Math.round((part / whole) * 1000) / 10 : 0;
}

async function one<T>(db: Db, query: SQL): Promise<T> {
  return (await rawGet(db, query)) as T;
}

async function all<T>(db: Db, query: SQL): Promise<T[]> {
  return (await rawAll(db, query)) as T[];
}

/** The four stat cards of the dashboard home. */
export async function rawGuildStats(db: Db, guildId: string, now: Date) {
  const t = now.getTime();
  const totals = await one<{ logs: number; ok: number; avg: number | null }>(
    db,
    sql`select count(*) as logs, coalesce(sum(case when outcome = 'ok' then 1 else 0 end), 0) as ok,
            avg(case when outcome = 'ok' then latency_ms end) as avg
       from translation_logs where guild_id = ${guildId}`,
  );
  const week = async (from: number, to: number) =>
    await one<{ ok: number; users: number }>(
      db,
      sql`select coalesce(sum(case when outcome = 'ok' then 1 else 0 end), 0) as ok, count(distinct user_id) as users
         from translation_logs where guild_id = ${guildId} and created_at >= ${from} and created_at < ${to}`,
    );
  const thisWeek = await week(t - 7 * DAY, t);
  const lastWeek = await week(t - 14 * DAY, t - 7 * DAY);
  const { n: linkedChannels } = await one<{ n: number }>(
    db,
    sql`select count(distinct c.channel_id) as n
       from channel_link_channels c join channel_links l on l.id = c.link_id where l.guild_id = ${guildId}`,
  );
  return {
    totalTranslations: totals.ok,
    translationsTrend: percentChange(thisWeek.ok, lastWeek.ok),
    linkedChannels,
    activeUsers: thisWeek.users,
    activeUsersTrend: percentChange(thisWeek.users, lastWeek.users),
    avgSpeedMs: totals.avg === null ? 0 : Math.round(totals.avg),
    hasData: totals.logs > 0,
  };
}

/** Weekly chart (the last 7 UTC days, shown Mon..Sun), the 10 newest translations, top languages. */
export async function rawGuildActivity(db: Db, guildId: string, now: Date) {
  const start = utcDayStart(now.getTime()) - 6 * DAY;
  const perDay = await all<{ day: number; n: number }>(
    db,
    sql`select cast((created_at - ${start}) / ${DAY} as integer) as day, count(*) as n from translation_logs
      where guild_id = ${guildId} and outcome = 'ok' and created_at >= ${start} and created_at < ${start + 7 * DAY}
      group by day`,
  );
  const byWeekday = new Map<string, number>();
  for (const { day, n } of perDay) {
    // getUTCDay: 0 = Sunday; the chart starts on Monday.
    const weekday = WEEKDAYS[(new Date(start + day * DAY).getUTCDay() + 6) % 7];
    byWeekday.set(weekday, n);
  }
  const weekly = WEEKDAYS.map((day) => ({ day, translations: byWeekday.get(day) ?? 0 }));

  const recent = (
    await all<{ id: number; from: string; to: string; user: string | null; createdAt: number }>(
      db,
      sql`select id, source_language as "from", target_language as "to",
            coalesce(nullif(username, ''), user_id) as user, created_at as createdAt
       from translation_logs where guild_id = ${guildId} and outcome = 'ok'
      order by created_at desc, id desc limit 10`,
    )
  ).map((r) => ({ ...r, user: r.user ?? 'unknown', createdAt: new Date(r.createdAt) }));

  // One scan grouped by (language, user): totals, translations and distinct users per language.
  const perLanguage = new Map<string, { users: number; n: number }>();
  let total = 0;
  for (const r of await all<{ language: string; known: number; n: number }>(
    db,
    sql`select target_language as language, user_id is not null as known, count(*) as n from translation_logs
      where guild_id = ${guildId} and outcome = 'ok' group by target_language, user_id`,
  )) {
    const entry = perLanguage.get(r.language) ?? { users: 0, n: 0 };
    entry.users += r.known;
    entry.n += r.n;
    perLanguage.set(r.language, entry);
    total += r.n;
  }
  const topLanguages = [...perLanguage]
    .sort(([a, x], [b, y]) => y.n - x.n || a.localeCompare(b))
    .slice(0, 5)
    .map(([language, { users, n }]) => ({
      language,
      name: languageName(language),
      users,
      translations: n,
      percent: Math.round((n / total) * 100),
    }));
  return { weekly, recent, topLanguages };
}

/** The analytics page (spec section 3's Analytics). */
export async function rawGuildAnalytics(db: Db, guildId: string, now: Date) {
  const today = utcDayStart(now.getTime());
  const start = today - 29 * DAY;
  const perDay = new Map(
    (
      await all<{ day: number; n: number }>(
        db,
        sql`select cast((created_at - ${start}) / ${DAY} as integer) as day, count(*) as n from translation_logs
        where guild_id = ${guildId} and outcome = 'ok' and created_at >= ${start} and created_at < ${today + DAY}
        group by day`,
      )
    ).map((r) => [r.day, r.n]),
  );
  const translationTrend = Array.from({ length: 30 }, (_, day) => ({
    date: new Date(start + day * DAY).toISOString().slice(0, 10),
    count: perDay.get(day) ?? 0,
  }));

  // One scan grouped by (pair, outcome, hour) gives languages, hours, pairs and the quality figures.
  // Success is ok against ok + error; skipped, rate-limited and over-quota rows are not attempts.
  const groups = await all<{
    from: string;
    to: string;
    ok: number;
    hour: number;
    n: number;
    latency: number;
  }>(
    db,
    sql`select source_language as "from", target_language as "to", outcome = 'ok' as ok,
            cast(created_at / ${HOUR} as integer) % 24 as hour, count(*) as n, sum(latency_ms) as latency
       from translation_logs where guild_id = ${guildId} and outcome in ('ok', 'error')
      group by source_language, target_language, outcome, hour`,
  );
  const languages = new Map<string, number>();
  const hours = new Array<number>(24).fill(0);
  const pairs = new Map<string, { from: string; to: string; ok: number; err: number }>();
  let ok = 0;
  let err = 0;
  let okLatency = 0;
  for (const g of groups) {
    const key = `${g.from}>${g.to}`;
    const pair = pairs.get(key) ?? { from: g.from, to: g.to, ok: 0, err: 0 };
    pairs.set(key, pair);
    if (g.ok) {
      languages.set(g.to, (languages.get(g.to) ?? 0) + g.n);
      hours[g.hour] += g.n;
      pair.ok += g.n;
      ok += g.n;
      okLatency += g.latency;
    } else {
      pair.err += g.n;
      err += g.n;
    }
  }
  const languageDistribution = [...languages]
    .sort(([a, x], [b, y]) => y - x || a.localeCompare(b))
    .map(([code, value]) => ({ name: languageName(code), code, value }));
  const userActivity = hours.map((messages, hour) => ({ hour, messages }));
  const languagePairs = [...pairs.values()]
    .sort((a, b) => b.ok - a.ok || b.err - a.err || a.from.localeCompare(b.from) || a.to.localeCompare(b.to))
    .slice(0, 20)
    .map((p) => ({ from: p.from, to: p.to, count: p.ok, successRate: pct(p.ok, p.ok + p.err) }));

  // Per member; the name shown is the one of their newest log (SQLite takes bare columns from the max row).
  const topTranslators = (
    await all<{ userId: string; username: string | null; ok: number; err: number }>(
      db,
      sql`select user_id as userId, nullif(username, '') as username, max(created_at) as last,
            sum(case when outcome = 'ok' then 1 else 0 end) as ok, sum(case when outcome = 'error' then 1 else 0 end) as err
       from translation_logs where guild_id = ${guildId} and user_id is not null and outcome in ('ok', 'error')
      group by user_id having ok > 0 order by ok desc, userId limit 10`,
    )
  ).map((r) => ({
    userId: r.userId,
    username: r.username ?? r.userId,
    count: r.ok,
    accuracy: pct(r.ok, r.ok + r.err),
  }));

  const attempts = ok + err;
  const qualityMetrics = {
    totalTranslations: ok,
    successRate: pct(ok, attempts),
    avgResponseTime: ok > 0 ? Math.round(okLatency / ok) : 0,
    errorRate: attempts > 0 ? Math.round((100 - pct(ok, attempts)) * 10) / 10 : 0,
  };
  return {
    translationTrend,
    languageDistribution,
    userActivity,
    topTranslators,
    languagePairs,
    qualityMetrics,
  };
}
