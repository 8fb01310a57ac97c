import { z } from 'zod';
import { type Phrase, say } from '../../../common/phrases';
import {
  TICKET_ALREADY_RATED,
  TICKET_RATE_NOT_CLOSED,
  TICKET_RATE_NOT_YOURS,
  TICKET_RATE_RANGE,
  TICKET_RATED,
} from '../../../common/tickets/phrases';
import { botGuildProcedure } from '../../core/trpc';
import { memberLanguageIn } from '../translation/members';
import { type RateOutcome, rateTicket } from './close';
import { findTicket } from './tickets';

/** The bot's side of the rating asked under a close announcement (five buttons, 1 to 5). */

const id = z.string().regex(/^\d{1,32}$/, 'must be a Discord id');

const REFUSALS: Record<Exclude<RateOutcome, { ok: true }>['error'], Phrase | null> = {
  'not found': null,
  'out of range': TICKET_RATE_RANGE,
  'not the member': TICKET_RATE_NOT_YOURS,
  'not closed': TICKET_RATE_NOT_CLOSED,
  'already rated': TICKET_ALREADY_RATED,
};

export const ticketCloseBotProcedures = {
  /** The Close button: is the presser the ticket's member (who closes at once, no form)? */
  ticketCloser: botGuildProcedure
    .input(z.object({ ticketId: z.number().int().positive(), userId: id }))
    .query(async ({ ctx, input }) => {
      const ticket = await findTicket(ctx.db, ctx.guildId, input.ticketId);
      return { isMember: ticket?.userId === input.userId };
    }),

  /** A rating button: only the ticket's member, once, 1 to 5; the answer in the presser's language. */
  rateTicket: botGuildProcedure
    .input(
      z.object({
        ticketId: z.number().int().positive(),
        userId: id,
        locale: z.string().max(20).nullable(),
        // Checked by rateTicket so an out-of-range press is answered in the member's language.
        rating: z.number(),
      }),
    )
    .mutation(async ({ ctx, input }) => {
      const outcome = await rateTicket(ctx.db, ctx.guildId, input.ticketId, input.userId, input.rating);
      if (outcome.ok)
        return {
          ok: true as const,
          message: say(TICKET_RATED, outcome.ticket.userLanguage, {
            id: outcome.ticket.id,
            rating: input.rating,
          }),
        };
      const phrase = REFUSALS[outcome.error];
      if (!phrase || !outcome.ticket)
        return { ok: false as const, message: `Ticket #${input.ticketId} not found.` };
      const language = await memberLanguageIn(ctx.db, ctx.guildId, input.userId, input.locale);
      return {
        ok: false as const,
        message: say(phrase, language, { id: outcome.ticket.id, rating: outcome.ticket.rating ?? '' }),
      };
    }),
};
