import { type ButtonInteraction, type ChatInputCommandInteraction, MessageFlags } from 'discord.js';
import type { BotContext } from '../../context';

// What /learn, /practice, /quiz and /progress share: level names and their private replies.

/** Learning lives in a server: what a member who asks in a DM is told. */
export const NOT_IN_SERVER = 'Language learning works in servers where the bot is.';

export const LEVEL = { beginner: 'Beginner', intermediate: 'Intermediate', advanced: 'Advanced' } as const;

/** Replies only to the member who asked. */
export async function replyPrivately(
  interaction: ChatInputCommandInteraction | ButtonInteraction,
  content: string,
): Promise<void> {
  await interaction.reply({ content, flags: MessageFlags.Ephemeral });
}

/** A refusal of the server: the LOCKED notice as it is (it has its own 🔒), anything else after ❌. */
export const refusalText = (r: { message: string; locked?: boolean }) =>
  r.locked ? r.message : `❌ ${r.message}`;

/**
 * An answer button of /quiz or /practice: the server counts choice `choice` of the question; a
 * refusal is told to the member privately and gives null.
 */
export async function submitAnswer(
  ctx: BotContext,
  interaction: ButtonInteraction,
  questionId: string,
  choice: number,
) {
  if (!interaction.inGuild()) return null;
  const result = await ctx.caller.learning.bot.answer({
    guildId: interaction.guildId,
    userId: interaction.user.id,
    questionId,
    choice,
  });
  if (!result.ok) {
    await replyPrivately(interaction, refusalText(result));
    return null;
  }
  return result;
}
