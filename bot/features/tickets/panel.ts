import {
  ActionRowBuilder,
  ButtonBuilder,
  type ButtonInteraction,
  ButtonStyle,
  LabelBuilder,
  MessageFlags,
  ModalBuilder,
  PermissionFlagsBits,
  Routes,
  TextInputBuilder,
  TextInputStyle,
} from 'discord.js';
import {
  TICKET_ANSWER_MAX_LENGTH,
  TICKET_CLAIM_PREFIX,
  TICKET_OPEN_PREFIX,
} from '../../../src/common/tickets/schemas';
import type { ServerEvents } from '../../../src/server/core/server-events';
import type { BotContext } from '../../context';
import { postOnceBody } from '../../nonce';
import { serverChannel } from '../../server-channel';
import { questionField, TICKET_FIELDS, TICKET_MODAL } from './command';

export { TICKET_CLAIM_PREFIX, TICKET_OPEN_PREFIX };

/**
 * The ticket panel: a message with a button per category (posted by the 'tickets:panel' job); a
 * button opens the ticket form in the member's language with the category's intake questions; the
 * form's custom id carries the category ("ticket:create:<category>"), its answers are "q0".."q2".
 */

/** Queue job 'tickets:panel': posts the panel in the channel (once per post, whatever the retries). */
export async function runTicketPanelJob(
  ctx: BotContext,
  { guildId, channelId, postId }: ServerEvents['tickets:panel'][0],
): Promise<void> {
  await serverChannel(ctx, guildId, channelId);
  const panel = await ctx.caller.tickets.bot.ticketPanel({ guildId });
  const row = new ActionRowBuilder<ButtonBuilder>().addComponents(
    panel.buttons.map((b) =>
      new ButtonBuilder()
        .setCustomId(b.customId)
        .setLabel(b.label)
        .setStyle(ButtonStyle.Primary)
        .setEmoji('🎫'),
    ),
  );
  await ctx.client.rest.post(Routes.channelMessages(channelId), {
    body: {
      content: panel.content,
      components: [row.toJSON()],
      allowed_mentions: { parse: [] },
      ...postOnceBody('ticket-panel', guildId, postId),
    },
  });
}

/** The custom id of the form a panel button opens. */
export const panelFormId = (category: string) => `${TICKET_MODAL}:${category}`;

/** A panel button: the form in the member's language, or why not (ephemeral). */
export async function openFromPanel(
  ctx: BotContext,
  interaction: ButtonInteraction,
  category: string,
): Promise<void> {
  if (!interaction.inGuild()) return;
  const form = await ctx.caller.tickets.bot.ticketPanelForm({
    guildId: interaction.guildId,
    userId: interaction.user.id,
    locale: interaction.locale,
    category,
  });
  if (!form.ok) {
    await interaction.reply({ content: form.message, flags: MessageFlags.Ephemeral });
    return;
  }
  const text = (id: string, style: TextInputStyle, max: number) =>
    new TextInputBuilder()
      .setCustomId(id)
      .setStyle(style)
      .setMinLength(1)
      .setMaxLength(max)
      .setRequired(true);
  const modal = new ModalBuilder()
    .setCustomId(panelFormId(category))
    .setTitle(form.title.slice(0, 45))
    .addLabelComponents(
      new LabelBuilder()
        .setLabel(form.subject.slice(0, 45))
        .setTextInputComponent(text(TICKET_FIELDS.subject, TextInputStyle.Short, 100)),
      new LabelBuilder()
        .setLabel(form.description.slice(0, 45))
        .setTextInputComponent(text(TICKET_FIELDS.description, TextInputStyle.Paragraph, 2000)),
      ...form.questions.map((q, i) =>
        new LabelBuilder()
          .setLabel(q)
          .setTextInputComponent(text(questionField(i), TextInputStyle.Paragraph, TICKET_ANSWER_MAX_LENGTH)),
      ),
    );
  await interaction.showModal(modal);
}

/** The presser's name in the server: nickname, display name, username. */
function memberName(interaction: ButtonInteraction): string {
  const member = interaction.member;
  const nick = member && 'nick' in member ? member.nick : null;
  return (nick ?? interaction.user.globalName ?? interaction.user.username).slice(0, 100);
}

/** The thread's Claim button: staff (may manage threads) claim the ticket or release their claim. */
export async function claimTicketButton(
  ctx: BotContext,
  interaction: ButtonInteraction,
  ticketId: number,
): Promise<void> {
  if (!interaction.inGuild()) return;
  await interaction.deferReply({ flags: MessageFlags.Ephemeral });
  const result = await ctx.caller.tickets.bot.claimTicket({
    guildId: interaction.guildId,
    ticketId,
    userId: interaction.user.id,
    name: memberName(interaction),
    locale: interaction.locale,
    isStaff: interaction.memberPermissions?.has(PermissionFlagsBits.ManageThreads) ?? false,
  });
  await interaction.editReply({ content: result.message });
}
