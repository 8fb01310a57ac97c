import { type ButtonInteraction, type ChatInputCommandInteraction, MessageFlags } from 'discord.js';

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
