import { ApplicationCommandType, ContextMenuCommandBuilder, MessageFlags } from 'discord.js';
import { voiceMessageOf } from './voice-message';
import type { BotCommand } from '../../commands/types';

export const TRANSLATE_MESSAGE = 'Translate Message';

/** Apps → Translate Message: a private translation into the member's language. */
export const translateMessage: BotCommand = {
  kind: 'message',
  data: new ContextMenuCommandBuilder().setName(TRANSLATE_MESSAGE).setType(ApplicationCommandType.Message),
  async execute(ctx, interaction) {
    if (!interaction.inGuild()) {
      await interaction.reply({
        content: 'Translate Message works in servers where the bot is.',
        flags: MessageFlags.Ephemeral,
      });
      return;
    }
    // The provider may take a few seconds: answer within Discord's 3 s with "thinking...".
    await interaction.deferReply({ flags: MessageFlags.Ephemeral });
    const target = interaction.targetMessage;
    const result = await ctx.caller.translation.bot.translateForMember({
      guildId: interaction.guildId,
      userId: interaction.user.id,
      username: interaction.user.username,
      locale: interaction.locale,
      channelId: interaction.channelId,
      messageId: target.id,
      parentChannelId: target.channel?.isThread() ? target.channel.parentId : null,
      text: target.content,
      voiceMessage: voiceMessageOf(target),
    });
    if (!result.ok) {
      await interaction.editReply({ content: result.message, allowedMentions: { parse: [] } });
      return;
    }
    const heard = result.transcript && !result.alreadyInTarget ? `🎤 *${result.transcript}*\n` : '';
    const heading = result.alreadyInTarget
      ? `This message is already in **${result.targetName}**:`
      : `**${result.sourceName} → ${result.targetName}**`;
    const hint = result.targetFrom === 'setting' ? '' : `\n-# Choose your language with /setlanguage.`;
    const body = `${heard}${heading}\n${result.text}${hint}`;
    await interaction.editReply({
      content: body.length > 2000 ? `${body.slice(0, 1999)}…` : body,
      allowedMentions: { parse: [] },
    });
  },
};
