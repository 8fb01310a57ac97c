import { z } from 'zod';
import {
  TICKET_CLAIM_STAFF_ONLY,
  TICKET_CLAIMED_BY_OTHER,
  TICKET_CLAIMED_BY_YOU,
  TICKET_CLOSED_NO_CLAIM,
  TICKET_NOT_FOUND,
  TICKET_RELEASED,
  TICKET_FORM_DESCRIPTION,
  TICKET_FORM_TITLE,
  TICKET_PANEL_INTRO,
  TICKET_PANEL_OPEN,
  TICKET_SUBJECT,
  TICKET_UNKNOWN_CATEGORY,
} from '../../../common/tickets/phrases';
import {
  TICKET_CATEGORY_NAME_MAX_LENGTH,
  TICKET_OPEN_PREFIX,
  TICKET_QUESTION_MAX_LENGTH,
} from '../../../common/tickets/schemas';
import {
  TICKET_PANEL_BOT_CANNOT_POST,
  TICKET_PANEL_NEEDS_MANAGE_SERVER,
  TICKET_PANEL_NO_CATEGORIES,
  TICKET_PANEL_NOT_A_TEXT_CHANNEL,
  TICKET_PANEL_QUEUED,
} from '../../../common/tickets/panel-command-phrases';
import { channelProblem } from '../../core/discord-objects';
import { botGuildProcedure } from '../../core/trpc';
import { TICKET_FORM_PHRASES, ticketFormSpeaker, ticketMemberSpeaker, ticketSpeaker } from './speaker';
import { queueTicketPanel } from './panel';
import { claimTicket } from './claim';
import { lockedNotice } from './locked';
import { getTicketSettings } from './settings';
import { findTicket, translateOrNull } from './tickets';

/**
 * The bot's side of the ticket panel (the message with a button per category, posted by the
 * 'tickets:panel' job), the form a panel button opens (in the member's language, with the
 * category's intake questions), and the thread's Claim button.
 */

const id = z.string().regex(/^\d{1,32}$/, 'must be a Discord id');
const categoryName = z.string().trim().max(TICKET_CATEGORY_NAME_MAX_LENGTH);

export const ticketPanelBotProcedures = {
  /** The panel message: the intro in the support language and a button per category. */
  ticketPanel: botGuildProcedure.query(async ({ ctx }) => {
    const settings = await getTicketSettings(ctx.db, ctx.guildId);
    const s = await ticketSpeaker(ctx, settings.supportLanguage);
    const buttons =
      settings.categories.length > 0
        ? settings.categories.map((c) => ({ customId: `${TICKET_OPEN_PREFIX}:${c.name}`, label: c.name }))
        : [{ customId: `${TICKET_OPEN_PREFIX}:`, label: s.label(TICKET_PANEL_OPEN) }];
    const intro = s.label(TICKET_PANEL_INTRO);
    return { content: `${intro}${s.mark()}`, buttons };
  }),

  /**
   * /ticket-panel channel:<channel>: staff (Manage Server, as Discord told the bot) post the panel
   * through the dashboard's way (queueTicketPanel), or read why not in their language: no Manage
   * Server, the plan, a channel that is not a text channel of this server (the synced channels, as
   * the dashboard's input is checked), no categories, the bot may not post there. Nothing is queued on a refusal.
   */
  postTicketPanel: botGuildProcedure
    .input(
      z.object({
        userId: id,
        locale: z.string().max(20).nullable(),
        channelId: id,
        /** The member has Manage Server (the interaction's member permissions). */
        canManageServer: z.boolean(),
        /** The bot may view the channel and send messages in it. */
        botCanPost: z.boolean(),
      }),
    )
    .mutation(async ({ ctx, input }) => {
      const s = await ticketMemberSpeaker(ctx, ctx.guildId, input.userId, input.locale);
      const channel = `<#${input.channelId}>`;
      const refuse = (message: string) => ({ ok: false as const, message });
      if (!input.canManageServer) return refuse(s(TICKET_PANEL_NEEDS_MANAGE_SERVER));
      const locked = await lockedNotice(ctx, s);
      if (locked) return refuse(locked);
      // The dashboard's check (channelOf('text')): a text or announcement channel the bot synced for this server.
      if (await channelProblem(ctx.db, ctx.guildId, input.channelId, 'text'))
        return refuse(s(TICKET_PANEL_NOT_A_TEXT_CHANNEL, { channel }));
      const settings = await getTicketSettings(ctx.db, ctx.guildId);
      if (settings.categories.length === 0) return refuse(s(TICKET_PANEL_NO_CATEGORIES));
      if (!input.botCanPost) return refuse(s(TICKET_PANEL_BOT_CANNOT_POST, { channel }));
      await queueTicketPanel(ctx, ctx.guildId, input.channelId);
      return { ok: true as const, message: s(TICKET_PANEL_QUEUED, { channel }) };
    }),

  /**
   * A panel button: the form in the member's language with the category's questions translated
   * for them (the original when no provider answers), or why not (plan, category removed).
   */
  ticketPanelForm: botGuildProcedure
    .input(z.object({ userId: id, locale: z.string().max(20).nullable(), category: categoryName }))
    .query(async ({ ctx, input }) => {
      const s = await ticketFormSpeaker(ctx, ctx.guildId, input.userId, input.locale, TICKET_FORM_PHRASES);
      const language = s.language;
      const locked = await lockedNotice(ctx, s);
      if (locked) return { ok: false as const, message: locked };
      const settings = await getTicketSettings(ctx.db, ctx.guildId);
      const category = settings.categories.find((c) => c.name === input.category);
      if (input.category && !category)
        return {
          ok: false as const,
          message: s(TICKET_UNKNOWN_CATEGORY, { category: input.category }),
        };
      const questions: string[] = [];
      for (const question of category?.questions ?? []) {
        const translated =
          language === settings.supportLanguage
            ? question
            : await translateOrNull(ctx.translator, question, settings.supportLanguage, language, {
                guildId: ctx.guildId,
              });
        questions.push((translated ?? question).slice(0, TICKET_QUESTION_MAX_LENGTH));
      }
      return {
        ok: true as const,
        // A modal's title and labels: no room for the "In English" line there.
        title: s.label(TICKET_FORM_TITLE),
        subject: s.label(TICKET_SUBJECT),
        description: s.label(TICKET_FORM_DESCRIPTION),
        questions,
      };
    }),

  /** The thread's Claim button: staff (may manage threads) claim it, or release their own claim. */
  claimTicket: botGuildProcedure
    .input(
      z.object({
        ticketId: z.number().int().positive(),
        userId: id,
        /** The presser's name in the server (kept with the claim for the dashboard). */
        name: z.string().max(100).optional(),
        locale: z.string().max(20).nullable(),
        isStaff: z.boolean(),
      }),
    )
    .mutation(async ({ ctx, input }) => {
      const s = await ticketMemberSpeaker(ctx, ctx.guildId, input.userId, input.locale);
      if (!input.isStaff) return { ok: false as const, message: s(TICKET_CLAIM_STAFF_ONLY) };
      const notFound = { ok: false as const, message: s(TICKET_NOT_FOUND, { id: input.ticketId }) };
      const current = await findTicket(ctx.db, ctx.guildId, input.ticketId);
      if (!current) return notFound;
      // Pressing Claim on one's own claim releases it.
      const staffId = current.claimedBy === input.userId ? null : input.userId;
      const outcome = await claimTicket(ctx, ctx.guildId, input.ticketId, staffId, input.name ?? null);
      if (!outcome.ok) {
        if (outcome.why === 'not found') return notFound;
        const vars = { id: input.ticketId, staff: `<@${outcome.ticket?.claimedBy}>` };
        const phrase = outcome.why === 'closed' ? TICKET_CLOSED_NO_CLAIM : TICKET_CLAIMED_BY_OTHER;
        return { ok: false as const, message: s(phrase, vars) };
      }
      if (outcome.note)
        await ctx.events.publish('ticket:reply', {
          guildId: ctx.guildId,
          ticketId: outcome.ticket.id,
          messageId: outcome.note.id,
        });
      return {
        ok: true as const,
        claimedBy: outcome.ticket.claimedBy,
        message: s(staffId ? TICKET_CLAIMED_BY_YOU : TICKET_RELEASED, { id: outcome.ticket.id }),
      };
    }),
};
