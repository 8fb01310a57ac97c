import { InteractionContextType, MessageFlags, SlashCommandBuilder } from 'discord.js';
import type { BotCommand } from '../../handlers';

/**
 * /translate-me on|off (issue 28): a member keeps their own messages on this server out of
 * translation (never sent to the provider; copied into the other language channels as written, with
 * a mark), or back in. Answered privately in their language.
 */
export const translateMe: BotCommand = {
  kind: 'slash',
  data: new SlashCommandBuilder()
    .setName('translate-me')
    .setDescription('Choose whether the bot translates your messages on this server')
    .setContexts(InteractionContextType.Guild)
    .addStringOption((o) =>
      o
        .setName('mode')
        .setDescription('on: your messages are translated; off: they are left as they are')
        .setRequired(true)
        .addChoices({ name: 'on', value: 'on' }, { name: 'off', value: 'off' }),
    ),
  async execute(ctx, interaction) {
    const mode = interaction.options.getString('mode', true);
    if (!interaction.inGuild() || (mode !== 'on' && mode !== 'off')) {
      await interaction.reply({
        content: interaction.inGuild()
          ? `❌ "${mode}" is not a choice: use /translate-me on or /translate-me off.`
          : '❌ /translate-me works in a server.',
        flags: MessageFlags.Ephemeral,
      });
      return;
    }
    const answer = await ctx.caller.translation.bot.setTranslated({
      guildId: interaction.guildId,
      userId: interaction.user.id,
      translated: mode === 'on',
      locale: interaction.locale ?? null,
    });
    await interaction.reply({ content: answer.content, flags: MessageFlags.Ephemeral });
  },
};
