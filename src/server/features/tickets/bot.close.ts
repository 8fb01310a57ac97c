import { z } from 'zod';
import type { Phrase } from '../../../common/phrases';
import {
  TICKET_ALREADY_RATED,
  TICKET_CLOSE_FORM_HINT,
  TICKET_CLOSE_FORM_REASON,
  TICKET_CLOSE_FORM_TITLE,
  TICKET_RATE_NOT_CLOSED,
  TICKET_RATE_NOT_YOURS,
  TICKET_RATE_RANGE,
  TICKET_NOT_FOUND,
  TICKET_RATED,
} from '../../../common/tickets/phrases';
import { botGuildProcedure } from '../../core/trpc';
import { TICKET_CLOSE_FORM_PHRASES, ticketFormSpeaker, ticketMemberSpeaker } from './speaker';
import { type RateOutcome, rateTicket } from './close';
import { findTicket } from './tickets';
import { planTranscript } from './transcript';
import { logChannelOf } from '../../core/permission-reports';

/** The bot's side of the rating asked under a close announcement (five buttons, 1 to 5). */

const id = z.string().regex(/^\d{1,32}$/, 'must be a Discord id');

const REFUSALS: Record<Exclude<RateOutcome, { ok: true }>['error'], Phrase | null> = {
  'not found': null,
  'out of range': TICKET_RATE_RANGE,
  'not the member': TICKET_RATE_NOT_YOURS,
  'not closed': TICKET_RATE_NOT_CLOSED,
  'already rated': TICKET_ALREADY_RATED,
};

const ticketId = z.number().int().positive();

export const ticketCloseBotProcedures = {
  /** The closed ticket's transcript to DM its member (null: not closed, or not this server's). */
  ticketTranscript: botGuildProcedure
    .input(z.object({ ticketId }))
    .query(async ({ ctx, input }) => await planTranscript(ctx, ctx.guildId, input.ticketId)),

  /** The member could not be sent the transcript by DM: what to tell the admins, where. */
  ticketTranscriptUndelivered: botGuildProcedure
    .input(z.object({ ticketId, userId: id, error: z.string().max(500) }))
    .mutation(async ({ ctx, input }) => ({
      channelId: await logChannelOf(ctx.db, ctx.guildId),
      text: `I could not send the transcript of ticket #${input.ticketId} to <@${input.userId}> by direct message: ${input.error}. They may not accept direct messages from this server; the conversation stays on the ticket in the dashboard.`,
    })),

  /**
   * The Close button: is the presser the ticket's member (who closes at once, no form)? Else the
   * reason form's words in the presser's language.
   */
  ticketCloser: botGuildProcedure
    .input(
      z.object({ ticketId: z.number().int().positive(), userId: id, locale: z.string().max(20).nullable() }),
    )
    .query(async ({ ctx, input }) => {
      const ticket = await findTicket(ctx.db, ctx.guildId, input.ticketId);
      const s = await ticketFormSpeaker(
        ctx,
        ctx.guildId,
        input.userId,
        input.locale,
        TICKET_CLOSE_FORM_PHRASES,
      );
      return {
        isMember: ticket?.userId === input.userId,
        form: {
          title: s.label(TICKET_CLOSE_FORM_TITLE, { id: input.ticketId }),
          reason: s.label(TICKET_CLOSE_FORM_REASON),
          hint: s.label(TICKET_CLOSE_FORM_HINT),
        },
      };
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
      // The presser's language (the member's own, once they rate: the same as the ticket's).
      const s = await ticketMemberSpeaker(ctx, ctx.guildId, input.userId, input.locale);
      const outcome = await rateTicket(ctx.db, ctx.guildId, input.ticketId, input.userId, input.rating);
      if (outcome.ok)
        return {
          ok: true as const,
          message: s(TICKET_RATED, { id: outcome.ticket.id, rating: input.rating }),
        };
      const phrase = REFUSALS[outcome.error];
      if (!phrase || !outcome.ticket)
        return { ok: false as const, message: s(TICKET_NOT_FOUND, { id: input.ticketId }) };
      return {
        ok: false as const,
        message: s(phrase, { id: outcome.ticket.id, rating: outcome.ticket.rating ?? '' }),
      };
    }),
};
