import { ChannelType, MessageFlags, PermissionFlagsBits, SlashCommandBuilder } from 'discord.js';
import type { BotCommand } from '../../handlers';

/** Channels a panel can be posted in: text and announcement channels (as the dashboard's picker). */
const PANEL_CHANNEL_TYPES = [ChannelType.GuildText, ChannelType.GuildAnnouncement] as const;

/**
 * /ticket-panel channel:<text channel>: staff with Manage Server post the ticket panel (a button
 * per category) as the dashboard's Post panel does (tickets.bot.postTicketPanel queues the same
 * 'tickets:panel' job). The bot tells the server what Discord says (the member's permissions,
 * whether the bot may post in the channel); the server checks the channel against the server's
 * synced channels, decides and answers in the member's language. Every answer is ephemeral.
 */
export const ticketPanel: BotCommand = {
  kind: 'slash',
  data: new SlashCommandBuilder()
    .setName('ticket-panel')
    .setDescription('Post the ticket panel (a button per category) in a channel')
    .setDefaultMemberPermissions(PermissionFlagsBits.ManageGuild)
    .setContexts(0)
    .addChannelOption((o) =>
      o
        .setName('channel')
        .setDescription('The text channel to post the panel in')
        .addChannelTypes(...PANEL_CHANNEL_TYPES)
        .setRequired(true),
    ),
  async execute(ctx, interaction) {
    if (!interaction.inCachedGuild()) {
      await interaction.reply({
        content: 'The ticket panel is posted in a server where the bot is.',
        flags: MessageFlags.Ephemeral,
      });
      return;
    }
    // The server may ask the provider for the reply's language: answer within Discord's 3 s first.
    await interaction.deferReply({ flags: MessageFlags.Ephemeral });
    const guild = interaction.guild;
    const channelId = String(interaction.options.get('channel', true).value);
    // discord.js adds an option's resolved channel to this server's cache, so the server decides
    // whether it is one of this server's text channels (from the channels it synced).
    const channel = guild.channels.cache.get(channelId);
    const me = guild.members.me;
    const botCanPost =
      !!channel &&
      !!me &&
      channel.permissionsFor(me).has([PermissionFlagsBits.ViewChannel, PermissionFlagsBits.SendMessages]);
    const result = await ctx.caller.tickets.bot.postTicketPanel({
      guildId: guild.id,
      userId: interaction.user.id,
      locale: interaction.locale,
      channelId: /^\d{1,32}$/.test(channelId) ? channelId : '0',
      canManageServer: interaction.memberPermissions.has(PermissionFlagsBits.ManageGuild),
      botCanPost,
    });
    await interaction.editReply({ content: result.message, allowedMentions: { parse: [] } });
  },
};
