import { and, eq } from 'drizzle-orm';
import type { Db } from '../../../../db/client';
import { ticketMessages } from '../../../../db/schema';
import { languageName } from '../../../common/languages';
import {
  TICKET_NOT_TRANSLATED,
  TICKET_ORIGINAL,
  TICKET_RATE_ASK,
  TICKET_SUPPORT_REPLY,
} from '../../../common/tickets/phrases';
import { TICKET_RATE_PREFIX, TICKET_RATING_MAX } from '../../../common/tickets/schemas';
import { untranslatedMark } from '../../translation/phrases';
import type { Translator } from '../../core/translator';
import { CLOSE_TAG } from './conversation';
import { type Speaker, ticketSpeaker } from './speaker';
import { findTicket, type Ticket } from './tickets';

/**
 * Staff replies and status announcements reach the member through the bot: in the ticket's
 * private thread, or by DM when there is none (or the member can no longer be reached there).
 * The reply is shown in the member's language with the original collapsed beneath (a spoiler).
 * deliveredAt null = pending: delivered when the bot is connected, retried on its next start
 * after a failure (deliveryError says why).
 */

export const DISCORD_LIMIT = 2000;

/** Splits text into Discord-sized parts, at line ends or spaces when possible. */
export function splitForDiscord(text: string, limit = DISCORD_LIMIT): string[] {
  const parts: string[] = [];
  let rest = text;
  while (rest.length > limit) {
    let cut = rest.lastIndexOf('\n', limit);
    if (cut < limit / 2) cut = rest.lastIndexOf(' ', limit);
    if (cut < limit / 2) cut = limit;
    parts.push(rest.slice(0, cut));
    rest = rest.slice(cut).replace(/^[\n ]/, '');
  }
  if (rest) parts.push(rest);
  return parts;
}

export interface ReplyDelivery {
  ticketId: number;
  messageId: number;
  userId: string;
  /** The ticket's private thread, or null: by DM. */
  channelId: string | null;
  kind: 'message' | 'status';
  /** The ticket's status now: a closed ticket's thread is locked and archived after posting. */
  ticketStatus: string;
  parts: string[];
  translated: boolean;
  /** A close announcement: the transcript goes to the member by DM once it is posted (bot/features/tickets/transcript.ts). */
  sendsTranscript?: boolean;
  /** Under a close announcement of a ticket not rated yet: the rating question with its five buttons. */
  rating?: { content: string; buttons: { customId: string; label: string }[] };
}

/** The rating question in the member's language, its buttons "ticketrate:<guild>:<ticket>:<n>". */
function ratingQuestion(ticket: Ticket, s: Speaker): NonNullable<ReplyDelivery['rating']> {
  return {
    content: s(TICKET_RATE_ASK, { id: ticket.id }),
    buttons: Array.from({ length: TICKET_RATING_MAX }, (_, i) => ({
      customId: `${TICKET_RATE_PREFIX}:${ticket.guildId}:${ticket.id}:${i + 1}`,
      label: `${i + 1} ★`,
    })),
  };
}

/** A translated text with its original collapsed beneath, in as few Discord messages as fit. */
function withCollapsedOriginal(head: string, translated: string, original: string, note: string): string[] {
  const body = `${head}\n${translated}`;
  const tail = `-# ${note}\n||${original}||`;
  const whole = `${body}\n${tail}`;
  if (whole.length <= DISCORD_LIMIT) return [whole];
  const spoilers = splitForDiscord(original, DISCORD_LIMIT - 4).map((p) => `||${p}||`);
  return [...splitForDiscord(body), `-# ${note}`, ...spoilers];
}

/**
 * What to send for a stored staff message or announcement, the bot's own words in the member's
 * language (the speaker); null when there is nothing to deliver.
 */
export async function planReplyDelivery(
  services: { db: Db; translator: Translator },
  guildId: string,
  ticketId: number,
  messageId: number,
): Promise<ReplyDelivery | null> {
  const { db } = services;
  const ticket = await findTicket(db, guildId, ticketId);
  if (!ticket) return null;
  const message = await db
    .select()
    .from(ticketMessages)
    .where(and(eq(ticketMessages.id, messageId), eq(ticketMessages.ticketId, ticket.id)))
    .get();
  if (!message?.isStaff || message.deliveredAt) return null;
  const target = ticket.userLanguage;
  const s = await ticketSpeaker(services, target);
  const inTarget = message.translations[target];
  const translated = message.originalLanguage === target || inTarget !== undefined;
  const base = {
    ticketId: ticket.id,
    messageId: message.id,
    userId: ticket.userId,
    channelId: ticket.channelId,
    kind: message.kind,
    ticketStatus: ticket.status,
    translated,
  };
  if (message.kind === 'status') {
    const english = target === 'en' ? '' : `\n-# ${message.originalText.replace(/\n/g, '\n-# ')}`;
    // Not put into the member's language when it was queued (the provider was down): English, said so.
    const text =
      inTarget !== undefined || message.originalLanguage === target
        ? `${inTarget ?? message.originalText}${english}`
        : `${message.originalText}${untranslatedMark(target)}`;
    const closing = message.messageId.startsWith(`${CLOSE_TAG}-`) && ticket.status === 'closed';
    const asksRating = closing && ticket.rating === null;
    return {
      ...base,
      parts: splitForDiscord(text),
      ...(closing ? { sendsTranscript: true } : {}),
      ...(asksRating ? { rating: ratingQuestion(ticket, s) } : {}),
    };
  }
  const subject = ticket.subject[target] ?? Object.values(ticket.subject)[0] ?? '';
  const head =
    message.source === 'discord'
      ? `-# 🌐 ${languageName(target)}`
      : `💬 **${s.label(TICKET_SUPPORT_REPLY)}** · #${ticket.id}${subject ? ` · ${subject}` : ''}`;
  let parts: string[];
  if (message.originalLanguage === target)
    parts = splitForDiscord(`${head}\n${message.originalText}${s.mark()}`);
  else if (inTarget !== undefined) {
    const note = s.label(TICKET_ORIGINAL, { language: languageName(message.originalLanguage) });
    parts = withCollapsedOriginal(head, inTarget, message.originalText, `${note}${s.mark()}`);
  } else
    parts = splitForDiscord(
      `${head}\n${message.originalText}\n-# ${s.label(TICKET_NOT_TRANSLATED)}${s.mark()}`,
    );
  return { ...base, parts };
}

export async function markReplyDelivered(db: Db, messageId: number, at: Date): Promise<void> {
  await db
    .update(ticketMessages)
    .set({ deliveredAt: at, deliveryError: null })
    .where(eq(ticketMessages.id, messageId))
    .run();
}

/** The delivery failed: kept pending (retried when the bot next connects), the reason shown. */
export async function markReplyFailed(db: Db, messageId: number, error: string): Promise<void> {
  await db
    .update(ticketMessages)
    .set({ deliveryError: error.slice(0, 500) })
    .where(and(eq(ticketMessages.id, messageId), eq(ticketMessages.isStaff, true)))
    .run();
}

/** When a staff reply reached the member, or null while it is queued (or failed). */
export async function replyDeliveredAt(db: Db, messageId: number): Promise<Date | null> {
  return (
    (
      await db
        .select({ at: ticketMessages.deliveredAt })
        .from(ticketMessages)
        .where(eq(ticketMessages.id, messageId))
        .get()
    )?.at ?? null
  );
}
