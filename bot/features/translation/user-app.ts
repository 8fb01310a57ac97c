import {
  ApplicationIntegrationType,
  type CommandInteraction,
  InteractionContextType,
  MessageFlags,
} from 'discord.js';
import type { BotContext } from '../../context';
import type { voiceMessageOf } from './voice-message';

/**
 * The user-installed app (issue 28). Translate Message and /translate are declared for both
 * installs (integration_types 0 and 1) and every context (0 server, 1 the bot's DM, 2 DMs and group
 * DMs); every other command stays guild-install and server-only (bot/commands/register.ts).
 */
export const EVERYWHERE = {
  integrationTypes: [ApplicationIntegrationType.GuildInstall, ApplicationIntegrationType.UserInstall],
  contexts: [
    InteractionContextType.Guild,
    InteractionContextType.BotDM,
    InteractionContextType.PrivateChannel,
  ],
};

/**
 * The server whose settings apply: the interaction's server when the bot is installed there
 * (Discord names it in authorizing_integration_owners under 0); null in a DM, a group DM, or a
 * server that only has the app through the member's own install, where no server data exists.
 */
export function installedServerOf(interaction: CommandInteraction): string | null {
  const guildId = interaction.guildId;
  if (!guildId || !interaction.inGuild()) return null;
  return interaction.authorizingIntegrationOwners.guildId === guildId ? guildId : null;
}

/**
 * Translates `text` (or, without text, the voice message) for the user under their own daily
 * allowance and answers (privately, deferred).
 */
export async function answerForUser(
  ctx: BotContext,
  interaction: CommandInteraction,
  text: string,
  voiceMessage: ReturnType<typeof voiceMessageOf> = null,
) {
  await interaction.deferReply({ flags: MessageFlags.Ephemeral });
  const result = await ctx.caller.translation.bot.translateForUser({
    userId: interaction.user.id,
    username: interaction.user.username,
    locale: interaction.locale ?? null,
    text,
    voiceMessage,
  });
  await interaction.editReply({ content: translationReply(result), allowedMentions: { parse: [] } });
}

/** The private answer: heading (source → target), the text, and a hint when the language was guessed. */
export function translationReply(
  result:
    | { ok: false; message: string }
    | {
        ok: true;
        text: string;
        sourceName: string;
        targetName: string;
        targetFrom: string;
        alreadyInTarget: boolean;
        transcript: string | null;
      },
): string {
  if (!result.ok) return result.message;
  const heard = result.transcript && !result.alreadyInTarget ? `🎤 *${result.transcript}*\n` : '';
  const heading = result.alreadyInTarget
    ? `This message is already in **${result.targetName}**:`
    : `**${result.sourceName} → ${result.targetName}**`;
  const hint = result.targetFrom === 'setting' ? '' : `\n-# Choose your language with /setlanguage.`;
  const body = `${heard}${heading}\n${result.text}${hint}`;
  return body.length > 2000 ? `${body.slice(0, 1999)}…` : body;
}
