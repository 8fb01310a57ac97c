import type { ButtonInteraction, ModalSubmitInteraction } from 'discord.js';
import type { BotContext } from '../context';
import { handlePollButton } from '../features/polls/command';
import { answerCard, CARD_PREFIX } from '../features/learning/practice';
import { answerQuiz, QUIZ_PREFIX } from '../features/learning/quiz';
import { submitTicket, TICKET_CLOSE_PREFIX, TICKET_MODAL } from '../features/tickets/command';
import {
  closeTicketButton,
  rateTicketButton,
  submitCloseForm,
  TICKET_CLOSE_FORM_PREFIX,
  TICKET_RATE_PREFIX,
} from '../features/tickets/close';
import {
  claimTicketButton,
  openFromPanel,
  TICKET_CLAIM_PREFIX,
  TICKET_OPEN_PREFIX,
} from '../features/tickets/panel';

/**
 * Buttons and forms the commands send: custom ids are "<prefix>:<questionId>:<choice>" for the
 * learning buttons, "ticket:create[:<category>]" for the ticket form, "ticketopen:<category>" for
 * a ticket panel's buttons, "ticketclose:<id>" and "ticketclaim:<id>" for a ticket thread's, "ticketclosereason:<id>" for staff's close form,
 * "ticketrate:<guild>:<id>:<n>" for the rating asked after a close. Returns false for ids the bot does
 * not know (an old message), so the router can say so.
 */
export async function handleComponent(
  ctx: BotContext,
  interaction: ButtonInteraction | ModalSubmitInteraction,
): Promise<boolean> {
  if (interaction.isModalSubmit()) {
    const closeForm = new RegExp(`^${TICKET_CLOSE_FORM_PREFIX}:(\\d{1,12})$`).exec(interaction.customId);
    if (closeForm) await submitCloseForm(ctx, interaction, Number(closeForm[1]));
    else if (interaction.customId === TICKET_MODAL) await submitTicket(ctx, interaction);
    else if (interaction.customId.startsWith(`${TICKET_MODAL}:`))
      await submitTicket(ctx, interaction, { category: interaction.customId.slice(TICKET_MODAL.length + 1) });
    else return false;
    return true;
  }
  if (interaction.customId.startsWith(`${TICKET_OPEN_PREFIX}:`)) {
    await openFromPanel(ctx, interaction, interaction.customId.slice(TICKET_OPEN_PREFIX.length + 1));
    return true;
  }
  const claim = new RegExp(`^${TICKET_CLAIM_PREFIX}:(\\d{1,12})$`).exec(interaction.customId);
  if (claim) {
    await claimTicketButton(ctx, interaction, Number(claim[1]));
    return true;
  }
  const close = new RegExp(`^${TICKET_CLOSE_PREFIX}:(\\d{1,12})$`).exec(interaction.customId);
  if (close) {
    await closeTicketButton(ctx, interaction, Number(close[1]));
    return true;
  }
  const rate = new RegExp(`^${TICKET_RATE_PREFIX}:(\\d{1,32}):(\\d{1,12}):(\\d{1,3})$`).exec(
    interaction.customId,
  );
  if (rate) {
    await rateTicketButton(ctx, interaction, rate[1]!, Number(rate[2]), Number(rate[3]));
    return true;
  }
  if (interaction.customId.startsWith('poll:')) return handlePollButton(ctx, interaction);
  const match = /^(\w+):(\w{1,64}):(\d)$/.exec(interaction.customId);
  if (!match) return false;
  const [, prefix, questionId = '', choice = ''] = match;
  if (prefix === QUIZ_PREFIX) await answerQuiz(ctx, interaction, questionId, Number(choice));
  else if (prefix === CARD_PREFIX) await answerCard(ctx, interaction, questionId, Number(choice));
  else return false;
  return true;
}
