import { MessageFlags, SlashCommandBuilder } from 'discord.js';
import type { BotCommand } from '../../handlers';
import { answerForUser, EVERYWHERE, installedServerOf, translationReply } from './user-app';

/** The longest text /translate takes (Discord's own limit for a string option is 6000). */
export const TRANSLATE_TEXT_MAX = 1500;

/**
 * /translate text:<…>: a private translation of what the member typed into their language. Works
 * in servers with the bot (their settings and plan) and, through the user-installed app, in DMs,
 * group DMs and servers without the bot (the user's own daily allowance).
 */
export const translateText: BotCommand = {
  kind: 'slash',
  data: new SlashCommandBuilder()
    .setName('translate')
    .setDescription('Translate a text into your language (only you see the answer)')
    .setIntegrationTypes(EVERYWHERE.integrationTypes)
    .setContexts(EVERYWHERE.contexts)
    .addStringOption((o) =>
      o
        .setName('text')
        .setDescription('What to translate')
        .setRequired(true)
        .setMaxLength(TRANSLATE_TEXT_MAX),
    ),
  async execute(ctx, interaction) {
    const text = interaction.options.getString('text', true);
    if (!text.trim() || text.length > TRANSLATE_TEXT_MAX) {
      await interaction.reply({
        content: text.trim()
          ? `❌ text: at most ${TRANSLATE_TEXT_MAX} characters (this one has ${text.length}).`
          : '❌ text: write something to translate.',
        flags: MessageFlags.Ephemeral,
      });
      return;
    }
    const guildId = installedServerOf(interaction);
    if (!guildId) {
      await answerForUser(ctx, interaction, text);
      return;
    }
    await interaction.deferReply({ flags: MessageFlags.Ephemeral });
    const result = await ctx.caller.translation.bot.translateForMember({
      guildId,
      userId: interaction.user.id,
      username: interaction.user.username,
      locale: interaction.locale,
      channelId: interaction.channelId,
      text,
    });
    await interaction.editReply({ content: translationReply(result), allowedMentions: { parse: [] } });
  },
};
