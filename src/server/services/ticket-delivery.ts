import { and, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { ticketMessages } from '../../../db/schema';
import { languageName } from '../../common/languages';
import { findTicket } from './tickets';

/**
 * Staff replies reach the member through the bot: by DM, or in the ticket's channel when it has
 * one. The reply is shown in the member's language, with the English original beneath when it
 * was translated. deliveredAt marks a reply that arrived.
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
  /** The ticket's channel, or null for a DM. */
  channelId: string | null;
  parts: string[];
  translated: boolean;
}

/** What to send for a stored staff reply; null when it is not a staff reply of this guild or was delivered. */
export function planReplyDelivery(
  db: Db,
  guildId: string,
  ticketId: number,
  messageId: number,
): ReplyDelivery | null {
  const ticket = findTicket(db, guildId, ticketId);
  if (!ticket) return null;
  const message = db
    .select()
    .from(ticketMessages)
    .where(and(eq(ticketMessages.id, messageId), eq(ticketMessages.ticketId, ticket.id)))
    .get();
  if (!message?.isStaff || message.deliveredAt) return null;
  const target = ticket.userLanguage;
  const inTarget = message.translations[target];
  const translated = message.originalLanguage !== target && inTarget !== undefined;
  const subject = ticket.subject[target] ?? Object.values(ticket.subject)[0] ?? '';
  const lines = [
    `📩 **Support team reply** · ticket #${ticket.id}${subject ? ` · ${subject}` : ''}`,
    '',
    inTarget ?? message.originalText,
  ];
  if (translated) {
    lines.push(
      '',
      `-# Written in ${languageName(message.originalLanguage)}, translated to ${languageName(target)}. Original:`,
    );
    lines.push(...message.originalText.split('\n').map((l) => `> ${l}`));
  } else if (message.originalLanguage !== target) {
    lines.push('', `-# Could not be translated to ${languageName(target)} right now; this is the original.`);
  }
  return {
    ticketId: ticket.id,
    messageId: message.id,
    userId: ticket.userId,
    channelId: ticket.channelId,
    parts: splitForDiscord(lines.join('\n')),
    translated,
  };
}

export function markReplyDelivered(db: Db, messageId: number, at: Date): void {
  db.update(ticketMessages).set({ deliveredAt: at }).where(eq(ticketMessages.id, messageId)).run();
}

/** When a staff reply reached the member, or null while it is queued (or failed). */
export function replyDeliveredAt(db: Db, messageId: number): Date | null {
  return (
    db
      .select({ at: ticketMessages.deliveredAt })
      .from(ticketMessages)
      .where(eq(ticketMessages.id, messageId))
      .get()?.at ?? null
  );
}
