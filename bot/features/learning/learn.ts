import { MessageFlags, SlashCommandBuilder } from 'discord.js';
import { LEVEL, NOT_IN_SERVER, refusalText, replyPrivately } from './replies';
import type { BotCommand } from '../../handlers';

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
    const language = interaction.options.getString('language', true);
    // A language without a built-in deck has its flashcards written first: more than Discord's 3 seconds.
    const slow = await ctx.caller.learning.bot.learnTakesTime({ guildId: interaction.guildId, language });
    if (slow) await interaction.deferReply({ flags: MessageFlags.Ephemeral });
    const answer = (content: string) =>
      slow
        ? interaction.editReply({ content })
        : interaction.reply({ content, flags: MessageFlags.Ephemeral });
    const result = await ctx.caller.learning.bot.learn({
      guildId: interaction.guildId,
      userId: interaction.user.id,
      username: interaction.user.username,
      locale: interaction.locale,
      language,
    });
    if (!result.ok) {
      await answer(refusalText(result));
      return;
    }
    const start = result.unchanged
      ? `You are already learning **${result.learningName}** (${LEVEL[result.difficultyLevel]}).`
      : result.previous
        ? `Switched from ${result.previous} to **${result.learningName}**: you start fresh at Beginner level${result.streak > 0 ? ', and your practice streak carries on' : ''}.`
        : `📚 You are now learning **${result.learningName}**, starting at Beginner level.`;
    await answer(
      `${start}\nCards are shown in ${result.cardsIn}. Use /practice for a flashcard, /quiz to test yourself and /progress to see how you are doing.`,
    );
  },
  async autocomplete(ctx, interaction) {
    await interaction.respond(
      await ctx.caller.learning.bot.learnChoices({ query: interaction.options.getFocused().slice(0, 100) }),
    );
  },
};
