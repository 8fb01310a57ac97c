import { LOCKED } from '../../../common/billing/phrases';
import * as TICKET_PHRASES from '../../../common/tickets/phrases';
import type { Db } from '../../../../db/client';
import { type Speaker, speakerFor } from '../../translation/phrases';
import type { Translator } from '../../translation/types';
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
