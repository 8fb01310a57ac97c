import { MessageFlags, SlashCommandBuilder } from 'discord.js';
import { LEVEL, NOT_IN_SERVER, replyPrivately } from './replies';
import type { BotCommand } from '../../commands/types';

/** /learn language:<autocomplete>: starts (or switches) the language the member learns here. */
export const learn: BotCommand = {
  kind: 'slash',
  data: new SlashCommandBuilder()
    .setName('learn')
    .setDescription('Start learning a language with flashcards and quizzes')
    .addStringOption((o) =>
      o
        .setName('language')
        .setDescription('The language to learn (start typing to search)')
        .setRequired(true)
        .setAutocomplete(true),
    ),
  async execute(ctx, interaction) {
    if (!interaction.inGuild()) return replyPrivately(interaction, NOT_IN_SERVER);
    const result = await ctx.caller.learning.bot.learn({
      guildId: interaction.guildId,
      userId: interaction.user.id,
      username: interaction.user.username,
      locale: interaction.locale,
      language: interaction.options.getString('language', true),
    });
    if (!result.ok) {
      await replyPrivately(interaction, `❌ ${result.message}`);
      return;
    }
    const start = result.unchanged
      ? `You are already learning **${result.learningName}** (${LEVEL[result.difficultyLevel]}).`
      : result.previous
        ? `Switched from ${result.previous} to **${result.learningName}**: you start fresh at Beginner level${result.streak > 0 ? ', and your practice streak carries on' : ''}.`
        : `📚 You are now learning **${result.learningName}**, starting at Beginner level.`;
    await interaction.reply({
      content: `${start}\nCards are shown in ${result.cardsIn}. Use /practice for a flashcard, /quiz to test yourself and /progress to see how you are doing.`,
      flags: MessageFlags.Ephemeral,
    });
  },
  async autocomplete(ctx, interaction) {
    await interaction.respond(
      await ctx.caller.learning.bot.learnChoices({ query: interaction.options.getFocused().slice(0, 100) }),
    );
  },
};
