import { TRPCError } from '@trpc/server';
import { MessageFlags, SlashCommandBuilder } from 'discord.js';
import type { BotCommand } from '../../handlers';

/** /setlanguage language:<autocomplete>: the member's language for every translation. */
export const setlanguage: BotCommand = {
  kind: 'slash',
  data: new SlashCommandBuilder()
    .setName('setlanguage')
    .setDescription('Choose the language the bot translates messages into for you')
    .addStringOption((o) =>
      o
        .setName('language')
        .setDescription('Your language (start typing to search)')
        .setRequired(true)
        .setAutocomplete(true),
    ),
  async execute(ctx, interaction) {
    const requested = interaction.options.getString('language', true);
    try {
      const language = await ctx.caller.translation.bot.setLanguage({
        userId: interaction.user.id,
        language: requested,
      });
      const native = language.native !== language.name ? ` (${language.native})` : '';
      await interaction.reply({
        content: `✅ Your language is now **${language.name}**${native}. Right-click any message → Apps → Translate Message to read it in ${language.name}.`,
        flags: MessageFlags.Ephemeral,
      });
    } catch (err) {
      if (!(err instanceof TRPCError) || err.code !== 'BAD_REQUEST') throw err;
      await interaction.reply({ content: `❌ ${err.message}`, flags: MessageFlags.Ephemeral });
    }
  },
  async autocomplete(ctx, interaction) {
    const choices = await ctx.caller.translation.bot.languageChoices({
      query: interaction.options.getFocused().slice(0, 100),
    });
    await interaction.respond(choices);
  },
};
