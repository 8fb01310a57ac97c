import { LOCKED } from '../../../common/billing/phrases';
import type { Phrase } from '../../../common/phrases';
import * as TICKET_PHRASES from '../../../common/tickets/phrases';
import type { Db } from '../../../../db/client';
import { type Speaker, speakerFor } from '../../translation/phrases';
import type { Translator } from '../../core/translator';
import { memberSpeaker } from '../translation/speaker';

/**
 * Tickets speak through the speaker (issue 29): every phrase of the capability (and the locked
 * notice) in one language is resolved at once, from the tables or translated by the provider once
 * (a few batched calls the first time a language is met, none after), English with the "In
 * English" line when the provider is down. One speaker per reply, resolved before any ticket lock.
 */

export type { Speaker };

/** The tickets' phrases in `language` (a ticket's member or support language). */
export async function ticketSpeaker(
  services: { translator: Translator },
  language: string,
): Promise<Speaker> {
  return await speakerFor(services.translator, language, TICKET_PHRASES, LOCKED);
}

/** The tickets' phrases in the language of the member who pressed or typed (members.ts). */
export async function ticketMemberSpeaker(
  services: { db: Db; translator: Translator },
  guildId: string,
  userId: string,
  locale: string | null | undefined,
): Promise<Speaker> {
  return await memberSpeaker(services, guildId, userId, locale, TICKET_PHRASES, LOCKED);
}

/**
 * A form's words only: Discord shows a form (a modal) only as the interaction's first answer,
 * within 3 s and without deferring, so the first time a language is met the form asks the provider
 * for its few phrases alone (one call); the rest of the tickets' phrases follow with the next,
 * deferred answer.
 */
export const TICKET_FORM_PHRASES: Phrase[] = [
  TICKET_PHRASES.TICKET_FORM_TITLE,
  TICKET_PHRASES.TICKET_SUBJECT,
  TICKET_PHRASES.TICKET_FORM_DESCRIPTION,
  TICKET_PHRASES.TICKET_FORM_HINT,
  TICKET_PHRASES.TICKET_FORM_CATEGORY,
  TICKET_PHRASES.TICKET_UNKNOWN_CATEGORY,
  LOCKED,
];
export const TICKET_CLOSE_FORM_PHRASES: Phrase[] = [
  TICKET_PHRASES.TICKET_CLOSE_FORM_TITLE,
  TICKET_PHRASES.TICKET_CLOSE_FORM_REASON,
  TICKET_PHRASES.TICKET_CLOSE_FORM_HINT,
];

/** A form's words (TICKET_FORM_PHRASES or TICKET_CLOSE_FORM_PHRASES) in the presser's language. */
export async function ticketFormSpeaker(
  services: { db: Db; translator: Translator },
  guildId: string,
  userId: string,
  locale: string | null | undefined,
  phrases: Phrase[],
): Promise<Speaker> {
  return await memberSpeaker(services, guildId, userId, locale, phrases);
}
