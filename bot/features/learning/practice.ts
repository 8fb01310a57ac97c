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
import { NOT_IN_SERVER, refusalText, replyPrivately, submitAnswer } from './replies';
import type { BotCommand } from '../../handlers';

/** Custom ids of the flashcard's self-check buttons: card:<questionId>:<0 knew | 1 not yet>. */
export const CARD_PREFIX = 'card';

/** /practice: one flashcard, the answer behind a spoiler, and a self-check. */
export const practice: BotCommand = {
  kind: 'slash',
  data: new SlashCommandBuilder()
    .setName('practice')
    .setDescription('Practise with a flashcard in the language you learn'),
  async execute(ctx, interaction) {
    if (!interaction.inGuild()) return replyPrivately(interaction, NOT_IN_SERVER);
    const card = await ctx.caller.learning.bot.practice({
      guildId: interaction.guildId,
      userId: interaction.user.id,
    });
    if (!card.ok) {
      await replyPrivately(interaction, refusalText(card));
      return;
    }
    const learning = languageName(card.learningLanguage);
    // Generated decks carry a reading (scripts other than Latin) and an example sentence.
    const answer = card.reading ? `${card.answer} (${card.reading})` : card.answer;
    const example = card.example ? `\nExample: ||${card.example}||` : '';
    const heading = card.isNew ? `🆕 New word (${card.wordsLearned} learned)` : '🔁 Review';
    const streak = card.streak > 1 ? ` · 🔥 ${card.streak}-day streak` : '';
    const buttons = new ActionRowBuilder<ButtonBuilder>().addComponents(
      new ButtonBuilder()
        .setCustomId(`${CARD_PREFIX}:${card.questionId}:0`)
        .setLabel('I knew it')
        .setStyle(ButtonStyle.Success),
      new ButtonBuilder()
        .setCustomId(`${CARD_PREFIX}:${card.questionId}:1`)
        .setLabel('Not yet')
        .setStyle(ButtonStyle.Secondary),
    );
    await interaction.reply({
      content: `${heading}${streak}\n**${card.prompt}** (${languageName(card.promptLanguage)})\nIn ${learning}: ||${answer}||${example}\n-# Think of the answer, reveal it, then say how it went.`,
      components: [buttons],
      flags: MessageFlags.Ephemeral,
    });
  },
};

/** The self-check: "I knew it" (choice 0) counts a correct answer. */
export async function answerCard(
  ctx: BotContext,
  interaction: ButtonInteraction,
  questionId: string,
  choice: number,
) {
  const result = await submitAnswer(ctx, interaction, questionId, choice);
  if (!result) return;
  const verdict = result.correct ? '✅ Nice, counted as known.' : '📌 No problem, it will come back.';
  await interaction.update({
    content: `${interaction.message.content.split('\n-#')[0]}\n${verdict} Accuracy: ${result.accuracy}%. Run /practice for the next card.`,
    components: [],
  });
}
