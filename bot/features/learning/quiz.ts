import {
  ActionRowBuilder,
  ButtonBuilder,
  type ButtonInteraction,
  ButtonStyle,
  MessageFlags,
  SlashCommandBuilder,
} from 'discord.js';
import { languageName } from '../../../src/common/languages';
import type { BotContext } from '../../context';
import { LEVEL, NOT_IN_SERVER, refusalText, replyPrivately, submitAnswer } from './replies';
import type { BotCommand } from '../../handlers';

/** Custom ids of the answer buttons: quiz:<questionId>:<option index>. */
export const QUIZ_PREFIX = 'quiz';

/** /quiz [difficulty]: a multiple-choice question, four answers as buttons. */
export const quiz: BotCommand = {
  kind: 'slash',
  data: new SlashCommandBuilder()
    .setName('quiz')
    .setDescription('Answer a multiple-choice question in the language you learn')
    .addStringOption((o) =>
      o
        .setName('difficulty')
        .setDescription('Question level (your own level when left out)')
        .addChoices(
          { name: 'Beginner', value: 'beginner' },
          { name: 'Intermediate', value: 'intermediate' },
          { name: 'Advanced', value: 'advanced' },
        ),
    ),
  async execute(ctx, interaction) {
    if (!interaction.inGuild()) return replyPrivately(interaction, NOT_IN_SERVER);
    const difficulty = interaction.options.getString('difficulty');
    if (difficulty !== null && !(difficulty in LEVEL)) {
      await interaction.reply({
        content: `❌ "${difficulty.slice(0, 30)}" is not a level: choose Beginner, Intermediate or Advanced.`,
        flags: MessageFlags.Ephemeral,
      });
      return;
    }
    const q = await ctx.caller.learning.bot.quiz({
      guildId: interaction.guildId,
      userId: interaction.user.id,
      difficulty: difficulty as keyof typeof LEVEL | null,
    });
    if (!q.ok) {
      await replyPrivately(interaction, refusalText(q));
      return;
    }
    const buttons = new ActionRowBuilder<ButtonBuilder>().addComponents(
      q.options.map((text, i) =>
        new ButtonBuilder()
          .setCustomId(`${QUIZ_PREFIX}:${q.questionId}:${i}`)
          .setLabel(text)
          .setStyle(ButtonStyle.Primary),
      ),
    );
    await interaction.reply({
      content: `🧠 **Quiz** (${LEVEL[q.level]})\nHow do you say **${q.prompt}** (${languageName(q.promptLanguage)}) in ${languageName(q.learningLanguage)}?`,
      components: [buttons],
      flags: MessageFlags.Ephemeral,
    });
  },
};

/** An answer button: right or wrong, with the right answer; the buttons go away. */
export async function answerQuiz(
  ctx: BotContext,
  interaction: ButtonInteraction,
  questionId: string,
  choice: number,
) {
  const result = await submitAnswer(ctx, interaction, questionId, choice);
  if (!result) return;
  const verdict = result.correct
    ? `✅ Correct! The answer is **${result.answer}**.`
    : `❌ Not quite: you chose ${result.chosen}. The right answer is **${result.answer}**.`;
  const promoted = result.promoted
    ? `\n🎉 Great accuracy: you move up to **${LEVEL[result.promoted]}** level!`
    : '';
  await interaction.update({
    content: `${interaction.message.content}\n\n${verdict}${promoted}\n-# Accuracy ${result.accuracy}% over ${result.flashcardsReviewed} cards. Run /quiz for another question.`,
    components: [],
  });
}
