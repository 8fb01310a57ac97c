import {
  type ButtonInteraction,
  LabelBuilder,
  MessageFlags,
  ModalBuilder,
  type ModalSubmitInteraction,
  PermissionFlagsBits,
  TextInputBuilder,
  TextInputStyle,
} from 'discord.js';
import {
  TICKET_CLOSE_FORM_PREFIX,
  TICKET_CLOSE_REASON_MAX_LENGTH,
  TICKET_RATE_PREFIX,
} from '../../../src/common/tickets/schemas';
import type { BotContext } from '../../context';

export { TICKET_CLOSE_FORM_PREFIX, TICKET_RATE_PREFIX };

/**
 * Closing a ticket from its thread, and the member's rating afterwards. The member's Close button
 * closes at once; other staff (may manage threads) get a form with the reason, told to the member
 * translated. The rating question under the close announcement has five buttons
 * "ticketrate:<guild>:<ticket>:<n>" (the guild in the id: the question may be in a DM).
 */

export const REASON_FIELD = 'reason';

const isStaff = (i: ButtonInteraction | ModalSubmitInteraction) =>
  i.memberPermissions?.has(PermissionFlagsBits.ManageThreads) ?? false;

/** The thread's Close button: the ticket's member closes at once; other staff write the reason first. */
export async function closeTicketButton(
  ctx: BotContext,
  interaction: ButtonInteraction,
  ticketId: number,
): Promise<void> {
  if (!interaction.inGuild()) return;
  const closer = isStaff(interaction)
    ? await ctx.caller.tickets.bot.ticketCloser({
        guildId: interaction.guildId,
        ticketId,
        userId: interaction.user.id,
        locale: interaction.locale,
      })
    : null;
  if (closer && !closer.isMember) {
    await interaction.showModal(
      new ModalBuilder()
        .setCustomId(`${TICKET_CLOSE_FORM_PREFIX}:${ticketId}`)
        // The presser's language (tickets.bot.ticketCloser); Discord's limits: title 45, label 45, hint 100.
        .setTitle(closer.form.title.slice(0, 45))
        .addLabelComponents(
          new LabelBuilder()
            .setLabel(closer.form.reason.slice(0, 45))
            .setDescription(closer.form.hint.slice(0, 100))
            .setTextInputComponent(
              new TextInputBuilder()
                .setCustomId(REASON_FIELD)
                .setStyle(TextInputStyle.Paragraph)
                .setMaxLength(TICKET_CLOSE_REASON_MAX_LENGTH)
                .setRequired(false),
            ),
        ),
    );
    return;
  }
  await close(ctx, interaction, ticketId);
}

/** The staff's close form sent: the ticket closes with the reason. */
export async function submitCloseForm(
  ctx: BotContext,
  interaction: ModalSubmitInteraction,
  ticketId: number,
): Promise<void> {
  if (!interaction.inGuild()) return;
  const field = interaction.fields.fields.get(REASON_FIELD);
  const reason = field && 'value' in field && typeof field.value === 'string' ? field.value.trim() : '';
  await close(ctx, interaction, ticketId, reason.slice(0, TICKET_CLOSE_REASON_MAX_LENGTH));
}

async function close(
  ctx: BotContext,
  interaction: ButtonInteraction<'cached' | 'raw'> | ModalSubmitInteraction<'cached' | 'raw'>,
  ticketId: number,
  reason?: string,
): Promise<void> {
  // Translating the reason may take a few seconds: answer within Discord's 3 s first.
  await interaction.deferReply({ flags: MessageFlags.Ephemeral });
  const result = await ctx.caller.tickets.bot.closeTicket({
    guildId: interaction.guildId,
    ticketId,
    userId: interaction.user.id,
    locale: interaction.locale,
    isStaff: isStaff(interaction),
    ...(reason ? { reason } : {}),
  });
  await interaction.editReply({ content: result.message });
}

/** A rating button, in the thread or a DM: the ticket's server is the one in the id (a thread of another server is refused). */
export async function rateTicketButton(
  ctx: BotContext,
  interaction: ButtonInteraction,
  guildId: string,
  ticketId: number,
  rating: number,
): Promise<void> {
  await interaction.deferReply({ flags: MessageFlags.Ephemeral });
  // Pressed in a server: looked up in that server only (a button naming another server's ticket
  // is not found there, answered in the presser's language); in a DM, the server the id names.
  const result = await ctx.caller.tickets.bot.rateTicket({
    guildId: interaction.guildId ?? guildId,
    ticketId,
    userId: interaction.user.id,
    locale: interaction.locale,
    rating,
  });
  await interaction.editReply({ content: result.message });
}
