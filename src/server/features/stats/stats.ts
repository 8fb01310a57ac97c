import { type SQL, sql } from 'drizzle-orm';
import { type Db, rawAll, rawGet } from '../../../../db/client';
import { languageName } from '../../../common/languages';

/**
 * Every figure of the dashboard home and the analytics page. They read the daily rollups that
 * triggers keep beside translation_logs (db/schema.ts analytics_*, migration analytics_rollups),
 * so a server with a million logs answers in milliseconds; only the newest rows, the partial
 * hours at the ends of a rolling week and the few members seen only on its partial days are read
 * from the logs, through their indexes. Days and hours are UTC. An empty guild gives zeros and empty lists; the client decides
 * whether to show sample figures (hasData).
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

async function one<T>(db: Db, query: SQL): Promise<T> {
  return (await rawGet<T>(db, query)) as T;
}

async function all<T>(db: Db, query: SQL): Promise<T[]> {
  return await rawAll<T>(db, query);
}

/** Logs are only appended; deletions (reset, retention) are caught by a full recount this often. */
const GLOBAL_RECOUNT_MS = 60_000;
const globalTotals = new WeakMap<Db, { lastId: number; total: number; countedAt: number }>();

/**
 * Landing page figure: successful translations of every guild. Every visitor asks every 30 s, so
 * after one full count only the rows appended since are counted (a rowid range); a full recount
 * runs at most once a minute.
 */
export async function globalStats(db: Db, now: Date = new Date()) {
  const t = now.getTime();
  const { lastId } = await one<{ lastId: number | null }>(
    db,
    sql`select max(id) as "lastId" from translation_logs`,
  );
  const state = globalTotals.get(db);
  if (
    !state ||
    t - state.countedAt >= GLOBAL_RECOUNT_MS ||
    t < state.countedAt ||
    (lastId ?? 0) < state.lastId
  ) {
    const { n } = await one<{ n: number }>(
      db,
      sql`select count(*) as n from translation_logs where outcome = 'ok' and id <= ${lastId ?? 0}`,
    );
    globalTotals.set(db, { lastId: lastId ?? 0, total: n, countedAt: t });
    return { totalTranslations: n };
  }
  const from = state.lastId;
  if ((lastId ?? 0) > from) {
    const { n } = await one<{ n: number }>(
      db,
      sql`select count(*) as n from translation_logs where outcome = 'ok' and id > ${from} and id <= ${lastId}`,
    );
    // Visitors at the same moment count the same range: only the first to finish adds it.
    if (globalTotals.get(db) === state && state.lastId === from) {
      state.total += n;
      state.lastId = lastId ?? 0;
    }
  }
  return { totalTranslations: state.total };
}

/**
 * The pieces of [from, to), a range inside one UTC day: the whole hours, read from analytics_hours
 * (`day`, hours [first, end)), and the partial hours at either end, read from the logs.
 */
function dayRange(from: number, to: number) {
  const day = utcDayStart(from);
  const hs = Math.ceil(from / HOUR) * HOUR;
  const he = Math.floor(to / HOUR) * HOUR;
  if (from >= to || hs >= he)
    return {
      day,
      first: 0,
      end: 0,
      logs: [
        [from, to],
        [to, to],
      ],
    };
  return {
    day,
    first: (hs - day) / HOUR,
    end: (he - day) / HOUR,
    logs: [
      [from, hs],
      [he, to],
    ],
  };
}

/**
 * Successful translations and distinct members (any outcome) in [from, to): the whole UTC days
 * inside come from the daily rollups, the whole hours of the partial days at either end from the
 * hourly one, and only the partial hours from the logs (an index range of at most an hour each),
 * so the count does not grow with the logs of a day.
 */
async function windowFigures(db: Db, guildId: string, from: number, to: number) {
  const a = Math.min(to, Math.ceil(from / DAY) * DAY);
  const b = Math.max(a, utcDayStart(to));
  const head = dayRange(from, a);
  const tail = dayRange(b, to);
  const logsOk = ([x, y]: number[]) =>
    sql`(select count(*) from translation_logs
          where guild_id = ${guildId} and created_at >= ${x} and created_at < ${y} and outcome = 'ok')`;
  // The statements of a figure leave together (Promise.all): on the read worker they are answered
  // in one exchange with the thread, not one each (db/sqlite-read-executor.ts).
  const [rolled, edges, { users }] = await Promise.all([
    one<{ ok: number }>(
      db,
      sql`select coalesce(sum(count), 0) as ok from analytics_daily
      where guild_id = ${guildId} and outcome = 'ok' and day >= ${a} and day < ${b}`,
    ),
    one<{ ok: number }>(
      db,
      sql`select ${logsOk(head.logs[0]!)} + ${logsOk(head.logs[1]!)} + ${logsOk(tail.logs[0]!)} + ${logsOk(tail.logs[1]!)}
          + (select coalesce(sum(count), 0) from analytics_hours
              where guild_id = ${guildId}
                and ((day = ${head.day} and hour >= ${head.first} and hour < ${head.end})
                  or (day = ${tail.day} and hour >= ${tail.first} and hour < ${tail.end}))) as ok`,
    ),
    // Members: every member with a log in the window has a member-day row on a day from the partial
    // day before `a` to the day of `to`. Those with a whole day inside [a, b) count at once; only the
    // others (few) are looked up in the logs, through the (guild_id, user_id) index. The union of the
    // partial days' log ranges it replaces read every log of those days (6-8 ms at 1M logs).
    one<{ users: number }>(
      db,
      sql`select count(*) as users from (
       select m.user_id from analytics_member_days m
        where m.guild_id = ${guildId} and m.day >= ${a - DAY} and m.day <= ${b}
        group by m.user_id
       having max(case when m.day >= ${a} and m.day < ${b} then 1 else 0 end) = 1
           or exists (select 1 from translation_logs l
                       where l.guild_id = ${guildId} and l.user_id = m.user_id
                         and l.created_at >= ${from} and l.created_at < ${to})) as active`,
    ),
  ]);
  return { ok: rolled.ok + edges.ok, users };
}

/** The four stat cards of the dashboard home. */
export async function guildStats(db: Db, guildId: string, now: Date) {
  const t = now.getTime();
  const [totals, thisWeek, lastWeek, { n: linkedChannels }] = await Promise.all([
    one<{ logs: number; ok: number; latency: number }>(
      db,
      sql`select coalesce(sum(count), 0) as logs, coalesce(sum(case when outcome = 'ok' then count end), 0) as ok,
            coalesce(sum(case when outcome = 'ok' then latency_sum end), 0) as latency
       from analytics_daily where guild_id = ${guildId}`,
    ),
    windowFigures(db, guildId, t - 7 * DAY, t),
    windowFigures(db, guildId, t - 14 * DAY, t - 7 * DAY),
    one<{ n: number }>(
      db,
      sql`select count(distinct c.channel_id) as n
       from channel_link_channels c join channel_links l on l.id = c.link_id where l.guild_id = ${guildId}`,
    ),
  ]);
  return {
    totalTranslations: totals.ok,
    translationsTrend: percentChange(thisWeek.ok, lastWeek.ok),
    linkedChannels,
    activeUsers: thisWeek.users,
    activeUsersTrend: percentChange(thisWeek.users, lastWeek.users),
    avgSpeedMs: totals.ok === 0 ? 0 : Math.round(totals.latency / totals.ok),
    hasData: totals.logs > 0,
  };
}

/** Successful translations per UTC day in [start, start + days * DAY), as day offsets from start. */
async function okPerDay(db: Db, guildId: string, start: number, days: number): Promise<Map<number, number>> {
  return new Map(
    (
      await all<{ day: number; n: number }>(
        db,
        sql`select day, sum(count) as n from analytics_daily
        where guild_id = ${guildId} and outcome = 'ok' and day >= ${start} and day < ${start + days * DAY} group by day`,
      )
    ).map((r) => [Math.round((r.day - start) / DAY), r.n]),
  );
}

/** Weekly chart (the last 7 UTC days, shown Mon..Sun), the 10 newest translations, top languages. */
export async function guildActivity(db: Db, guildId: string, now: Date) {
  const start = utcDayStart(now.getTime()) - 6 * DAY;
  const [perDay, newest, languageUsers, perPair] = await Promise.all([
    okPerDay(db, guildId, start, 7),
    // The newest rows through the (guild_id, created_at) index: reads about 10 rows, not the table.
    all<{ id: number; from: string; to: string; user: string | null; createdAt: number }>(
      db,
      sql`select id, source_language as "from", target_language as "to",
            coalesce(nullif(username, ''), user_id) as user, created_at as "createdAt"
       from translation_logs where guild_id = ${guildId} and outcome = 'ok'
      order by created_at desc, id desc limit 10`,
    ),
    // The members who received each target language, and the translations into each.
    all<{ language: string; users: number }>(
      db,
      sql`select target_language as language, count(*) as users from analytics_language_members
        where guild_id = ${guildId} group by target_language`,
    ),
    // Per language pair, in the order of the covering index analytics_daily_pairs (no sort of the
    // server's rows, about half the CPU of grouping by target language); summed per language below.
    all<{ language: string; n: number }>(
      db,
      sql`select target_language as language, sum(count) as n from analytics_daily
      where guild_id = ${guildId} and outcome = 'ok' group by source_language, target_language`,
    ),
  ]);
  const byWeekday = new Map<string, number>();
  for (const [day, n] of perDay) {
    // getUTCDay: 0 = Sunday; the chart starts on Monday.
    const weekday = WEEKDAYS[(new Date(start + day * DAY).getUTCDay() + 6) % 7];
    byWeekday.set(weekday, n);
  }
  const weekly = WEEKDAYS.map((day) => ({ day, translations: byWeekday.get(day) ?? 0 }));
  const recent = newest.map((r) => ({ ...r, user: r.user ?? 'unknown', createdAt: new Date(r.createdAt) }));
  const users = new Map(languageUsers.map((r) => [r.language, r.users]));
  const translations = new Map<string, number>();
  for (const r of perPair) translations.set(r.language, (translations.get(r.language) ?? 0) + Number(r.n));
  const total = [...translations.values()].reduce((sum, n) => sum + n, 0);
  const topLanguages = [...translations]
    .map(([language, n]) => ({ language, n }))
    .sort((x, y) => y.n - x.n || x.language.localeCompare(y.language))
    .slice(0, 5)
    .map(({ language, n }) => ({
      language,
      name: languageName(language),
      users: users.get(language) ?? 0,
      translations: n,
      percent: Math.round((n / total) * 100),
    }));
  return { weekly, recent, topLanguages };
}

/** The analytics page (spec section 3's Analytics). */
export async function guildAnalytics(db: Db, guildId: string, now: Date) {
  const today = utcDayStart(now.getTime());
  const start = today - 29 * DAY;
  const [perDay, groups, hourRows, members] = await Promise.all([
    okPerDay(db, guildId, start, 30),
    // Languages, pairs and the quality figures from the (pair, outcome) rollup.
    // Success is ok against ok + error; skipped, rate-limited and over-quota rows are not attempts.
    all<{ from: string; to: string; ok: number; n: number; latency: number }>(
      db,
      sql`select source_language as "from", target_language as "to", outcome = 'ok' as ok,
            sum(count) as n, sum(latency_sum) as latency
       from analytics_daily where guild_id = ${guildId} and outcome in ('ok', 'error')
      group by source_language, target_language, outcome`,
    ),
    all<{ hour: number; n: number }>(
      db,
      sql`select hour, sum(count) as n from analytics_hours where guild_id = ${guildId} group by hour`,
    ),
    // Per member; the name shown is the one of their newest successful or failed translation.
    all<{ userId: string; username: string | null; ok: number; err: number }>(
      db,
      sql`select user_id as "userId", nullif(username, '') as username, ok, errors as err
       from analytics_members where guild_id = ${guildId} and ok > 0 order by ok desc, user_id limit 10`,
    ),
  ]);
  const translationTrend = Array.from({ length: 30 }, (_, day) => ({
    date: new Date(start + day * DAY).toISOString().slice(0, 10),
    count: perDay.get(day) ?? 0,
  }));

  const languages = new Map<string, number>();
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
      pair.ok += g.n;
      ok += g.n;
      okLatency += g.latency;
    } else {
      pair.err += g.n;
      err += g.n;
    }
  }
  const hours = new Array<number>(24).fill(0);
  for (const r of hourRows) hours[r.hour] = r.n;
  const languageDistribution = [...languages]
    .sort(([a, x], [b, y]) => y - x || a.localeCompare(b))
    .map(([code, value]) => ({ name: languageName(code), code, value }));
  const userActivity = hours.map((messages, hour) => ({ hour, messages }));
  const languagePairs = [...pairs.values()]
    .sort((a, b) => b.ok - a.ok || b.err - a.err || a.from.localeCompare(b.from) || a.to.localeCompare(b.to))
    .slice(0, 20)
    .map((p) => ({ from: p.from, to: p.to, count: p.ok, successRate: pct(p.ok, p.ok + p.err) }));

  const topTranslators = members.map((r) => ({
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
