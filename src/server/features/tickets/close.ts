import { and, eq, isNull } from 'drizzle-orm';
import { type Db, lockFor } from '../../../../db/client';
import { type LangText, tickets } from '../../../../db/schema';
import { TICKET_RATING_MAX } from '../../../common/tickets/schemas';
import type { Translator } from '../../core/translator';
import { changeTicket, type TicketChangeOutcome } from './conversation';
import { findTicket, type Ticket, translateOrNull } from './tickets';

/**
 * Closing a ticket with a reason (the thread's Close form for staff, the dashboard's status change)
 * and the member's 1-5 rating afterwards. The reason is stored as written (close_reason) and
 * announced to the member translated into their language (English beneath, as every announcement).
 */

/** The reason as written (in `source`) and translated into the member's language and English where possible. */
export async function closeReasonTexts(
  translator: Translator,
  ticket: Ticket,
  reason: string,
  source: string,
): Promise<LangText> {
  const texts: LangText = { [source]: reason };
  for (const target of new Set([ticket.userLanguage, 'en'])) {
    if (target in texts) continue;
    const translated = await translateOrNull(translator, reason, source, target, { guildId: ticket.guildId });
    if (translated !== null) texts[target] = translated;
  }
  return texts;
}

/**
 * Closes the ticket with an optional reason (written in `source`), translated before the ticket's
 * lock is taken (a slow provider never holds it); `refuse` as changeTicket's.
 */
export async function closeTicketWithReason(
  services: { db: Db; translator: Translator; clock: () => Date },
  guildId: string,
  ticketId: number,
  close: { reason?: string; source?: 'member' | 'support'; refuse?: (ticket: Ticket) => string | null },
): Promise<TicketChangeOutcome> {
  const reason = close.reason?.trim() || undefined;
  const ticket = reason ? await findTicket(services.db, guildId, ticketId) : undefined;
  const texts =
    ticket && reason
      ? await closeReasonTexts(
          services.translator,
          ticket,
          reason,
          close.source === 'member' ? ticket.userLanguage : ticket.supportLanguage,
        )
      : undefined;
  return await changeTicket(
    services,
    guildId,
    ticketId,
    { status: 'closed', ...(reason ? { closeReason: reason } : {}) },
    close.refuse,
    texts,
  );
}

export type RateOutcome =
  | { ok: true; ticket: Ticket }
  | {
      ok: false;
      error: 'not found' | 'out of range' | 'not the member' | 'not closed' | 'already rated';
      ticket?: Ticket;
    };

/**
 * The member's rating of their closed ticket, 1 to 5, once: anyone else, a ticket of another
 * server, a rating out of range, an open ticket or a second rating writes nothing.
 */
export async function rateTicket(
  db: Db,
  guildId: string,
  ticketId: number,
  userId: string,
  rating: number,
): Promise<RateOutcome> {
  return await db.$transaction(async (tx) => {
    await lockFor(tx, `ticket:${ticketId}`);
    const ticket = await findTicket(tx, guildId, ticketId);
    if (!ticket) return { ok: false, error: 'not found' };
    if (!Number.isInteger(rating) || rating < 1 || rating > TICKET_RATING_MAX)
      return { ok: false, error: 'out of range', ticket };
    if (ticket.userId !== userId) return { ok: false, error: 'not the member', ticket };
    if (ticket.rating !== null) return { ok: false, error: 'already rated', ticket };
    if (ticket.status !== 'closed') return { ok: false, error: 'not closed', ticket };
    const updated = await tx
      .update(tickets)
      .set({ rating })
      .where(and(eq(tickets.id, ticket.id), isNull(tickets.rating)))
      .returning()
      .get();
    return updated ? { ok: true, ticket: updated } : { ok: false, error: 'already rated', ticket };
  });
}

/** The average rating of the server's rated tickets (null when none) and how many were rated. */
export function ratingSummary(list: Ticket[]): { avgRating: number | null; rated: number } {
  const ratings = list.map((t) => t.rating).filter((r): r is number => r !== null);
  if (ratings.length === 0) return { avgRating: null, rated: 0 };
  const avg = ratings.reduce((a, b) => a + b, 0) / ratings.length;
  return { avgRating: Math.round(avg * 10) / 10, rated: ratings.length };
}
