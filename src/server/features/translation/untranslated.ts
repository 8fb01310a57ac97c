import { and, eq, gte, sql } from 'drizzle-orm';
import type { Db } from '../../../../db/client';
import { untranslatedDaily } from '../../../../db/schema';
import { ensureGuild } from '../../core/guilds';
import type { FailureKind } from './failures';

/**
 * Channel messages that could not be translated or copied in time (issue 24): the bot marks the
 * original with the reason's reaction and tries again while the message is fresh; each mark and
 * each later success is counted here per server, UTC day and reason (a counter, never the message).
 * The Analytics screen shows the last 30 days.
 */

/** Why a channel message got a mark: a translation failure's kind, or its channel's post queue was full. */
export type UntranslatedReason = FailureKind | 'queue_full';

export const UNTRANSLATED_REASONS: readonly UntranslatedReason[] = [
  'overloaded',
  'paused',
  'rate_limited',
  'unavailable',
  'failed',
  'queue_full',
];

/** The reaction each reason puts on the original (docs/translation.md explains them to members). */
export const UNTRANSLATED_MARKS: Record<UntranslatedReason, string> = {
  overloaded: '🕓',
  paused: '⏸️',
  rate_limited: '⏳',
  unavailable: '⚠️',
  failed: '❌',
  queue_full: '🚦',
};

/** A failed plan's kind as a reason (an unknown one counts as failed). */
export function untranslatedReason(kind: string): UntranslatedReason {
  return (UNTRANSLATED_REASONS as readonly string[]).includes(kind) ? (kind as UntranslatedReason) : 'failed';
}

const DAY = 86_400_000;

export async function countUntranslated(
  db: Db,
  guildId: string,
  reason: UntranslatedReason,
  what: 'marked' | 'recovered',
  at: Date,
): Promise<void> {
  await ensureGuild(db, guildId);
  const day = Math.floor(at.getTime() / DAY) * DAY;
  const column = what === 'marked' ? untranslatedDaily.marked : untranslatedDaily.recovered;
  await db
    .insert(untranslatedDaily)
    .values({
      guildId,
      day,
      reason,
      marked: what === 'marked' ? 1 : 0,
      recovered: what === 'recovered' ? 1 : 0,
    })
    .onConflictDoUpdate({
      target: [untranslatedDaily.guildId, untranslatedDaily.day, untranslatedDaily.reason],
      set: what === 'marked' ? { marked: sql`${column} + 1` } : { recovered: sql`${column} + 1` },
    })
    .run();
}

export interface UntranslatedCount {
  reason: UntranslatedReason;
  mark: string;
  marked: number;
  recovered: number;
}

/** The last 30 days' marks per reason (every reason listed, zeros included, in a fixed order). */
export async function untranslatedCounts(db: Db, guildId: string, now: Date): Promise<UntranslatedCount[]> {
  const since = Math.floor(now.getTime() / DAY) * DAY - 29 * DAY;
  const rows = await db
    .select({
      reason: untranslatedDaily.reason,
      marked: sql<number>`sum(${untranslatedDaily.marked})`,
      recovered: sql<number>`sum(${untranslatedDaily.recovered})`,
    })
    .from(untranslatedDaily)
    .where(and(eq(untranslatedDaily.guildId, guildId), gte(untranslatedDaily.day, since)))
    .groupBy(untranslatedDaily.reason)
    .all();
  const byReason = new Map(rows.map((r) => [r.reason, r]));
  return UNTRANSLATED_REASONS.map((reason) => ({
    reason,
    mark: UNTRANSLATED_MARKS[reason],
    marked: Number(byReason.get(reason)?.marked ?? 0),
    recovered: Number(byReason.get(reason)?.recovered ?? 0),
  }));
}
