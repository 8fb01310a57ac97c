import type { Db } from '../../../../db/client';
import { languageName } from '../../../common/languages';
import { say } from '../../../common/phrases';
import { TICKET_TRANSCRIPT_DM } from '../../../common/tickets/phrases';
import { findTicket, type Ticket, type TicketMessage, ticketConversation } from './tickets';

/**
 * The transcript of a closed ticket, sent to the member by DM as a .txt file: made from the stored
 * conversation when it is sent, never kept as a file of its own. Each message as it was written
 * (the member's text as is), its translation beside it; both languages for subject, description
 * and intake answers.
 */

const stamp = (d: Date) => `${d.toISOString().slice(0, 16).replace('T', ' ')} UTC`;

/** One text in both languages: the original, then the other language's version. */
function bothLanguages(
  texts: Record<string, string>,
  first: string,
  second: string,
  indent = '  ',
): string[] {
  const lines = [`${indent}[${first}] ${texts[first] ?? Object.values(texts)[0] ?? ''}`];
  if (second !== first) lines.push(`${indent}[${second}] ${texts[second] ?? '(not translated)'}`);
  return lines;
}

export function transcriptText(ticket: Ticket, messages: TicketMessage[]): string {
  const member = ticket.userLanguage;
  const support = ticket.supportLanguage;
  const lines = [
    `Ticket #${ticket.id}`,
    `Member: ${ticket.userId} (${languageName(member)}) · Support language: ${languageName(support)}`,
    `Opened: ${stamp(ticket.createdAt)}${ticket.category ? ` · Category: ${ticket.category}` : ''}`,
    '',
    'Subject:',
    ...bothLanguages(ticket.subject, member, support),
    'Description:',
    ...bothLanguages(ticket.description, member, support),
  ];
  for (const answer of ticket.intake)
    lines.push(`${answer.question}:`, ...bothLanguages(answer.answer, member, support));
  if (ticket.closeReason) lines.push(`Close reason: ${ticket.closeReason}`);
  lines.push('', '— Conversation —');
  for (const m of messages) {
    const who = m.kind === 'status' ? 'Announcement' : m.isStaff ? 'Support' : 'Member';
    const other = m.originalLanguage === member ? support : member;
    lines.push('', `${stamp(m.createdAt)} · ${who}`);
    lines.push(
      ...bothLanguages(
        { ...m.translations, [m.originalLanguage]: m.originalText },
        m.originalLanguage,
        other,
      ),
    );
  }
  return `${lines.join('\n')}\n`;
}

/** What the bot DMs the member when the ticket is closed; null when it is not (or not this server's). */
export async function planTranscript(
  db: Db,
  guildId: string,
  ticketId: number,
): Promise<{ userId: string; content: string; fileName: string; text: string } | null> {
  const ticket = await findTicket(db, guildId, ticketId);
  if (ticket?.status !== 'closed') return null;
  return {
    userId: ticket.userId,
    content: say(TICKET_TRANSCRIPT_DM, ticket.userLanguage, { id: ticket.id }),
    fileName: `ticket-${ticket.id}-transcript.txt`,
    text: transcriptText(ticket, await ticketConversation(db, ticket.id)),
  };
}
