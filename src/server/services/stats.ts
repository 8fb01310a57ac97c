import type { Db } from '../../../db/client';
import { languageName } from '../../common/languages';

/**
 * Every figure of the dashboard home and the analytics page, as SQL aggregates over
 * translation_logs (and the channel links). Days and hours are UTC. An empty guild gives zeros
 * and empty lists; the client decides whether to show sample figures (hasData).
 */

const DAY = 86_400_000;
const HOUR = 3_600_000;
const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'] as const;

/** Midnight UTC of the day that holds `t`. */
export function utcDayStart(t: number): number {
  return Math.floor(t / DAY) * DAY;
}

/** Percent change of `current` against `previous`, rounded; null when there is nothing to compare with. */
export function percentChange(current: number, previous: number): number | null {
  if (previous === 0) return null;
  return Math.round(((current - previous) / previous) * 100);
}

/** Percent with one decimal (97.8), 0 when the whole is 0. */
function pct(part: number, whole: number): number {
  return whole > 0 ? Math.round((part / whole) * 1000) / 10 : 0;
}

function one<T>(db: Db, query: string, ...params: unknown[]): T {
  return db.$client.prepare(query).get(...params) as T;
}

function all<T>(db: Db, query: string, ...params: unknown[]): T[] {
  return db.$client.prepare(query).all(...params) as T[];
}

/** Landing page figure: successful translations of every guild. */
export function globalStats(db: Db) {
  const { n } = one<{ n: number }>(db, `select count(*) as n from translation_logs where outcome = 'ok'`);
  return { totalTranslations: n };
}

/** The four stat cards of the dashboard home. */
export function guildStats(db: Db, guildId: string, now: Date) {
  const t = now.getTime();
  const totals = one<{ logs: number; ok: number; avg: number | null }>(
    db,
    `select count(*) as logs, coalesce(sum(outcome = 'ok'), 0) as ok,
            avg(case when outcome = 'ok' then latency_ms end) as avg
       from translation_logs where guild_id = ?`,
    guildId,
  );
  const week = (from: number, to: number) =>
    one<{ ok: number; users: number }>(
      db,
      `select coalesce(sum(outcome = 'ok'), 0) as ok, count(distinct user_id) as users
         from translation_logs where guild_id = ? and created_at >= ? and created_at < ?`,
      guildId,
      from,
      to,
    );
  const thisWeek = week(t - 7 * DAY, t);
  const lastWeek = week(t - 14 * DAY, t - 7 * DAY);
  const { n: linkedChannels } = one<{ n: number }>(
    db,
    `select count(distinct c.channel_id) as n
       from channel_link_channels c join channel_links l on l.id = c.link_id where l.guild_id = ?`,
    guildId,
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
export function guildActivity(db: Db, guildId: string, now: Date) {
  const start = utcDayStart(now.getTime()) - 6 * DAY;
  const perDay = all<{ day: number; n: number }>(
    db,
    `select cast((created_at - ?) / ${DAY} as integer) as day, count(*) as n from translation_logs
      where guild_id = ? and outcome = 'ok' and created_at >= ? and created_at < ?
      group by day`,
    start,
    guildId,
    start,
    start + 7 * DAY,
  );
  const byWeekday = new Map<string, number>();
  for (const { day, n } of perDay) {
    // getUTCDay: 0 = Sunday; the chart starts on Monday.
    const weekday = WEEKDAYS[(new Date(start + day * DAY).getUTCDay() + 6) % 7];
    byWeekday.set(weekday, n);
  }
  const weekly = WEEKDAYS.map((day) => ({ day, translations: byWeekday.get(day) ?? 0 }));

  const recent = all<{ id: number; from: string; to: string; user: string | null; createdAt: number }>(
    db,
    `select id, source_language as "from", target_language as "to",
            coalesce(nullif(username, ''), user_id) as user, created_at as createdAt
       from translation_logs where guild_id = ? and outcome = 'ok'
      order by created_at desc, id desc limit 10`,
    guildId,
  ).map((r) => ({ ...r, user: r.user ?? 'unknown', createdAt: new Date(r.createdAt) }));

  const { n: total } = one<{ n: number }>(
    db,
    `select count(*) as n from translation_logs where guild_id = ? and outcome = 'ok'`,
    guildId,
  );
  const topLanguages = all<{ language: string; users: number; n: number }>(
    db,
    `select target_language as language, count(distinct user_id) as users, count(*) as n
       from translation_logs where guild_id = ? and outcome = 'ok'
      group by target_language order by n desc, language limit 5`,
    guildId,
  ).map((r) => ({
    language: r.language,
    name: languageName(r.language),
    users: r.users,
    translations: r.n,
    percent: Math.round((r.n / total) * 100),
  }));
  return { weekly, recent, topLanguages };
}

/** The analytics page (spec section 3's Analytics). */
export function guildAnalytics(db: Db, guildId: string, now: Date) {
  const today = utcDayStart(now.getTime());
  const start = today - 29 * DAY;
  const perDay = new Map(
    all<{ day: number; n: number }>(
      db,
      `select cast((created_at - ?) / ${DAY} as integer) as day, count(*) as n from translation_logs
        where guild_id = ? and outcome = 'ok' and created_at >= ? and created_at < ?
        group by day`,
      start,
      guildId,
      start,
      today + DAY,
    ).map((r) => [r.day, r.n]),
  );
  const translationTrend = Array.from({ length: 30 }, (_, day) => ({
    date: new Date(start + day * DAY).toISOString().slice(0, 10),
    count: perDay.get(day) ?? 0,
  }));

  const languageDistribution = all<{ code: string; n: number }>(
    db,
    `select target_language as code, count(*) as n from translation_logs
      where guild_id = ? and outcome = 'ok' group by target_language order by n desc, code`,
    guildId,
  ).map((r) => ({ name: languageName(r.code), code: r.code, value: r.n }));

  const perHour = new Map(
    all<{ hour: number; n: number }>(
      db,
      `select cast(created_at / ${HOUR} as integer) % 24 as hour, count(*) as n from translation_logs
        where guild_id = ? and outcome = 'ok' group by hour`,
      guildId,
    ).map((r) => [r.hour, r.n]),
  );
  const userActivity = Array.from({ length: 24 }, (_, hour) => ({ hour, messages: perHour.get(hour) ?? 0 }));

  // Success is ok against ok + error; skipped, rate-limited and over-quota rows are not attempts.
  const topTranslators = all<{ userId: string; username: string | null; ok: number; err: number }>(
    db,
    `select user_id as userId,
            (select l2.username from translation_logs l2
              where l2.guild_id = l.guild_id and l2.user_id = l.user_id and coalesce(l2.username, '') <> ''
              order by l2.created_at desc limit 1) as username,
            sum(outcome = 'ok') as ok, sum(outcome = 'error') as err
       from translation_logs l where guild_id = ? and user_id is not null
      group by user_id having ok > 0 order by ok desc, userId limit 10`,
    guildId,
  ).map((r) => ({
    userId: r.userId,
    username: r.username ?? r.userId,
    count: r.ok,
    accuracy: pct(r.ok, r.ok + r.err),
  }));

  const languagePairs = all<{ from: string; to: string; ok: number; err: number }>(
    db,
    `select source_language as "from", target_language as "to",
            sum(outcome = 'ok') as ok, sum(outcome = 'error') as err
       from translation_logs where guild_id = ? and outcome in ('ok', 'error')
      group by source_language, target_language order by ok desc, err desc, "from", "to" limit 20`,
    guildId,
  ).map((r) => ({ from: r.from, to: r.to, count: r.ok, successRate: pct(r.ok, r.ok + r.err) }));

  const q = one<{ ok: number; err: number; avg: number | null }>(
    db,
    `select coalesce(sum(outcome = 'ok'), 0) as ok, coalesce(sum(outcome = 'error'), 0) as err,
            avg(case when outcome = 'ok' then latency_ms end) as avg
       from translation_logs where guild_id = ?`,
    guildId,
  );
  const attempts = q.ok + q.err;
  const qualityMetrics = {
    totalTranslations: q.ok,
    successRate: pct(q.ok, attempts),
    avgResponseTime: q.avg === null ? 0 : Math.round(q.avg),
    errorRate: attempts > 0 ? Math.round((100 - pct(q.ok, attempts)) * 10) / 10 : 0,
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
