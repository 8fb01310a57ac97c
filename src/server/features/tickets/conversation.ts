import { and, asc, eq, gte, isNull, lte, sql } from 'drizzle-orm';
import { type Db, lockFor } from '../../../../db/client';
import { type LangText, ticketMessages, tickets } from '../../../../db/schema';
import { type Phrase, say } from '../../../common/phrases';
import { TICKET_CLOSED_WITH_REASON, TICKET_STATUS_CHANGED } from '../../../common/tickets/phrases';
import type { TicketStatus } from '../../../common/tickets/schemas';
import {
  addTicketMessage,
  findTicket,
  type Ticket,
  type TicketChange,
  type TicketMessage,
  updateTicket,
} from './tickets';
import type { Translator } from '../../core/translator';
import { type Speaker, ticketSpeaker } from './speaker';

/**
 * The conversation of a ticket held in its private Discord thread: what members and staff write
 * there is stored as ticket messages (the ticket feature keeps its conversation by design; no
 * other channel traffic is ever stored), status changes are announced there, and the support
 * team's first replies give the average response time.
 */

export async function ticketByThread(db: Db, guildId: string, threadId: string): Promise<Ticket | undefined> {
  return await db
    .select()
    .from(tickets)
    .where(and(eq(tickets.guildId, guildId), eq(tickets.channelId, threadId)))
    .get();
}

export async function setTicketThread(db: Db, ticketId: number, threadId: string | null): Promise<void> {
  await db.update(tickets).set({ channelId: threadId }).where(eq(tickets.id, ticketId)).run();
}

export interface ThreadMessage {
  messageId: string;
  authorId: string;
  content: string;
}

export type ThreadMessageResult =
  | { stored: true; ticketId: number; messageId: number; isStaff: boolean }
  | { stored: false; reason: 'not a ticket' | 'closed' | 'empty' | 'duplicate'; ticketId?: number };

/**
 * A message in a ticket's thread: the member's is translated into the support language, anyone
 * else's is staff (translated into the member's language and posted for them). A closed
 * ticket, an empty message or one already stored writes nothing.
 */
export async function recordThreadMessage(
  db: Db,
  translator: Translator,
  clock: () => Date,
  guildId: string,
  threadId: string,
  message: ThreadMessage,
): Promise<ThreadMessageResult> {
  const ticket = await ticketByThread(db, guildId, threadId);
  if (!ticket) return { stored: false, reason: 'not a ticket' };
  if (ticket.status === 'closed') return { stored: false, reason: 'closed', ticketId: ticket.id };
  const text = message.content.trim();
  if (!text) return { stored: false, reason: 'empty', ticketId: ticket.id };
  const known = await db
    .select({ id: ticketMessages.id })
    .from(ticketMessages)
    .where(and(eq(ticketMessages.ticketId, ticket.id), eq(ticketMessages.messageId, message.messageId)))
    .get();
  if (known) return { stored: false, reason: 'duplicate', ticketId: ticket.id };
  const isStaff = message.authorId !== ticket.userId;
  const stored = await addTicketMessage(db, translator, clock, ticket, {
    userId: message.authorId,
    messageId: message.messageId,
    originalText: text.slice(0, 4000),
    originalLanguage: isStaff ? ticket.supportLanguage : ticket.userLanguage,
    isStaff,
    fromDiscord: true,
  });
  return { stored: true, ticketId: ticket.id, messageId: stored.id, isStaff };
}

/** The announcement of a new status, queued for the bot (deliveredAt null until posted). */
export async function queueStatusAnnouncement(
  db: Db,
  clock: () => Date,
  ticket: Ticket,
  speak: Speaker,
  status: TicketStatus,
  reason?: LangText,
): Promise<TicketMessage> {
  if (status !== 'closed')
    return await queueAnnouncement(db, clock, ticket, speak, TICKET_STATUS_CHANGED[status], {
      id: ticket.id,
    });
  // The close: its note is tagged so the bot asks the member's rating beneath it (delivery.ts).
  if (!reason)
    return await queueAnnouncement(
      db,
      clock,
      ticket,
      speak,
      TICKET_STATUS_CHANGED.closed,
      { id: ticket.id },
      CLOSE_TAG,
    );
  const original = Object.values(reason)[0] ?? '';
  return await queueAnnouncement(
    db,
    clock,
    ticket,
    speak,
    TICKET_CLOSED_WITH_REASON,
    { id: ticket.id },
    CLOSE_TAG,
    {
      en: reason.en ?? original,
      [ticket.userLanguage]: reason[ticket.userLanguage] ?? original,
    },
  );
}

/** The messageId prefix of a close announcement ("close-<ticket>-<time>"). */
export const CLOSE_TAG = 'close';

/**
 * The bot's announcement in the thread (a status change, a claim), in English and the member's
 * language (`speak`, resolved for ticket.userLanguage before the ticket's lock: no provider call
 * here), queued for the bot like a staff reply (deliveredAt null until posted). When the phrase
 * could not be put into the member's language (the provider was down), only English is stored and
 * the delivery says so (delivery.ts).
 */
export async function queueAnnouncement(
  db: Db,
  clock: () => Date,
  ticket: Ticket,
  speak: Speaker,
  phrase: Phrase,
  vars: Record<string, string | number>,
  tag = 'status',
  /** A free text filled in as {reason}, per language (already translated). */
  reason?: { en: string } & Record<string, string>,
): Promise<TicketMessage> {
  const withReason = (language: string) =>
    reason ? { ...vars, reason: reason[language] ?? reason.en } : vars;
  const english = say(phrase, 'en', withReason('en'));
  const translations: Record<string, string> = { en: english };
  if (speak.translated(phrase))
    translations[ticket.userLanguage] = speak.label(phrase, withReason(ticket.userLanguage));
  return await db
    .insert(ticketMessages)
    .values({
      ticketId: ticket.id,
      userId: 'support-team',
      messageId: `${tag}-${ticket.id}-${clock().getTime()}`,
      originalText: english,
      originalLanguage: 'en',
      translations,
      translated: true,
      isStaff: true,
      kind: 'status',
      createdAt: clock(),
    })
    .returning()
    .get();
}

export type TicketChangeOutcome =
  /** ticket absent: there is no such ticket in this server. */
  | { ok: false; ticket?: Ticket; error: string }
  | { ok: true; ticket: Ticket; updated: Ticket; note: TicketMessage | null };

/**
 * Changes a ticket and queues the announcement of a new status (note; null when the status stayed),
 * under the ticket's lock: changes at the same moment (two admins, a double click on Close) run one
 * after the other, each on the row the previous one left, so a status change is made and announced
 * once. `refuse` sees that fresh row and may answer why not (nothing is written then).
 */
export async function changeTicket(
  services: { db: Db; translator: Translator; clock: () => Date },
  guildId: string,
  ticketId: number,
  change: TicketChange,
  refuse: (ticket: Ticket) => string | null = () => null,
  /** The close reason per language (translated before the lock), for the announcement. */
  reason?: LangText,
): Promise<TicketChangeOutcome> {
  const { db, clock } = services;
  // The member's words for the announcement, asked before the lock (a slow provider never holds it).
  const before = await findTicket(db, guildId, ticketId);
  if (!before) return { ok: false, error: `ticket ${ticketId} not found` };
  const speak = await ticketSpeaker(services, before.userLanguage);
  return await db.$transaction(async (tx) => {
    await lockFor(tx, `ticket:${ticketId}`);
    const ticket = await findTicket(tx, guildId, ticketId);
    if (!ticket) return { ok: false, error: `ticket ${ticketId} not found` };
    const refused = refuse(ticket);
    if (refused) return { ok: false, ticket, error: refused };
    const updated = await updateTicket(tx, clock, ticket, change);
    if (typeof updated === 'string') return { ok: false, ticket, error: updated };
    const note =
      updated.status !== ticket.status
        ? await queueStatusAnnouncement(tx, clock, updated, speak, updated.status, reason)
        : null;
    return { ok: true, ticket, updated, note };
  });
}

export const RESPONSE_WINDOW_DAYS = 30;

/**
 * Average time from a ticket's opening to the support team's first written reply, over the tickets
 * opened in the last 30 days that have one; null when there is none.
 */
export async function avgResponseMs(db: Db, guildId: string, now: Date): Promise<number | null> {
  const since = new Date(now.getTime() - RESPONSE_WINDOW_DAYS * 86_400_000);
  const rows = await db
    .select({
      opened: tickets.createdAt,
      first: sql<number>`min(${ticketMessages.createdAt})`,
    })
    .from(tickets)
    .innerJoin(ticketMessages, eq(ticketMessages.ticketId, tickets.id))
    .where(
      and(
        eq(tickets.guildId, guildId),
        gte(tickets.createdAt, since),
        eq(ticketMessages.isStaff, true),
        eq(ticketMessages.kind, 'message'),
      ),
    )
    .groupBy(tickets.id)
    .all();
  if (rows.length === 0) return null;
  const total = rows.reduce((sum, r) => sum + Math.max(0, Number(r.first) - r.opened.getTime()), 0);
  return Math.round(total / rows.length);
}

/**
 * Staff messages and announcements the bot has not posted yet, oldest first: of every guild, or
 * of one ticket up to one of its messages (what must go before it).
 */
export async function pendingTicketDeliveries(
  db: Db,
  only?: { guildId: string; ticketId: number; upToMessageId: number },
): Promise<{ guildId: string; ticketId: number; messageId: number }[]> {
  return await db
    .select({ guildId: tickets.guildId, ticketId: tickets.id, messageId: ticketMessages.id })
    .from(ticketMessages)
    .innerJoin(tickets, eq(tickets.id, ticketMessages.ticketId))
    .where(
      and(
        isNull(ticketMessages.deliveredAt),
        eq(ticketMessages.isStaff, true),
        only && eq(tickets.guildId, only.guildId),
        only && eq(tickets.id, only.ticketId),
        only && lte(ticketMessages.id, only.upToMessageId),
      ),
    )
    .orderBy(asc(ticketMessages.createdAt), asc(ticketMessages.id))
    .all();
}
