import { TRPCError } from '@trpc/server';
import { z } from 'zod';
import {
  TICKET_STATUSES,
  ticketClaimInput,
  ticketMemberSearchInput,
  ticketPanelInput,
  ticketReply,
  ticketSettingsInput,
  ticketUpdate,
} from '../../../common/tickets/schemas';
import { rowId } from '../../../common/schemas/util';
import type { Services } from '../../core/services';
import { getTicketSettings, updateTicketSettings } from './settings';
import { addTicketMessage, findTicket, listTickets, ticketConversation } from './tickets';
import { avgResponseMs, changeTicket } from './conversation';
import { claimTicket } from './claim';
import { closeReasonTexts, ratingSummary } from './close';
import { guildProcedure, notFound, requires, router } from '../../core/trpc';
import { ticketsBotRouter } from './bot.router';
import { transcriptFile } from './transcript';
import { queueTicketPanel } from './panel';

const byId = z.object({ id: rowId });

/**
 * The Discord member look-ups (staff-member.ts) load with the first claim or search: they bring
 * discord.js's REST client, which the web tier otherwise never needs (issue 25, idle memory).
 */
const staffMembers = () => import('./staff-member');

/** The signed-in member's Discord id (null for the operator's token or session). */
function discordUserOf(caller: { kind: string; userId?: string }): string | null {
  return caller.kind === 'discord' && caller.userId ? caller.userId : null;
}

/** Support tickets are an Ultimate capability (spec section 9). */
const ticketProcedure = guildProcedure.use(await requires('tickets'));

async function ticketOf(db: Services['db'], guildId: string, id: number) {
  return (await findTicket(db, guildId, id)) ?? notFound('ticket', id);
}

export const ticketsRouter = router({
  /** Newest first, without messages. `status` empty or 'all' means every status. */
  list: ticketProcedure
    .input(
      z.object({
        status: z.preprocess(
          (v) => (v === '' || v === 'all' ? undefined : v),
          z.enum(TICKET_STATUSES, 'must be one of open, in_progress, resolved, closed or all').optional(),
        ),
      }),
    )
    .query(async ({ ctx, input }) => await listTickets(ctx.db, ctx.guildId, input.status)),

  /** One ticket with its conversation, oldest message first (each staff message with its delivery state). */
  get: ticketProcedure.input(byId).query(async ({ ctx, input }) => {
    const ticket = await ticketOf(ctx.db, ctx.guildId, input.id);
    return { ...ticket, messages: await ticketConversation(ctx.db, ticket.id) };
  }),

  /** The transcript as it is now (.txt or the self-contained .html page), made on demand: nothing is stored. */
  transcript: ticketProcedure
    .input(byId)
    .input(
      z.object({
        format: z.enum(['txt', 'html'], 'must be txt or html').default('html'),
      }),
    )
    .query(async ({ ctx, input }) => {
      const ticket = await ticketOf(ctx.db, ctx.guildId, input.id);
      return transcriptFile(ticket, await ticketConversation(ctx.db, ticket.id), input.format);
    }),

  /** The stat cards: counts by status, the average first response over the last 30 days, the average rating. */
  stats: ticketProcedure.query(async ({ ctx }) => {
    const all = await listTickets(ctx.db, ctx.guildId);
    const count = (s: string) => all.filter((t) => t.status === s).length;
    return {
      open: count('open'),
      inProgress: count('in_progress'),
      resolved: count('resolved'),
      closed: count('closed'),
      total: all.length,
      avgResponseMs: await avgResponseMs(ctx.db, ctx.guildId, ctx.clock()),
      ...ratingSummary(all),
    };
  }),

  update: ticketProcedure
    .input(byId)
    .input(ticketUpdate)
    .mutation(async ({ ctx, input }) => {
      const { guildId: _asked, id, ...change } = input;
      // A close reason is written by staff in the support language, and told to the member translated.
      const reasonOf = async () => {
        const ticket = await ticketOf(ctx.db, ctx.guildId, id);
        return await closeReasonTexts(
          ctx.translator,
          ticket,
          change.closeReason ?? '',
          ticket.supportLanguage,
        );
      };
      const reason = change.closeReason ? await reasonOf() : undefined;
      const outcome = await changeTicket(ctx, ctx.guildId, id, change, undefined, reason);
      if (!outcome.ok) {
        if (!outcome.ticket) notFound('ticket', id);
        throw new TRPCError({ code: 'BAD_REQUEST', message: outcome.error });
      }
      // A new status is announced in the thread in the member's language; closing locks and archives it.
      if (outcome.note)
        await ctx.events.publish('ticket:reply', {
          guildId: ctx.guildId,
          ticketId: id,
          messageId: outcome.note.id,
        });
      return outcome.updated;
    }),

  /** A message in the conversation; a staff reply is translated to the member's language and delivered by the bot. */
  reply: ticketProcedure
    .input(byId)
    .input(ticketReply)
    .mutation(async ({ ctx, input }) => {
      const ticket = await ticketOf(ctx.db, ctx.guildId, input.id);
      if (ticket.status === 'closed')
        throw new TRPCError({ code: 'CONFLICT', message: 'id: the ticket is closed; reopen it to reply' });
      const { id: _id, guildId: _g, ...message } = input;
      const stored = await addTicketMessage(ctx.db, ctx.translator, ctx.clock, ticket, message);
      if (stored.isStaff) {
        await ctx.events.publish('ticket:reply', {
          guildId: ctx.guildId,
          ticketId: ticket.id,
          messageId: stored.id,
        });
      }
      return stored;
    }),

  /** Posts the ticket panel (a button per category) in a text channel of this server: queued for the bot. */
  postPanel: ticketProcedure.input(ticketPanelInput).mutation(async ({ ctx, input }) => {
    // The channel is a text channel of this server: the input's channelOf('text') checked it.
    await queueTicketPanel(ctx, ctx.guildId, input.channelId);
    return { queued: true, channelId: input.channelId };
  }),

  /** Claims the ticket (for staffId, else the signed-in Discord member) or releases it; announced in the thread. */
  claim: ticketProcedure
    .input(byId)
    .input(ticketClaimInput)
    .mutation(async ({ ctx, input }) => {
      const staffId = input.claim ? (input.staffId ?? discordUserOf(ctx.actor)) : null;
      if (input.claim && !staffId)
        throw new TRPCError({
          code: 'BAD_REQUEST',
          message: 'staffId: give the Discord id of the staff member who claims it (the operator has none)',
        });
      // The claimer is asked of Discord: a member of this server (their name is kept), else 400.
      let staffName: string | null = null;
      if (staffId) {
        const { staffMemberOf } = await staffMembers();
        const member = await staffMemberOf(ctx.env, ctx.guildId, staffId);
        if (!member.ok) throw new TRPCError({ code: 'BAD_REQUEST', message: `staffId: ${member.problem}` });
        staffName = member.name;
      }
      const outcome = await claimTicket(ctx, ctx.guildId, input.id, staffId, staffName);
      if (!outcome.ok) {
        if (!outcome.ticket) notFound('ticket', input.id);
        throw new TRPCError({ code: 'CONFLICT', message: `id: ${outcome.error}` });
      }
      if (outcome.note)
        await ctx.events.publish('ticket:reply', {
          guildId: ctx.guildId,
          ticketId: input.id,
          messageId: outcome.note.id,
        });
      return outcome.ticket;
    }),

  /**
   * The claim picker: this server's members whose name starts with `query`, asked of Discord
   * (names and avatars; nothing is stored). Only members of the server the caller may manage.
   */
  searchMembers: ticketProcedure.input(ticketMemberSearchInput).query(async ({ ctx, input }) => {
    const { searchMembers } = await staffMembers();
    const found = await searchMembers(ctx.env, ctx.guildId, input.query, input.limit);
    if (!found.ok) throw new TRPCError({ code: 'SERVICE_UNAVAILABLE', message: found.problem });
    return found.members;
  }),

  /** Support Tickets settings: the channel ticket threads open in, and the support role. */
  settings: ticketProcedure.query(async ({ ctx }) => await getTicketSettings(ctx.db, ctx.guildId)),

  updateSettings: ticketProcedure.input(ticketSettingsInput).mutation(async ({ ctx, input }) => {
    // The channel is a text channel of this server: the input's channelOf('privateThreads') checked it.
    const { guildId: _g, ...change } = input;
    return await updateTicketSettings(ctx.db, ctx.guildId, change);
  }),

  /** The bot's own procedures of this capability (in-process only). */
  bot: ticketsBotRouter,
});
