import { languageName } from '../../../common/languages';
import {
  TICKET_INTAKE_HEADING,
  TICKET_SUBJECT,
  TICKET_THREAD_WELCOME,
} from '../../../common/tickets/phrases';
import { splitForDiscord } from './delivery';
import type { Speaker } from './speaker';
import type { Ticket } from './tickets';

/** The first message of a ticket's thread (tickets.bot.openTicket). */

/** The intake answers under the description, in the speaker's language (the original when not translated). */
function intakeBlock(ticket: Ticket, s: Speaker): string {
  if (ticket.intake.length === 0) return '';
  const lines = ticket.intake.map(
    (a) => `- **${a.question}** ${a.answer[s.language] ?? a.answer[ticket.userLanguage] ?? ''}`,
  );
  return `\n**${s.label(TICKET_INTAKE_HEADING)}**\n${lines.join('\n')}`;
}

/**
 * The thread's first message: subject and description in the member's language and the support
 * language, the bot's words from each one's speaker (the "In English" line once, at the end).
 */
export function openingParts(
  ticket: Ticket,
  roleId: string | null,
  member: Speaker,
  team: Speaker,
): string[] {
  const lang = ticket.userLanguage;
  const support = ticket.supportLanguage;
  const block = (s: Speaker) =>
    `**${s.label(TICKET_SUBJECT)}:** ${ticket.subject[s.language] ?? ticket.subject[lang]}\n${(
      ticket.description[s.language] ??
      ticket.description[lang] ??
      ''
    )
      .split('\n')
      .map((l) => `> ${l}`)
      .join('\n')}${intakeBlock(ticket, s)}`;
  const mentions = `<@${ticket.userId}>${roleId ? ` <@&${roleId}>` : ''}`;
  const lines = [
    `🎫 **#${ticket.id}** · ${mentions}`,
    member.label(TICKET_THREAD_WELCOME, { member: `<@${ticket.userId}>` }),
    '',
    block(member),
  ];
  if (support !== lang) {
    const translated = ticket.subject[support] !== undefined;
    lines.push('', `-# ${languageName(support)} (support team)${translated ? '' : ': not translated yet'}`);
    if (translated) lines.push(block(team));
  }
  const mark = member.mark() || team.mark();
  return splitForDiscord(`${lines.join('\n')}${mark}`);
}
