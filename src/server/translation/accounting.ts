import { and, eq, gte, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { preparedPerDb } from '../../../db/prepared';
import { analyticsDaily, guilds, providerKeyUsage, translationLogs, usageNotices } from '../../../db/schema';
import { type PlanKey, planOf, USAGE_THRESHOLDS } from '../../common/plans';
import type { TranslateRequest, TranslationOrigin } from '../core/translator';

/**
 * Accounting of delivered translations: translation_logs rows (languages, length, latency, outcome,
 * origin; never the text), the guild's monthly allowance by plan, and the usage notices at 75, 90
 * and 100 percent (recorded in usage_notices so each is sent once per guild per month).
 * Months are calendar months in UTC.
 */

export const monthKey = (d: Date) => d.toISOString().slice(0, 7);
export const monthStart = (d: Date) => new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1));
export const nextMonthStart = (d: Date) => new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1));

export interface Usage {
  plan: PlanKey;
  /** Translations delivered this month (outcome ok). */
  used: number;
  /** Monthly allowance; null = unlimited. */
  allowance: number | null;
  /** used / allowance in percent (0 when unlimited), not capped at 100. */
  percent: number;
  /** true when the allowance is used up: translation pauses until resetsAt or an upgrade. */
  paused: boolean;
  /** "YYYY-MM" (UTC). */
  month: string;
  resetsAt: Date;
}

/** A guild's plan and its translations of this month (usedThisMonth), as one statement reads them. */
export interface MonthUsage {
  plan: PlanKey;
  used: number;
}

/**
 * The guild row's plan and carried usage, the month's delivered translations from the daily
 * rollups the log triggers keep (a month is whole UTC days: one index range, not a count of logs)
 * and those answered on the server's own key: one statement, prepared once per database, because
 * the engine runs it before every provider call (issue 24).
 */
const monthUsageRow = preparedPerDb((db) =>
  db
    .select({
      plan: guilds.plan,
      carriedMonth: guilds.usageMonth,
      carried: guilds.usageCarried,
      logged: sql<number>`coalesce(sum(${analyticsDaily.count}), 0)`.mapWith(Number),
      // At most one row per guild and month (its primary key): joined, it repeats no rollup.
      own: sql<number>`coalesce(max(${providerKeyUsage.count}), 0)`.mapWith(Number),
    })
    .from(guilds)
    .leftJoin(
      analyticsDaily,
      and(
        eq(analyticsDaily.guildId, guilds.id),
        gte(analyticsDaily.day, sql.placeholder('from')),
        eq(analyticsDaily.outcome, 'ok'),
      ),
    )
    .leftJoin(
      providerKeyUsage,
      and(eq(providerKeyUsage.guildId, guilds.id), eq(providerKeyUsage.month, sql.placeholder('month'))),
    )
    .where(eq(guilds.id, sql.placeholder('guildId')))
    .groupBy(guilds.id, guilds.plan, guilds.usageMonth, guilds.usageCarried)
    .prepare(),
);

/**
 * The guild's plan and translations delivered this month: the logs, plus what a reset carried
 * over (see guilds.usageMonth), less those answered on the server's own provider key
 * (provider_key_usage). null when the guild has no row yet (nothing used, nothing to carry).
 */
export async function monthUsage(db: Db, guildId: string, now: Date): Promise<MonthUsage | null> {
  const month = monthKey(now);
  const row = await monthUsageRow(db).get({ guildId, from: monthStart(now).getTime(), month });
  if (!row) return null;
  return {
    plan: row.plan,
    used: Math.max(0, row.logged - row.own) + (row.carriedMonth === month ? row.carried : 0),
  };
}

/** Translations delivered this month (monthUsage). */
export async function usedThisMonth(db: Db, guildId: string, now: Date): Promise<number> {
  return (await monthUsage(db, guildId, now))?.used ?? 0;
}

export async function usageOf(db: Db, guildId: string, now: Date): Promise<Usage> {
  const { plan, used } = (await monthUsage(db, guildId, now)) ?? { plan: 'free' as const, used: 0 };
  const allowance = planOf(plan).monthlyTranslations;
  return {
    plan,
    used,
    allowance,
    percent: allowance ? Math.round((used / allowance) * 1000) / 10 : 0,
    paused: allowance !== null && used >= allowance,
    month: monthKey(now),
    resetsAt: nextMonthStart(now),
  };
}

export interface LogRow {
  guildId: string;
  channelId?: string;
  userId?: string;
  username?: string;
  sourceLanguage: string;
  targetLanguage: string;
  characters: number;
  latencyMs: number;
  outcome: 'ok' | 'error' | 'skipped' | 'rate_limited' | 'quota';
  origin: TranslationOrigin;
  /** This row's share of the provider call's tokens (cached: served from the provider's prompt cache). */
  tokens?: { input: number; output: number; cached: number };
  /** The lane that answered ("name:model", "own:name:model" for the server's own key, "cache"); for a failure the lane asked first. */
  provider: string | null;
  /** Answered on the server's own key (or from the cache for it): not counted against the allowance. */
  ownKey: boolean;
}

/** The log row of one language of a request (the text's length, never the text). */
export function logRow(
  req: TranslateRequest,
  source: string,
  target: string,
  text: string,
  started: number,
  outcome: LogRow['outcome'],
  lane: Pick<LogRow, 'provider' | 'ownKey'>,
): LogRow {
  return {
    guildId: req.guildId as string,
    channelId: req.channelId,
    userId: req.userId,
    username: req.username,
    sourceLanguage: source,
    targetLanguage: target,
    characters: text.length,
    latencyMs: performance.now() - started,
    outcome,
    origin: req.origin,
    ...lane,
  };
}

/** A log row's columns as written (the text's length and the lane, never the text). */
function logValues(r: LogRow, now: Date) {
  return {
    guildId: r.guildId,
    channelId: r.channelId ?? null,
    userId: r.userId ?? null,
    username: r.username ?? null,
    sourceLanguage: r.sourceLanguage,
    targetLanguage: r.targetLanguage,
    characters: r.characters,
    latencyMs: Math.round(r.latencyMs),
    outcome: r.outcome,
    source: r.origin,
    inputTokens: Math.round(r.tokens?.input ?? 0),
    outputTokens: Math.round(r.tokens?.output ?? 0),
    cachedTokens: Math.round(r.tokens?.cached ?? 0),
    provider: r.provider,
    createdAt: now,
  };
}

type LogColumn = keyof ReturnType<typeof logValues>;
const LOG_COLUMNS = Object.keys(logValues({} as LogRow, new Date(0))) as LogColumn[];

/** Most rows of one insert prepared once (a message's languages); a longer one is built each time. */
const PREPARED_LOG_ROWS = 16;

/**
 * The insert of n log rows, prepared once per database and row count (issue 24: building the
 * statement cost more CPU than the other accounting; a message writes one row per language).
 */
const logInsert = preparedPerDb((db) => {
  const byCount = new Map<number, ReturnType<typeof prepareLogInsert>>();
  const prepareLogInsert = (n: number) =>
    db
      .insert(translationLogs)
      .values(
        Array.from(
          { length: n },
          (_, i) =>
            Object.fromEntries(
              LOG_COLUMNS.map((column) => [column, sql.placeholder(`${column}${i}`)]),
            ) as unknown as ReturnType<typeof logValues>,
        ),
      )
      .prepare();
  return (n: number) => {
    let query = byCount.get(n);
    if (!query) {
      query = prepareLogInsert(n);
      byCount.set(n, query);
    }
    return query;
  };
});

export async function writeLogs(db: Db, rows: LogRow[], now: Date): Promise<void> {
  if (!rows.length) return;
  if (rows.length <= PREPARED_LOG_ROWS) {
    const params: Record<string, unknown> = {};
    rows.forEach((r, i) => {
      const values = logValues(r, now);
      for (const column of LOG_COLUMNS) params[`${column}${i}`] = values[column];
    });
    await logInsert(db)(rows.length).run(params);
  } else {
    await db
      .insert(translationLogs)
      .values(rows.map((r) => logValues(r, now)))
      .run();
  }
  // Translations on the server's own key: counted apart, so the allowance leaves them out.
  const own = rows.filter((r) => r.ownKey && r.outcome === 'ok');
  if (own.length) {
    await db
      .insert(providerKeyUsage)
      .values({ guildId: own[0].guildId, month: monthKey(now), count: own.length })
      .onConflictDoUpdate({
        target: [providerKeyUsage.guildId, providerKeyUsage.month],
        set: { count: sql`${providerKeyUsage.count} + ${own.length}` },
      })
      .run();
  }
}

/**
 * Thresholds (75, 90, 100) that `usedAfter` reached and no notice was recorded for this month yet;
 * each is recorded now, so it is returned once per guild per month.
 */
export async function newThresholds(
  db: Db,
  guildId: string,
  usedAfter: number,
  allowance: number,
  now: Date,
): Promise<number[]> {
  const month = monthKey(now);
  const reached = USAGE_THRESHOLDS.filter((t) => usedAfter * 100 >= t * allowance);
  if (!reached.length) return [];
  // One statement for all of them: the rows inserted now are the notices not sent yet.
  const fresh = await db
    .insert(usageNotices)
    .values(reached.map((threshold) => ({ guildId, month, threshold, createdAt: now })))
    .onConflictDoNothing()
    .returning({ threshold: usageNotices.threshold })
    .all();
  return fresh.map((r) => r.threshold).sort((a, b) => a - b);
}
