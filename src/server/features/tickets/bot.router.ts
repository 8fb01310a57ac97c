import { z } from 'zod';
import { findLanguage, languageName } from '../../../common/languages';
import {
  TICKET_ALREADY_CLOSED,
  TICKET_CLAIM_BUTTON,
  TICKET_UNKNOWN_CATEGORY,
  TICKET_CLOSE_BUTTON,
  TICKET_CLOSING,
  TICKET_FORM_CATEGORY,
  TICKET_FORM_DESCRIPTION,
  TICKET_FORM_HINT,
  TICKET_FORM_TITLE,
  TICKET_NOT_FOUND,
  TICKET_NOT_YOURS,
  TICKET_OPENED_DM,
  TICKET_OPENED_THREAD,
  TICKET_SUBJECT,
} from '../../../common/tickets/phrases';
import {
  TICKET_ANSWER_MAX_LENGTH,
  TICKET_CATEGORY_NAME_MAX_LENGTH,
  TICKET_CLAIM_PREFIX,
  TICKET_CLOSE_PREFIX,
  TICKET_QUESTIONS_MAX,
  ticketCloseReason,
  ticketText,
} from '../../../common/tickets/schemas';
import { ensureGuild } from '../../core/guilds';
import { logChannelOf } from '../../core/permission-reports';
import { lockedNotice } from './locked';
import { openingParts } from './opening';
import { TICKET_FORM_PHRASES, ticketFormSpeaker, ticketMemberSpeaker, ticketSpeaker } from './speaker';
import { ticketPanelBotProcedures } from './bot.panel';
import { ticketCloseBotProcedures } from './bot.close';
import { closeTicketWithReason } from './close';
import { markReplyDelivered, markReplyFailed, planReplyDelivery } from './delivery';
import { getTicketSettings, updateTicketSettings } from './settings';
import { createTicket, findTicket } from './tickets';
import { pendingTicketDeliveries, recordThreadMessage, setTicketThread } from './conversation';
import { botGuildProcedure, botProcedure, router } from '../../core/trpc';

/**
 * The bot's side of support tickets (/ticket create, the ticket's private thread, its Close
 * button, and the delivery of staff replies and status announcements). Bot only; the rules live
 * in services/tickets*.ts and services/ticket-delivery.ts.
 */

const id = z.string().regex(/^\d{1,32}$/, 'must be a Discord id');
const rowId = z.number().int().positive();

export const ticketsBotRouter = router({
  ...ticketPanelBotProcedures,
  ...ticketCloseBotProcedures,
  /** /ticket create: may this member open a ticket here (the server's plan)? The form's words in their language. */
  ticketAccess: botGuildProcedure
    .input(z.object({ userId: id, locale: z.string().max(20).nullable() }))
    .query(async ({ ctx, input }) => {
      const s = await ticketFormSpeaker(ctx, ctx.guildId, input.userId, input.locale, TICKET_FORM_PHRASES);
      const locked = await lockedNotice(ctx, s);
      if (locked) return { ok: false as const, message: locked };
      // The form's words in the member's language (a modal: no room for the "In English" line).
      const form = {
        title: s.label(TICKET_FORM_TITLE),
        subject: s.label(TICKET_SUBJECT),
        description: s.label(TICKET_FORM_DESCRIPTION),
        hint: s.label(TICKET_FORM_HINT),
        category: s.label(TICKET_FORM_CATEGORY),
      };
      return { ok: true as const, form };
    }),

  /** /ticket create sent: stored in the member's language and the support language; where to open its thread. */
  openTicket: botGuildProcedure
    .input(
      z.object({
        userId: id,
        locale: z.string().max(20).nullable(),
        subject: z.string().trim().min(1, 'must not be empty').max(100, 'must be at most 100 characters'),
        description: ticketText,
        category: z
          .string()
          .trim()
          .max(50, 'must be at most 50 characters')
          .nullable()
          .optional()
          .transform((v) => v || null),
        /** Opened from a panel button: its category ('' for the panel without categories) and the answers to its questions. */
        panel: z
          .object({
            category: z.string().trim().max(TICKET_CATEGORY_NAME_MAX_LENGTH),
            answers: z.array(z.string().trim().max(TICKET_ANSWER_MAX_LENGTH)).max(TICKET_QUESTIONS_MAX),
          })
          .optional(),
      }),
    )
    .mutation(async ({ ctx, input }) => {
      const s = await ticketMemberSpeaker(ctx, ctx.guildId, input.userId, input.locale);
      const userLanguage = s.language;
      const locked = await lockedNotice(ctx, s);
      if (locked) return { ok: false as const, message: locked };
      const settings = await getTicketSettings(ctx.db, ctx.guildId);
      const category = input.panel?.category
        ? settings.categories.find((c) => c.name === input.panel?.category)
        : undefined;
      if (input.panel?.category && !category)
        return {
          ok: false as const,
          message: s(TICKET_UNKNOWN_CATEGORY, { category: input.panel.category }),
        };
      // Each configured question with the member's answer (a question left unanswered is left out).
      const intake = (category?.questions ?? [])
        .map((question, i) => ({ question, answer: input.panel?.answers[i] ?? '' }))
        .filter((a) => a.answer);
      await ensureGuild(ctx.db, ctx.guildId);
      const ticket = await createTicket(ctx.db, ctx.translator, ctx.clock, {
        guildId: ctx.guildId,
        userId: input.userId,
        userLanguage,
        supportLanguage: settings.supportLanguage,
        subject: input.subject,
        description: input.description,
        category: category?.name ?? input.category,
        intake,
      });
      const team = await ticketSpeaker(ctx, settings.supportLanguage);
      return {
        ok: true as const,
        id: ticket.id,
        userLanguage,
        userLanguageName: languageName(userLanguage),
        translated:
          userLanguage === ticket.supportLanguage || ticket.subject[ticket.supportLanguage] !== undefined,
        thread: {
          /** The admin's pick, else the default channel made earlier (null: create #tickets). */
          channelIds: [settings.channelId, settings.defaultChannelId].filter((c): c is string => !!c),
          name: `#${ticket.id} ${input.subject}`.slice(0, 100),
          supportRoleId: settings.supportRoleId,
          opening: openingParts(ticket, settings.supportRoleId, s, team),
          closeLabel: s.label(TICKET_CLOSE_BUTTON),
          closeId: `${TICKET_CLOSE_PREFIX}:${ticket.id}`,
          claimLabel: team.label(TICKET_CLAIM_BUTTON),
          claimId: `${TICKET_CLAIM_PREFIX}:${ticket.id}`,
        },
      };
    }),

  /** The bot created the default #tickets channel: remembered so it is made once. */
  ticketDefaultChannel: botGuildProcedure
    .input(z.object({ channelId: id }))
    .mutation(async ({ ctx, input }) => {
      await ensureGuild(ctx.db, ctx.guildId);
      await updateTicketSettings(ctx.db, ctx.guildId, { defaultChannelId: input.channelId });
    }),

  /** The ticket's thread exists (threadId) or could not be opened (null: DMs): the member's answer. */
  ticketThreadOpened: botGuildProcedure
    .input(z.object({ ticketId: rowId, threadId: id.nullable() }))
    .mutation(async ({ ctx, input }) => {
      const ticket = await findTicket(ctx.db, ctx.guildId, input.ticketId);
      if (!ticket) return { content: `Ticket #${input.ticketId} not found.` };
      await setTicketThread(ctx.db, ticket.id, input.threadId);
      const s = await ticketSpeaker(ctx, ticket.userLanguage);
      return {
        content: input.threadId
          ? s(TICKET_OPENED_THREAD, { id: ticket.id, thread: `<#${input.threadId}>` })
          : s(TICKET_OPENED_DM, {
              id: ticket.id,
              language: findLanguage(ticket.userLanguage)?.native ?? languageName(ticket.userLanguage),
            }),
      };
    }),

  /** Someone wrote in a thread: stored when it is a ticket's (member or staff); other threads are ignored. */
  ticketThreadMessage: botGuildProcedure
    .input(z.object({ threadId: id, messageId: id, authorId: id, content: z.string().max(4000) }))
    .mutation(async ({ ctx, input }) => {
      const result = await recordThreadMessage(
        ctx.db,
        ctx.translator,
        ctx.clock,
        ctx.guildId,
        input.threadId,
        {
          messageId: input.messageId,
          authorId: input.authorId,
          content: input.content,
        },
      );
      // Staff wrote in the thread: the bot posts the translation for the member.
      if (result.stored && result.isStaff)
        await ctx.events.publish('ticket:reply', {
          guildId: ctx.guildId,
          ticketId: result.ticketId,
          messageId: result.messageId,
        });
      return result;
    }),

  /** The thread's Close button (the member who opened it), or its form (staff, may manage threads, with a reason). */
  closeTicket: botGuildProcedure
    .input(
      z.object({
        ticketId: rowId,
        userId: id,
        locale: z.string().max(20).nullable(),
        isStaff: z.boolean(),
        reason: ticketCloseReason.optional(),
      }),
    )
    .mutation(async ({ ctx, input }) => {
      // The presser's words, in their language (the ticket's member or staff).
      const s = await ticketMemberSpeaker(ctx, ctx.guildId, input.userId, input.locale);
      // Under the ticket's lock: a double click closes and announces once; the second press is told it is closed.
      const outcome = await closeTicketWithReason(ctx, ctx.guildId, input.ticketId, {
        reason: input.reason,
        source: input.isStaff ? 'support' : 'member',
        refuse: (t) => {
          if (t.userId !== input.userId && !input.isStaff) return s(TICKET_NOT_YOURS);
          if (t.status === 'closed') return s(TICKET_ALREADY_CLOSED, { id: t.id });
          return null;
        },
      });
      if (!outcome.ticket)
        return { ok: false as const, message: s(TICKET_NOT_FOUND, { id: input.ticketId }) };
      if (!outcome.ok) return { ok: false as const, message: outcome.error };
      if (outcome.note)
        await ctx.events.publish('ticket:reply', {
          guildId: ctx.guildId,
          ticketId: outcome.ticket.id,
          messageId: outcome.note.id,
        });
      return { ok: true as const, message: s(TICKET_CLOSING, { id: outcome.ticket.id }) };
    }),

  /** Staff messages and announcements still to post (offline or failed earlier), every guild. */
  pendingTicketReplies: botProcedure.query(async ({ ctx }) => await pendingTicketDeliveries(ctx.db)),
  /** The ticket's staff messages still to post up to this one, oldest first (they go before it). */
  ticketRepliesBefore: botGuildProcedure.input(z.object({ ticketId: rowId, messageId: rowId })).query(
    async ({ ctx, input }) =>
      await pendingTicketDeliveries(ctx.db, {
        guildId: ctx.guildId,
        ticketId: input.ticketId,
        upToMessageId: input.messageId,
      }),
  ),

  /** What to send for a staff reply or announcement (null: nothing to deliver). */
  ticketReply: botGuildProcedure
    .input(z.object({ ticketId: rowId, messageId: rowId }))
    .query(
      async ({ ctx, input }) => await planReplyDelivery(ctx, ctx.guildId, input.ticketId, input.messageId),
    ),

  ticketReplyDelivered: botGuildProcedure
    .input(z.object({ messageId: rowId }))
    .mutation(async ({ ctx, input }) => await markReplyDelivered(ctx.db, input.messageId, ctx.clock())),

  /** A reply the bot could not deliver: recorded on the message (still pending), and what to tell the admins. */
  ticketReplyFailed: botGuildProcedure
    .input(z.object({ ticketId: rowId, messageId: rowId.optional(), userId: id, error: z.string().max(500) }))
    .mutation(async ({ ctx, input }) => {
      if (input.messageId) await markReplyFailed(ctx.db, input.messageId, input.error);
      return {
        channelId: await logChannelOf(ctx.db, ctx.guildId),
        text: `I could not deliver the support reply on ticket #${input.ticketId} to <@${input.userId}>: ${input.error}. They may not accept direct messages from this server; the reply is kept on the ticket and retried when the bot reconnects.`,
      };
    }),
});
