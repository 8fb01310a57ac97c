import { eq } from 'drizzle-orm';
import { type Db, lockFor } from '../../../../db/client';
import type { Translator } from '../../core/translator';
import { tickets } from '../../../../db/schema';
import { say } from '../../../common/phrases';
import { TICKET_CLAIMED, TICKET_CLAIMED_BY_OTHER, TICKET_UNCLAIMED } from '../../../common/tickets/phrases';
import { queueAnnouncement } from './conversation';
import { ticketSpeaker } from './speaker';
import { findTicket, type Ticket, type TicketMessage } from './tickets';

/**
 * Claiming a ticket: one staff member takes it (the badge on the ticket in the thread and the
 * dashboard), announced to the member in their language; releasing it gives it back to the team.
 */

export type ClaimOutcome =
  /** why: for the bot's answer in the presser's language; error: the English sentence (the dashboard's). */
  | { ok: false; ticket?: Ticket; why: 'not found' | 'closed' | 'claimed'; error: string }
  | { ok: true; ticket: Ticket; note: TicketMessage | null };

/**
 * Claims the ticket for `staffId`, or releases it (null), under the ticket's lock. Claiming one
 * another staff member holds is refused (they release it first); a closed ticket takes no claim.
 * Nothing changes (no note) when the ticket is already in the asked state.
 */
export async function claimTicket(
  services: { db: Db; translator: Translator; clock: () => Date },
  guildId: string,
  ticketId: number,
  staffId: string | null,
  /** The claimer's name in the server (shown in the dashboard). */
  staffName: string | null = null,
): Promise<ClaimOutcome> {
  const { db, clock } = services;
  const notFound = { ok: false as const, why: 'not found' as const, error: `ticket ${ticketId} not found` };
  // The member's words for the announcement, asked before the lock (a slow provider never holds it).
  const before = await findTicket(db, guildId, ticketId);
  if (!before) return notFound;
  const speak = await ticketSpeaker(services, before.userLanguage);
  return await db.$transaction(async (tx) => {
    await lockFor(tx, `ticket:${ticketId}`);
    const ticket = await findTicket(tx, guildId, ticketId);
    if (!ticket) return notFound;
    if (ticket.status === 'closed')
      return {
        ok: false,
        ticket,
        why: 'closed',
        error: `ticket #${ticket.id} is closed; reopen it to claim it`,
      };
    if (staffId && ticket.claimedBy && ticket.claimedBy !== staffId)
      return {
        ok: false,
        ticket,
        why: 'claimed',
        error: say(TICKET_CLAIMED_BY_OTHER, 'en', { id: ticket.id, staff: `<@${ticket.claimedBy}>` }),
      };
    if (ticket.claimedBy === staffId) return { ok: true, ticket, note: null };
    const updated = await tx
      .update(tickets)
      .set({
        claimedBy: staffId,
        claimedAt: staffId ? clock() : null,
        claimedByName: staffId ? staffName : null,
      })
      .where(eq(tickets.id, ticket.id))
      .returning()
      .get();
    const note = staffId
      ? await queueAnnouncement(tx, clock, updated, speak, TICKET_CLAIMED, {
          id: ticket.id,
          staff: `<@${staffId}>`,
        })
      : await queueAnnouncement(tx, clock, updated, speak, TICKET_UNCLAIMED, { id: ticket.id });
    return { ok: true, ticket: updated, note };
  });
}
