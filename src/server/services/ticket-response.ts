import { and, eq, gte, min } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { ticketMessages, tickets } from '../../../db/schema';

/** The spec's example figure, shown only (and labelled) while no ticket has a staff reply yet. */
export const FALLBACK_RESPONSE_HOURS = 2.4;
const WINDOW_DAYS = 30;

/**
 * Average time from a ticket's opening to the first staff reply, over tickets opened in the last
 * 30 days that have one. `measured: false` means there is no reply yet and the figure is the
 * spec's typical value.
 */
export function responseTime(db: Db, guildId: string, now: Date) {
  const since = new Date(now.getTime() - WINDOW_DAYS * 86_400_000);
  const rows = db
    .select({ opened: tickets.createdAt, firstReply: min(ticketMessages.createdAt) })
    .from(tickets)
    .innerJoin(ticketMessages, and(eq(ticketMessages.ticketId, tickets.id), eq(ticketMessages.isStaff, true)))
    .where(and(eq(tickets.guildId, guildId), gte(tickets.createdAt, since)))
    .groupBy(tickets.id)
    .all();
  const waits = rows
    .map((r) =>
      r.firstReply ? new Date(r.firstReply as unknown as number).getTime() - r.opened.getTime() : NaN,
    )
    .filter((ms) => Number.isFinite(ms) && ms >= 0);
  if (waits.length === 0) {
    return { measured: false as const, hours: FALLBACK_RESPONSE_HOURS, replied: 0, windowDays: WINDOW_DAYS };
  }
  const hours = waits.reduce((a, b) => a + b, 0) / waits.length / 3_600_000;
  return { measured: true as const, hours, replied: waits.length, windowDays: WINDOW_DAYS };
}
