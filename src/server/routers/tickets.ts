import { TRPCError } from '@trpc/server';
import { z } from 'zod';
import { TICKET_STATUSES, ticketReply, ticketUpdate } from '../../common/schemas/tickets';
import { rowId } from '../../common/schemas/util';
import type { Services } from '../services';
import { type DeliveryState, waitFor } from '../services/delivery';
import { replyDeliveredAt } from '../services/ticket-delivery';
import { responseTime } from '../services/ticket-response';
import {
  addTicketMessage,
  findTicket,
  listTickets,
  ticketConversation,
  updateTicket,
} from '../services/tickets';
import { guildProcedure, notFound, router } from '../trpc';

const byId = z.object({ id: rowId });

function ticketOf(db: Services['db'], guildId: string, id: number) {
  return findTicket(db, guildId, id) ?? notFound('ticket', id);
}

export const ticketsRouter = router({
  /** Newest first, without messages. `status` empty or 'all' means every status. */
  list: guildProcedure
    .input(
      z.object({
        status: z.preprocess(
          (v) => (v === '' || v === 'all' ? undefined : v),
          z.enum(TICKET_STATUSES, 'must be one of open, in_progress, resolved, closed or all').optional(),
        ),
      }),
    )
    .query(({ ctx, input }) => listTickets(ctx.db, ctx.guildId, input.status)),

  /** One ticket with its conversation, oldest message first. */
  get: guildProcedure.input(byId).query(({ ctx, input }) => {
    const ticket = ticketOf(ctx.db, ctx.guildId, input.id);
    return { ...ticket, messages: ticketConversation(ctx.db, ticket.id) };
  }),

  update: guildProcedure
    .input(byId)
    .input(ticketUpdate)
    .mutation(({ ctx, input }) => {
      const ticket = ticketOf(ctx.db, ctx.guildId, input.id);
      const updated = updateTicket(ctx.db, ctx.clock, ticket, input);
      if (typeof updated === 'string') throw new TRPCError({ code: 'BAD_REQUEST', message: updated });
      return updated;
    }),

  /** Avg Response Time: opening to first staff reply, last 30 days; `measured: false` is the labelled fallback. */
  responseTime: guildProcedure.query(({ ctx }) => responseTime(ctx.db, ctx.guildId, ctx.clock())),

  /** A message in the conversation; a staff reply is translated to the member's language and delivered by the bot. */
  reply: guildProcedure
    .input(byId)
    .input(ticketReply)
    .mutation(async ({ ctx, input }) => {
      const ticket = ticketOf(ctx.db, ctx.guildId, input.id);
      const { id: _id, guildId: _g, ...message } = input;
      const stored = await addTicketMessage(ctx.db, ctx.translator, ctx.clock, ticket, message);
      if (!stored.isStaff) return { ...stored, delivery: null };
      ctx.events.emit('ticket:reply', { guildId: ctx.guildId, ticketId: ticket.id, messageId: stored.id });
      // With the bot online, wait briefly for Discord's answer; otherwise it is queued for the bot.
      const delivered =
        ctx.botStatus.get().state === 'online'
          ? await waitFor(() => {
              const deliveredAt = replyDeliveredAt(ctx.db, stored.id);
              return deliveredAt ? { ...stored, deliveredAt } : null;
            })
          : null;
      const delivery: DeliveryState = delivered ? 'delivered' : 'queued';
      return { ...(delivered ?? stored), delivery };
    }),
});
