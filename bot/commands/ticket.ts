import {
  LabelBuilder,
  MessageFlags,
  type ModalSubmitInteraction,
  ModalBuilder,
  SlashCommandBuilder,
  TextInputBuilder,
  TextInputStyle,
} from 'discord.js';
import type { BotContext } from '../context';
import type { BotCommand } from './types';

/** Custom id of the /ticket create form. */
export const TICKET_MODAL = 'ticket:create';
export const TICKET_FIELDS = {
  subject: 'subject',
  description: 'description',
  category: 'category',
} as const;

function ticketForm(): ModalBuilder {
  return new ModalBuilder()
    .setCustomId(TICKET_MODAL)
    .setTitle('Open a support ticket')
    .addLabelComponents(
      new LabelBuilder()
        .setLabel('Subject')
        .setTextInputComponent(
          new TextInputBuilder()
            .setCustomId(TICKET_FIELDS.subject)
            .setStyle(TextInputStyle.Short)
            .setMinLength(1)
            .setMaxLength(100)
            .setRequired(true),
        ),
      new LabelBuilder()
        .setLabel('What do you need help with?')
        .setDescription('Write in your own language; the support team reads it in English.')
        .setTextInputComponent(
          new TextInputBuilder()
            .setCustomId(TICKET_FIELDS.description)
            .setStyle(TextInputStyle.Paragraph)
            .setMinLength(1)
            .setMaxLength(2000)
            .setRequired(true),
        ),
      new LabelBuilder()
        .setLabel('Category (optional)')
        .setTextInputComponent(
          new TextInputBuilder()
            .setCustomId(TICKET_FIELDS.category)
            .setStyle(TextInputStyle.Short)
            .setPlaceholder('billing, bug, account...')
            .setMaxLength(50)
            .setRequired(false),
        ),
    );
}

/** /ticket create: a form; the ticket is opened when it is sent (submitTicket). */
export const ticket: BotCommand = {
  kind: 'slash',
  data: new SlashCommandBuilder()
    .setName('ticket')
    .setDescription('Support tickets')
    .addSubcommand((s) => s.setName('create').setDescription('Open a support ticket in your language')),
  async execute(_ctx, interaction) {
    if (!interaction.inGuild()) {
      await interaction.reply({
        content: 'Support tickets are opened in a server where the bot is.',
        flags: MessageFlags.Ephemeral,
      });
      return;
    }
    await interaction.showModal(ticketForm());
  },
};

/** The form was sent: the ticket is stored (translated to English when a provider is set). */
export async function submitTicket(ctx: BotContext, interaction: ModalSubmitInteraction): Promise<void> {
  if (!interaction.inGuild()) return;
  // Translation may take a few seconds: answer within Discord's 3 s first.
  await interaction.deferReply({ flags: MessageFlags.Ephemeral });
  // An optional field left empty may be missing from the submission: read it without throwing.
  const field = (name: string) => {
    const f = interaction.fields.fields.get(name);
    return f && 'value' in f && typeof f.value === 'string' ? f.value : '';
  };
  const subject = field(TICKET_FIELDS.subject).trim();
  const description = field(TICKET_FIELDS.description).trim();
  if (!subject || !description) {
    await interaction.editReply({
      content: '❌ A ticket needs a subject and a description. Run /ticket create again.',
    });
    return;
  }
  const opened = await ctx.caller.community.openTicket({
    guildId: interaction.guildId,
    userId: interaction.user.id,
    locale: interaction.locale,
    subject: subject.slice(0, 100),
    description: description.slice(0, 2000),
    category: field(TICKET_FIELDS.category).trim().slice(0, 50) || null,
  });
  await interaction.editReply({
    content: `🎫 Ticket **#${opened.id}** is open. The support team will answer here in direct messages, in ${opened.userLanguageName}. Keep your DMs from this server open so the reply reaches you.`,
  });
}
