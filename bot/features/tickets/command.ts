import {
  ActionRowBuilder,
  ButtonBuilder,
  ButtonStyle,
  ChannelType,
  type Guild,
  LabelBuilder,
  MessageFlags,
  ModalBuilder,
  type ModalSubmitInteraction,
  PermissionFlagsBits,
  type PrivateThreadChannel,
  SlashCommandBuilder,
  type TextChannel,
  TextInputBuilder,
  TextInputStyle,
} from 'discord.js';
import { TICKET_ANSWER_MAX_LENGTH, TICKET_CLOSE_PREFIX } from '../../../src/common/tickets/schemas';
import type { BotContext } from '../../context';

export { TICKET_CLOSE_PREFIX };

import type { BotCommand } from '../../handlers';

/** Custom id of the /ticket create form. */
export const TICKET_MODAL = 'ticket:create';
export const TICKET_FIELDS = {
  subject: 'subject',
  description: 'description',
  category: 'category',
} as const;
/** The intake answers of a form opened from the panel: "q0".."q2". */
export const questionField = (i: number) => `q${i}`;

/** The form's words in the member's language (tickets.bot.ticketAccess). */
type FormWords = Extract<
  Awaited<ReturnType<BotContext['caller']['tickets']['bot']['ticketAccess']>>,
  { ok: true }
>['form'];

/** The /ticket create form, cut to Discord's limits (title and labels 45, hints 100). */
function ticketForm(words: FormWords): ModalBuilder {
  return new ModalBuilder()
    .setCustomId(TICKET_MODAL)
    .setTitle(words.title.slice(0, 45))
    .addLabelComponents(
      new LabelBuilder()
        .setLabel(words.subject.slice(0, 45))
        .setTextInputComponent(
          new TextInputBuilder()
            .setCustomId(TICKET_FIELDS.subject)
            .setStyle(TextInputStyle.Short)
            .setMinLength(1)
            .setMaxLength(100)
            .setRequired(true),
        ),
      new LabelBuilder()
        .setLabel(words.description.slice(0, 45))
        .setDescription(words.hint.slice(0, 100))
        .setTextInputComponent(
          new TextInputBuilder()
            .setCustomId(TICKET_FIELDS.description)
            .setStyle(TextInputStyle.Paragraph)
            .setMinLength(1)
            .setMaxLength(2000)
            .setRequired(true),
        ),
      new LabelBuilder()
        .setLabel(words.category.slice(0, 45))
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
  async execute(ctx, interaction) {
    if (!interaction.inGuild()) {
      await interaction.reply({
        content: 'Support tickets are opened in a server where the bot is.',
        flags: MessageFlags.Ephemeral,
      });
      return;
    }
    const access = await ctx.caller.tickets.bot.ticketAccess({
      guildId: interaction.guildId,
      userId: interaction.user.id,
      locale: interaction.locale,
    });
    if (!access.ok) {
      await interaction.reply({ content: access.message, flags: MessageFlags.Ephemeral });
      return;
    }
    await interaction.showModal(ticketForm(access.form));
  },
};

type Opened = Extract<
  Awaited<ReturnType<BotContext['caller']['tickets']['bot']['openTicket']>>,
  { ok: true }
>;

/**
 * The #tickets the bot made (or is making), per server: tickets opened at the same moment on a
 * server without the channel use the one being made instead of making one each, also when the
 * other's answer was read before the channel was remembered. A guild's events reach one bot
 * process, so this in-memory record is enough.
 */
const madeTicketChannel = new Map<string, Promise<string>>();

/** The channel ticket threads open in: the admin's pick, else #tickets (created once, read-only but for threads). */
async function ticketChannel(ctx: BotContext, guild: Guild, opened: Opened): Promise<TextChannel> {
  const made = madeTicketChannel.get(guild.id);
  const ids = [...opened.thread.channelIds, ...(made ? [await made.catch(() => '')] : [])];
  for (const id of ids) {
    const channel = id ? await ctx.client.channels.fetch(id).catch(() => null) : null;
    if (channel?.type === ChannelType.GuildText) return channel;
  }
  // Another ticket started making one meanwhile: that one.
  const now = madeTicketChannel.get(guild.id);
  if (now && now !== made) return await ticketChannel(ctx, guild, opened);
  const creating = createTicketChannel(ctx, guild);
  const id = creating.then((c) => c.id);
  madeTicketChannel.set(guild.id, id);
  // A failed creation is this call's error to answer; the record is dropped (no one else's rejection).
  id.catch(() => {
    if (madeTicketChannel.get(guild.id) === id) madeTicketChannel.delete(guild.id);
  });
  return await creating;
}

async function createTicketChannel(ctx: BotContext, guild: Guild): Promise<TextChannel> {
  const everyone = guild.roles.everyone.id;
  const created = await guild.channels.create({
    name: 'tickets',
    type: ChannelType.GuildText,
    topic: 'Support tickets: each opens as a private thread here (/ticket create).',
    permissionOverwrites: [
      {
        id: everyone,
        allow: [PermissionFlagsBits.ViewChannel, PermissionFlagsBits.SendMessagesInThreads],
        deny: [PermissionFlagsBits.SendMessages, PermissionFlagsBits.CreatePublicThreads],
      },
    ],
  });
  await ctx.caller.tickets.bot.ticketDefaultChannel({ guildId: guild.id, channelId: created.id });
  return created;
}

/** Opens the ticket's private thread with the member and the support role; null when Discord refused. */
async function openThread(ctx: BotContext, guild: Guild, opened: Opened, userId: string) {
  let thread: PrivateThreadChannel | null = null;
  try {
    const channel = await ticketChannel(ctx, guild, opened);
    thread = (await channel.threads.create({
      name: opened.thread.name,
      type: ChannelType.PrivateThread,
      invitable: false,
      autoArchiveDuration: 10080,
      reason: `Support ticket #${opened.id}`,
    })) as PrivateThreadChannel;
    await thread.members.add(userId);
    const close = new ActionRowBuilder<ButtonBuilder>().addComponents(
      new ButtonBuilder()
        .setCustomId(opened.thread.closeId)
        .setLabel(opened.thread.closeLabel)
        .setStyle(ButtonStyle.Secondary)
        .setEmoji('🔒'),
      new ButtonBuilder()
        .setCustomId(opened.thread.claimId)
        .setLabel(opened.thread.claimLabel)
        .setStyle(ButtonStyle.Secondary)
        .setEmoji('🛡️'),
    );
    const parts = opened.thread.opening;
    for (const [i, content] of parts.entries()) {
      await thread.send({
        content,
        // The mentions add the member and the support role's members to the private thread.
        allowedMentions: {
          users: i === 0 ? [userId] : [],
          roles: i === 0 && opened.thread.supportRoleId ? [opened.thread.supportRoleId] : [],
        },
        components: i === parts.length - 1 ? [close] : [],
      });
    }
    return thread.id;
  } catch (err) {
    console.warn(`Ticket #${opened.id}: no thread (${(err as Error).message}); replies go by DM`);
    if (thread) await thread.delete().catch(() => {});
    return null;
  }
}

/**
 * The form was sent: the ticket is stored (translated to English when a provider is set). `panel`:
 * the form came from a panel button, with that category ('' when the panel has none).
 */
export async function submitTicket(
  ctx: BotContext,
  interaction: ModalSubmitInteraction,
  panel?: { category: string },
): Promise<void> {
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
  const opened = await ctx.caller.tickets.bot.openTicket({
    guildId: interaction.guildId,
    userId: interaction.user.id,
    locale: interaction.locale,
    subject: subject.slice(0, 100),
    description: description.slice(0, 2000),
    category: field(TICKET_FIELDS.category).trim().slice(0, 50) || null,
    panel: panel && {
      category: panel.category,
      answers: [0, 1, 2].map((i) => field(questionField(i)).trim().slice(0, TICKET_ANSWER_MAX_LENGTH)),
    },
  });
  if (!opened.ok) {
    await interaction.editReply({ content: opened.message });
    return;
  }
  const guild = interaction.guild ?? (await ctx.client.guilds.fetch(interaction.guildId));
  const threadId = await openThread(ctx, guild, opened, interaction.user.id);
  const answer = await ctx.caller.tickets.bot.ticketThreadOpened({
    guildId: interaction.guildId,
    ticketId: opened.id,
    threadId,
  });
  await interaction.editReply({ content: answer.content });
}
