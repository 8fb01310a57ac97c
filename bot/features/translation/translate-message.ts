import { ApplicationCommandType, ContextMenuCommandBuilder, MessageFlags } from 'discord.js';
import { voiceMessageOf } from './voice-message';
import type { BotCommand } from '../../handlers';
import { answerForUser, EVERYWHERE, installedServerOf, translationReply } from './user-app';

export const TRANSLATE_MESSAGE = 'Translate Message';

/**
 * Apps → Translate Message: a private translation into the member's language. In a server with
 * the bot it follows the server's settings and plan; elsewhere (the user-installed app) the
 * user's own daily allowance, no server settings (voice messages included).
 */
export const translateMessage: BotCommand = {
  kind: 'message',
  data: new ContextMenuCommandBuilder()
    .setName(TRANSLATE_MESSAGE)
    .setType(ApplicationCommandType.Message)
    .setIntegrationTypes(EVERYWHERE.integrationTypes)
    .setContexts(EVERYWHERE.contexts),
  async execute(ctx, interaction) {
    const target = interaction.targetMessage;
    const guildId = installedServerOf(interaction);
    if (!guildId) {
      // A voice message is transcribed and translated too; a message with neither is refused in
      // the user's language by the server.
      await answerForUser(ctx, interaction, target.content, voiceMessageOf(target));
      return;
    }
    // The provider may take a few seconds: answer within Discord's 3 s with "thinking...".
    await interaction.deferReply({ flags: MessageFlags.Ephemeral });
    const result = await ctx.caller.translation.bot.translateForMember({
      guildId,
      userId: interaction.user.id,
      username: interaction.user.username,
      locale: interaction.locale,
      channelId: interaction.channelId,
      messageId: target.id,
      parentChannelId: target.channel?.isThread() ? target.channel.parentId : null,
      authorId: target.author.id,
      text: target.content,
      voiceMessage: voiceMessageOf(target),
    });
    await interaction.editReply({ content: translationReply(result), allowedMentions: { parse: [] } });
  },
};
