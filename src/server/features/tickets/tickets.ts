import { and, asc, desc, eq } from 'drizzle-orm';
import type { Db } from '../../../../db/client';
import { type LangText, type TicketIntakeAnswer, ticketMessages, tickets } from '../../../../db/schema';
import type { TicketPriority, TicketStatus } from '../../../common/tickets/schemas';
import type { Translator } from '../../core/translator';

/**
 * Support tickets, shared by the dashboard procedures and the bot's: a member opens a ticket
 * in their language, support answers in theirs, and each side reads the other translated.
 * A translation failure never blocks support: the original is stored with translated=false.
 */

export type Ticket = typeof tickets.$inferSelect;
export type TicketMessage = typeof ticketMessages.$inferSelect;

/** Translates `text` into `target`, or gives null when that is not possible right now. */
export async function translateOrNull(
  translator: Translator,
  text: string,
  source: string,
  target: string,
  accounting: { guildId: string; userId?: string },
): Promise<string | null> {
  try {
    const result = await translator.translate({
      text,
      targets: [target],
      source,
      origin: 'ticket',
      ...accounting,
    });
    return result.translations[target] ?? (result.skipped.includes(target) ? text : null);
  } catch (err) {
    if (translator.provider !== null) console.warn(`ticket translation failed: ${(err as Error).message}`);
    return null;
  }
}

/** The original plus its translation into `target` (when it differs), and whether that worked. */
async function withTranslation(
  translator: Translator,
  text: string,
  source: string,
  target: string,
  accounting: { guildId: string; userId?: string },
): Promise<{ texts: LangText; translated: boolean }> {
  if (source === target) return { texts: { [source]: text }, translated: true };
  const translated = await translateOrNull(translator, text, source, target, accounting);
  return translated === null
    ? { texts: { [source]: text }, translated: false }
    : { texts: { [source]: text, [target]: translated }, translated: true };
}

export interface NewTicket {
  guildId: string;
  userId: string;
  userLanguage: string;
  subject: string;
  description: string;
  supportLanguage?: string;
  priority?: TicketPriority;
  category?: string | null;
  channelId?: string | null;
  /** The category's intake questions (as configured) and the member's answers. */
  intake?: { question: string; answer: string }[];
}

/** Opens a ticket; subject and description are kept in the member's language and the support language. */
export async function createTicket(
  db: Db,
  translator: Translator,
  clock: () => Date,
  input: NewTicket,
): Promise<Ticket> {
  const supportLanguage = input.supportLanguage ?? 'en';
  const accounting = { guildId: input.guildId, userId: input.userId };
  const subject = await withTranslation(
    translator,
    input.subject,
    input.userLanguage,
    supportLanguage,
    accounting,
  );
  const description = await withTranslation(
    translator,
    input.description,
    input.userLanguage,
    supportLanguage,
    accounting,
  );
  const intake: TicketIntakeAnswer[] = [];
  for (const { question, answer } of input.intake ?? []) {
    const translated = await withTranslation(
      translator,
      answer,
      input.userLanguage,
      supportLanguage,
      accounting,
    );
    intake.push({ question, answer: translated.texts });
  }
  return await db
    .insert(tickets)
    .values({
      intake,
      guildId: input.guildId,
      userId: input.userId,
      userLanguage: input.userLanguage,
      supportLanguage,
      subject: subject.texts,
      description: description.texts,
      priority: input.priority ?? 'medium',
      category: input.category ?? null,
      channelId: input.channelId ?? null,
      createdAt: clock(),
    })
    .returning()
    .get();
}

export interface NewTicketMessage {
  userId: string;
  messageId: string;
  originalText: string;
  originalLanguage: string;
  isStaff: boolean;
  /** Written on Discord (in the ticket's thread): already there, nothing to deliver of the original. */
  fromDiscord?: boolean;
}

/**
 * Adds a message to a ticket: a member's message is translated into the support language, a staff
 * reply into the member's language (one translator call).
 */
export async function addTicketMessage(
  db: Db,
  translator: Translator,
  clock: () => Date,
  ticket: Ticket,
  message: NewTicketMessage,
): Promise<TicketMessage> {
  const target = message.isStaff ? ticket.userLanguage : ticket.supportLanguage;
  const { texts, translated } = await withTranslation(
    translator,
    message.originalText,
    message.originalLanguage,
    target,
    // The support team is never held by the per-member hourly limit; members are.
    message.isStaff ? { guildId: ticket.guildId } : { guildId: ticket.guildId, userId: message.userId },
  );
  const { fromDiscord, ...row } = message;
  const at = clock();
  // A member's message needs no delivery; a staff reply is pending until the bot posted it
  // (one written in the thread still needs its translation posted for the member).
  const delivered = !message.isStaff || (fromDiscord && (!translated || target === message.originalLanguage));
  return await db
    .insert(ticketMessages)
    .values({
      ticketId: ticket.id,
      ...row,
      translations: texts,
      translated,
      createdAt: at,
      source: fromDiscord ? 'discord' : 'dashboard',
      deliveredAt: delivered ? at : null,
    })
    .returning()
    .get();
}

export async function findTicket(db: Db, guildId: string, id: number): Promise<Ticket | undefined> {
  return await db
    .select()
    .from(tickets)
    .where(and(eq(tickets.id, id), eq(tickets.guildId, guildId)))
    .get();
}

export async function listTickets(db: Db, guildId: string, status?: TicketStatus): Promise<Ticket[]> {
  return await db
    .select()
    .from(tickets)
    .where(
      status ? and(eq(tickets.guildId, guildId), eq(tickets.status, status)) : eq(tickets.guildId, guildId),
    )
    .orderBy(desc(tickets.createdAt), desc(tickets.id))
    .all();
}

export async function ticketConversation(db: Db, ticketId: number): Promise<TicketMessage[]> {
  return await db
    .select()
    .from(ticketMessages)
    .where(eq(ticketMessages.ticketId, ticketId))
    .orderBy(asc(ticketMessages.createdAt), asc(ticketMessages.id))
    .all();
}

export interface TicketChange {
  status?: TicketStatus;
  priority?: TicketPriority;
  resolvedAt?: Date;
  /** Why it is closed ('' or null: no reason); kept only while closed. */
  closeReason?: string | null;
}

/**
 * Any status to any other (spec section 4). Resolved sets resolvedAt (the given time or now);
 * leaving resolved clears it. Returns an error message when resolvedAt does not fit the status.
 */
export async function updateTicket(
  db: Db,
  clock: () => Date,
  ticket: Ticket,
  change: TicketChange,
): Promise<Ticket | string> {
  const status = change.status ?? ticket.status;
  if (change.resolvedAt && status !== 'resolved')
    return 'resolvedAt: only a resolved ticket has a resolved time';
  let resolvedAt = ticket.resolvedAt;
  if (status !== 'resolved') resolvedAt = null;
  else if (change.resolvedAt) resolvedAt = change.resolvedAt;
  else if (ticket.status !== 'resolved' || !resolvedAt) resolvedAt = clock();
  let closeReason = status === 'closed' ? ticket.closeReason : null;
  if (status === 'closed' && change.closeReason !== undefined) closeReason = change.closeReason || null;
  return await db
    .update(tickets)
    .set({ status, priority: change.priority ?? ticket.priority, resolvedAt, closeReason })
    .where(eq(tickets.id, ticket.id))
    .returning()
    .get();
}
