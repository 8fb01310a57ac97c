import type { Phrase } from '../phrases';

/**
 * The bot's answers to whoever pressed a ticket's button (the member or staff), in their language.
 * English only here: every other language comes from the provider once (the speaker, issue 29).
 */

/** Staff pressed Claim: the ticket is theirs now. */
export const TICKET_CLAIMED_BY_YOU: Phrase = {
  en: '🛡️ You claimed ticket #{id}; press Claim again to release it.',
};

/** Staff pressed Claim on their own claim: released. */
export const TICKET_RELEASED: Phrase = {
  en: 'Ticket #{id} released.',
};

/** A closed ticket takes no claim. */
export const TICKET_CLOSED_NO_CLAIM: Phrase = {
  en: 'Ticket #{id} is closed; reopen it to claim it.',
};

/** A button of a ticket that no longer exists (or is another server's). */
export const TICKET_NOT_FOUND: Phrase = {
  en: 'Ticket #{id} not found.',
};
