import type { Db } from '../../../../db/client';
import { languageName } from '../../../common/languages';
import { TICKET_TRANSCRIPT_DM } from '../../../common/tickets/phrases';
import type { Translator } from '../../core/translator';
import { ticketSpeaker } from './speaker';
import { transcriptHtml } from './transcript-html';
import { findTicket, type Ticket, type TicketMessage, ticketConversation } from './tickets';

/**
 * The transcript of a closed ticket, sent to the member by DM as a .txt file and a self-contained
 * .html page (transcript-html.ts), and downloadable from the dashboard: made from the stored
 * conversation when it is sent or asked for, never kept as a file of its own. Each message as it was written
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

export type TranscriptFormat = 'txt' | 'html';

export interface TranscriptFile {
  fileName: string;
  contentType: string;
  body: string;
}

/** The transcript file of a ticket as it is now (the dashboard's download; any status). */
export function transcriptFile(
  ticket: Ticket,
  messages: TicketMessage[],
  format: TranscriptFormat,
): TranscriptFile {
  return format === 'html'
    ? {
        fileName: `ticket-${ticket.id}-transcript.html`,
        contentType: 'text/html; charset=utf-8',
        body: transcriptHtml(ticket, messages),
      }
    : {
        fileName: `ticket-${ticket.id}-transcript.txt`,
        contentType: 'text/plain; charset=utf-8',
        body: transcriptText(ticket, messages),
      };
}

/** What the bot DMs the member when the ticket is closed; null when it is not (or not this server's). */
export async function planTranscript(
  services: { db: Db; translator: Translator },
  guildId: string,
  ticketId: number,
): Promise<{ userId: string; content: string; files: { name: string; text: string }[] } | null> {
  const ticket = await findTicket(services.db, guildId, ticketId);
  if (ticket?.status !== 'closed') return null;
  const messages = await ticketConversation(services.db, ticket.id);
  const s = await ticketSpeaker(services, ticket.userLanguage);
  return {
    userId: ticket.userId,
    content: s(TICKET_TRANSCRIPT_DM, { id: ticket.id }),
    files: (['txt', 'html'] as const).map((format) => {
      const file = transcriptFile(ticket, messages, format);
      return { name: file.fileName, text: file.body };
    }),
  };
}
