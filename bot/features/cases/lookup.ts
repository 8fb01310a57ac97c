import {
  type ChatInputCommandInteraction,
  MessageFlags,
  PermissionFlagsBits,
  SlashCommandBuilder,
} from 'discord.js';
import { type CaseView, formatDuration } from '../../../src/common/cases/schemas';
import type { BotCommand } from '../../commands/types';
import { NO_PINGS } from '../../discord';

/** /case <number> and /history @member: staff read the server's cases (ephemeral answers). */

export function caseLine(c: CaseView): string {
  const when = `<t:${Math.floor(Date.parse(c.createdAt) / 1000)}:d>`;
  const by = c.moderatorId ? `<@${c.moderatorId}>` : 'automatic';
  const duration = c.durationSeconds ? ` ${formatDuration(c.durationSeconds)}` : '';
  const line = `#${c.number} ${c.action}${duration} <@${c.targetId}> by ${by} ${when}: ${c.reason || 'no reason given'}`;
  return c.revokedAt ? `~~${line}~~ (revoked)` : line;
}

async function guard(interaction: ChatInputCommandInteraction): Promise<boolean> {
  if (!interaction.inGuild()) {
    await interaction.reply({
      content: 'Cases belong to a server: run this in a server.',
      flags: MessageFlags.Ephemeral,
    });
    return false;
  }
  if (!interaction.memberPermissions?.has(PermissionFlagsBits.ModerateMembers)) {
    await interaction.reply({
      content: `❌ /${interaction.commandName} needs the Moderate Members permission on this server.`,
      flags: MessageFlags.Ephemeral,
    });
    return false;
  }
  await interaction.deferReply({ flags: MessageFlags.Ephemeral });
  return true;
}

export const caseCommand: BotCommand = {
  kind: 'slash',
  data: new SlashCommandBuilder()
    .setName('case')
    .setDescription('Show a moderation case by its number')
    .setDefaultMemberPermissions(PermissionFlagsBits.ModerateMembers)
    .setContexts(0)
    .addIntegerOption((o) =>
      o.setName('number').setDescription('The case number').setRequired(true).setMinValue(1),
    ),
  async execute(ctx, interaction) {
    if (!(await guard(interaction)) || !interaction.guildId) return;
    const number = interaction.options.getInteger('number', true);
    const answer = await ctx.caller.cases.bot.get({
      guildId: interaction.guildId,
      number,
      userId: interaction.user.id,
      locale: interaction.locale ?? null,
    });
    const content = !answer.ok
      ? answer.message
      : answer.case
        ? caseLine(answer.case)
        : `❌ This server has no case #${number}.`;
    await interaction.editReply({ content, allowedMentions: NO_PINGS });
  },
};

export const history: BotCommand = {
  kind: 'slash',
  data: new SlashCommandBuilder()
    .setName('history')
    .setDescription("A member's moderation cases, newest first")
    .setDefaultMemberPermissions(PermissionFlagsBits.ModerateMembers)
    .setContexts(0)
    .addUserOption((o) => o.setName('member').setDescription('The member').setRequired(true)),
  async execute(ctx, interaction) {
    if (!(await guard(interaction)) || !interaction.guildId) return;
    const targetId = String(interaction.options.get('member', true).value);
    const answer = await ctx.caller.cases.bot.history({
      guildId: interaction.guildId,
      targetId,
      userId: interaction.user.id,
      locale: interaction.locale ?? null,
    });
    let content: string;
    if (!answer.ok) content = answer.message;
    else if (answer.cases.length === 0) content = `<@${targetId}> has no cases on this server.`;
    else {
      const lines = answer.cases.map(caseLine);
      content = `Cases of <@${targetId}> (${lines.length}${lines.length === 25 ? ', newest 25' : ''}):\n`;
      for (const line of lines) {
        if (content.length + line.length + 1 > 1900) break;
        content += `${line}\n`;
      }
    }
    await interaction.editReply({ content, allowedMentions: NO_PINGS });
  },
};
