import { Cron } from 'croner';
import { and, eq, isNotNull, ne, notLike, sql } from 'drizzle-orm';
import { type Db, lockFor } from '../../../../db/client';
import { ticketMessages, tickets, ticketSettings } from '../../../../db/schema';
import { say } from '../../../common/phrases';
import { TICKET_AUTO_CLOSE_REASON, TICKET_AUTO_CLOSE_WARNING } from '../../../common/tickets/phrases';
import { hasCapability } from '../../core/plans';
import type { Services } from '../../core/services';
import { queueAnnouncement, queueStatusAnnouncement } from './conversation';
import { ticketSpeaker } from './speaker';
import { findTicket, type Ticket, type TicketMessage, updateTicket } from './tickets';

/**
 * Auto-close (Support Tickets setting autoCloseDays, off by default): a ticket without activity
 * for that many days is warned in the thread in the member's language (English beneath), then
 * closed with the reason "closed after N days without activity"; the close announcement, the
 * rating question and the transcript follow as after any close. Activity is any message of the
 * member or staff, or any announcement (status change, claim) other than the warning itself:
 * one after the warning cancels it, and the count starts again from there.
 *
 * A sweep every few minutes (croner, in the web process, like the retention job) looks at the
 * servers that turned it on; times come from services.clock. Each step re-reads the ticket under
 * its lock, so several web processes sweeping at once warn and close a ticket once.
 */

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** Every 10 minutes (UTC), and once at start. */
export const AUTO_CLOSE_CRON = '*/10 * * * *';
/** The warning's messageId prefix ("autoclose-<ticket>-<time>"): the one announcement that is not activity. */
export const AUTO_CLOSE_TAG = 'autoclose';
/** The warning comes this long before the close (half the period when that is shorter: 12 h for 1 day). */
export const AUTO_CLOSE_WARNING_MS = 24 * HOUR;

export function warningLeadMs(days: number): number {
  return Math.min(AUTO_CLOSE_WARNING_MS, (days * DAY) / 2);
}

/** The ticket's last activity: its newest message or announcement other than the warning, else its opening. */
async function lastActivityOf(db: Db, ticket: Ticket): Promise<number> {
  const row = await db
    .select({ last: sql<number | string | null>`max(${ticketMessages.createdAt})` })
    .from(ticketMessages)
    .where(
      and(eq(ticketMessages.ticketId, ticket.id), notLike(ticketMessages.messageId, `${AUTO_CLOSE_TAG}-%`)),
    )
    .get();
  const last = row?.last == null ? 0 : Number(row.last);
  return Math.max(ticket.createdAt.getTime(), last);
}

export type AutoCloseStep =
  | { kind: 'warned'; ticketId: number; note: TicketMessage }
  | { kind: 'closed'; ticketId: number; note: TicketMessage }
  | { kind: 'none'; ticketId: number };

type Due = { kind: 'none' } | { kind: 'warn'; closeAt: number } | { kind: 'close' };

/** What is due for the ticket at `now`: nothing, the warning (and when it closes), or the close. */
async function dueFor(db: Db, ticket: Ticket, now: number, days: number): Promise<Due> {
  if (ticket.status === 'closed') return { kind: 'none' };
  const last = await lastActivityOf(db, ticket);
  const lead = warningLeadMs(days);
  const dueAt = last + days * DAY;
  const warnedAt = ticket.autoCloseWarnedAt?.getTime() ?? null;
  // A warning older than the last activity was cancelled by it.
  if (warnedAt === null || warnedAt < last) {
    if (now < dueAt - lead) return { kind: 'none' };
    // The member always gets the full notice, even when the sweep comes late (the server was down).
    return { kind: 'warn', closeAt: Math.max(dueAt, now + lead) };
  }
  return now < Math.max(dueAt, warnedAt + lead) ? { kind: 'none' } : { kind: 'close' };
}

/**
 * What is due for one ticket now: nothing, the warning, or the close. Looked at first without the
 * lock (most tickets: nothing, and no phrase asked); when something is due, the member's and the
 * support team's words are resolved (the speaker, before the lock: a slow provider never holds
 * it), then it is decided again and done under the ticket's lock.
 */
export async function autoCloseStep(
  services: Pick<Services, 'db' | 'clock' | 'translator'>,
  guildId: string,
  ticketId: number,
  days: number,
): Promise<AutoCloseStep> {
  const { db, clock } = services;
  const none = { kind: 'none' as const, ticketId };
  const before = await findTicket(db, guildId, ticketId);
  if (!before || (await dueFor(db, before, clock().getTime(), days)).kind === 'none') return none;
  const member = await ticketSpeaker(services, before.userLanguage);
  const support = await ticketSpeaker(services, before.supportLanguage);
  return await db.$transaction(async (tx) => {
    await lockFor(tx, `ticket:${ticketId}`);
    const ticket = await findTicket(tx, guildId, ticketId);
    if (!ticket) return none;
    const now = clock().getTime();
    const due = await dueFor(tx, ticket, now, days);
    if (due.kind === 'none') return none;
    if (due.kind === 'warn') {
      await tx
        .update(tickets)
        .set({ autoCloseWarnedAt: new Date(now) })
        .where(eq(tickets.id, ticket.id))
        .run();
      const note = await queueAnnouncement(
        tx,
        clock,
        ticket,
        member,
        TICKET_AUTO_CLOSE_WARNING,
        { id: ticket.id, hours: Math.ceil((due.closeAt - now) / HOUR) },
        AUTO_CLOSE_TAG,
      );
      return { kind: 'warned', ticketId, note };
    }
    const vars = { days };
    const updated = await updateTicket(tx, clock, ticket, {
      status: 'closed',
      closeReason: support.label(TICKET_AUTO_CLOSE_REASON, vars),
    });
    if (typeof updated === 'string') return none;
    // The reason in the member's language when it could be put into it (else English, said so on delivery).
    const note = await queueStatusAnnouncement(tx, clock, updated, member, 'closed', {
      en: say(TICKET_AUTO_CLOSE_REASON, 'en', vars),
      ...(member.translated(TICKET_AUTO_CLOSE_REASON)
        ? { [ticket.userLanguage]: member.label(TICKET_AUTO_CLOSE_REASON, vars) }
        : {}),
    });
    return { kind: 'closed', ticketId, note };
  });
}

export interface AutoCloseResult {
  warned: number[];
  closed: number[];
}

/**
 * One sweep: every server with auto-close on and tickets in its plan, each ticket not closed;
 * the warnings and closes are queued for the bot (ticket:reply) like any announcement.
 */
export async function runTicketAutoClose(
  services: Pick<Services, 'db' | 'clock' | 'events' | 'translator'>,
): Promise<AutoCloseResult> {
  const { db, events } = services;
  const result: AutoCloseResult = { warned: [], closed: [] };
  const servers = await db
    .select({ guildId: ticketSettings.guildId, days: ticketSettings.autoCloseDays })
    .from(ticketSettings)
    .where(isNotNull(ticketSettings.autoCloseDays))
    .all();
  for (const { guildId, days } of servers) {
    if (!days || !(await hasCapability(db, guildId, 'tickets'))) continue;
    const open = await db
      .select({ id: tickets.id })
      .from(tickets)
      .where(and(eq(tickets.guildId, guildId), ne(tickets.status, 'closed')))
      .all();
    for (const { id } of open) {
      const step = await autoCloseStep(services, guildId, id, days);
      if (step.kind === 'none') continue;
      result[step.kind].push(id);
      await events.publish('ticket:reply', { guildId, ticketId: id, messageId: step.note.id });
    }
  }
  return result;
}

/** Runs the sweep now and every 10 minutes; stop() ends the schedule. */
export function scheduleTicketAutoClose(services: Pick<Services, 'db' | 'clock' | 'events' | 'translator'>): {
  stop(): void;
} {
  const run = async () => {
    try {
      const r = await runTicketAutoClose(services);
      if (r.warned.length || r.closed.length)
        console.log(
          `Tickets: ${r.warned.length} warned of auto-close, ${r.closed.length} closed after inactivity`,
        );
    } catch (err) {
      console.error('Ticket auto-close failed:', err);
    }
  };
  void run();
  const job = new Cron(AUTO_CLOSE_CRON, { timezone: 'UTC', protect: true }, run);
  return { stop: () => job.stop() };
}
