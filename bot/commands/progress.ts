import { MessageFlags, SlashCommandBuilder } from 'discord.js';
import type { BotCommand } from './types';

const LEVEL = { beginner: 'Beginner', intermediate: 'Intermediate', advanced: 'Advanced' } as const;

/** /progress: the member's learning statistics in this server. */
export const progress: BotCommand = {
  kind: 'slash',
  data: new SlashCommandBuilder().setName('progress').setDescription('See your language learning progress'),
  async execute(ctx, interaction) {
    if (!interaction.inGuild()) {
      await interaction.reply({
        content: 'Language learning works in servers where the bot is.',
        flags: MessageFlags.Ephemeral,
      });
      return;
    }
    const p = await ctx.caller.community.progress({
      guildId: interaction.guildId,
      userId: interaction.user.id,
    });
    if (!p.ok) {
      await interaction.reply({ content: `❌ ${p.message}`, flags: MessageFlags.Ephemeral });
      return;
    }
    const streak = p.practiceStreak === 1 ? '1 day' : `${p.practiceStreak} days`;
    await interaction.reply({
      content: [
        `📈 **Your ${p.learningLanguageName} progress**`,
        `Level: ${LEVEL[p.difficultyLevel]}`,
        `Words learned: ${p.wordsLearned}`,
        `Practice streak: ${streak}${p.practiceStreak > 0 ? ' 🔥' : ''}`,
        `Flashcards reviewed: ${p.flashcardsReviewed}`,
        `Correct answers: ${p.correctAnswers}`,
        `Accuracy: ${p.accuracy}%`,
      ].join('\n'),
      flags: MessageFlags.Ephemeral,
    });
  },
};
