import { MessageFlags, SlashCommandBuilder } from 'discord.js';
import type { BotCommand } from '../../handlers';

/** /rank [member]: a private level card (level, XP, progress to the next level, place in the server). */
export const rank: BotCommand = {
  kind: 'slash',
  data: new SlashCommandBuilder()
    .setName('rank')
    .setDescription('Your level, XP and place in this server (only you see it)')
    .addUserOption((o) => o.setName('member').setDescription('Someone else’s card')),
  async execute(ctx, interaction) {
    if (!interaction.inGuild()) {
      await interaction.reply({
        content: 'Levels belong to a server: run /rank in one.',
        flags: MessageFlags.Ephemeral,
      });
      return;
    }
    const target = interaction.options.getUser('member') ?? interaction.user;
    const answer = await ctx.caller.xp.bot.rank({
      guildId: interaction.guildId,
      userId: interaction.user.id,
      username: interaction.user.username,
      locale: interaction.locale ?? null,
      targetId: target.id,
      targetName: target.displayName ?? target.username,
    });
    await interaction.reply({
      content: answer.text,
      flags: MessageFlags.Ephemeral,
      allowedMentions: { parse: [] },
    });
  },
};

/** /leaderboard: the top 10 by XP and the member's own place, in their language. */
export const leaderboardCommand: BotCommand = {
  kind: 'slash',
  data: new SlashCommandBuilder()
    .setName('leaderboard')
    .setDescription('The ten members with the most XP, and your place'),
  async execute(ctx, interaction) {
    if (!interaction.inGuild()) {
      await interaction.reply({
        content: 'Levels belong to a server: run /leaderboard in one.',
        flags: MessageFlags.Ephemeral,
      });
      return;
    }
    const answer = await ctx.caller.xp.bot.leaderboard({
      guildId: interaction.guildId,
      userId: interaction.user.id,
      username: interaction.user.username,
      locale: interaction.locale ?? null,
    });
    await interaction.reply({
      content: answer.text,
      allowedMentions: { parse: [] },
      flags: answer.ok ? undefined : MessageFlags.Ephemeral,
    });
  },
};
