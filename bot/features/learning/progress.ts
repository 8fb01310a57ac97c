import { MessageFlags, SlashCommandBuilder } from 'discord.js';
import { LEVEL, NOT_IN_SERVER, refusalText, replyPrivately } from './replies';
import type { BotCommand } from '../../handlers';

/** /progress: the member's learning statistics in this server. */
export const progress: BotCommand = {
  kind: 'slash',
  data: new SlashCommandBuilder().setName('progress').setDescription('See your language learning progress'),
  async execute(ctx, interaction) {
    if (!interaction.inGuild()) return replyPrivately(interaction, NOT_IN_SERVER);
    const p = await ctx.caller.learning.bot.progress({
      guildId: interaction.guildId,
      userId: interaction.user.id,
    });
    if (!p.ok) {
      await replyPrivately(interaction, refusalText(p));
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
