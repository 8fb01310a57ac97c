import type { Phrase } from '../phrases';

/**
 * The bot's answers and forms to whoever pressed a ticket's button or ran /ticket, in their language.
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

/** /ticket create's form: the hint under the description, and the optional category's label. */
export const TICKET_FORM_HINT: Phrase = {
  en: 'Write in your own language; the support team reads it translated.',
};
export const TICKET_FORM_CATEGORY: Phrase = {
  en: 'Category (optional)',
};

/** Staff's close form (the thread's Close button): its title, the reason's label and hint. */
export const TICKET_CLOSE_FORM_TITLE: Phrase = {
  en: 'Close ticket #{id}',
};
export const TICKET_CLOSE_FORM_REASON: Phrase = {
  en: 'Reason (optional)',
};
export const TICKET_CLOSE_FORM_HINT: Phrase = {
  en: 'Told to the member, translated into their language.',
};
