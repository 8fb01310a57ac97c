import { and, eq, gte, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { analyticsDaily, guilds, providerKeyUsage, translationLogs, usageNotices } from '../../../db/schema';
import { type PlanKey, planOf, USAGE_THRESHOLDS } from '../../common/plans';
import { guildPlan } from '../core/plans';
import type { TranslationOrigin } from './types';

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

/**
 * Translations delivered this month: the logs, plus what a reset carried over (see
 * guilds.usageMonth), less those answered on the server's own provider key (provider_key_usage).
 */
export async function usedThisMonth(db: Db, guildId: string, now: Date): Promise<number> {
  const carried = await db
    .select({ month: guilds.usageMonth, n: guilds.usageCarried })
    .from(guilds)
    .where(eq(guilds.id, guildId))
    .get();
  const own = await db
    .select({ n: providerKeyUsage.count })
    .from(providerKeyUsage)
    .where(and(eq(providerKeyUsage.guildId, guildId), eq(providerKeyUsage.month, monthKey(now))))
    .get();
  const logged = await loggedThisMonth(db, guildId, now);
  return Math.max(0, logged - (own?.n ?? 0)) + (carried?.month === monthKey(now) ? carried.n : 0);
}

/**
 * Delivered translations of this month that have a log row, from the daily rollups the log
 * triggers keep (a month is whole UTC days): one index range per message, not a count of logs.
 */
async function loggedThisMonth(db: Db, guildId: string, now: Date): Promise<number> {
  const row = await db
    .select({ n: sql<number>`coalesce(sum(${analyticsDaily.count}), 0)` })
    .from(analyticsDaily)
    .where(
      and(
        eq(analyticsDaily.guildId, guildId),
        gte(analyticsDaily.day, monthStart(now).getTime()),
        eq(analyticsDaily.outcome, 'ok'),
      ),
    )
    .get();
  return row?.n ?? 0;
}

export async function usageOf(db: Db, guildId: string, now: Date): Promise<Usage> {
  const plan = await guildPlan(db, guildId);
  const allowance = planOf(plan).monthlyTranslations;
  const used = await usedThisMonth(db, guildId, now);
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

export async function writeLogs(db: Db, rows: LogRow[], now: Date): Promise<void> {
  if (!rows.length) return;
  await db
    .insert(translationLogs)
    .values(
      rows.map((r) => ({
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
      })),
    )
    .run();
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
  const fresh: number[] = [];
  for (const threshold of reached) {
    const res = await db
      .insert(usageNotices)
      .values({ guildId, month, threshold, createdAt: now })
      .onConflictDoNothing()
      .run();
    if (res.changes > 0) fresh.push(threshold);
  }
  return fresh;
}

/** The per-member hourly limit lives with the other limiters (constant time per message). */
export { createUserLimiter, type UserLimiter } from '../core/rate-limit';
