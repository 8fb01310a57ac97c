import {
  type ChatInputCommandInteraction,
  MessageFlags,
  PermissionFlagsBits,
  SlashCommandBuilder,
} from 'discord.js';
import { type CaseView, formatDuration } from '../../../src/common/cases/schemas';
import type { BotCommand } from '../../handlers';
import type { BotContext } from '../../context';
import { NO_PINGS } from '../../discord';
import { type StaffWords, staffWords } from './words';

/** /case <number> and /history @member: staff read the server's cases (ephemeral answers). */

export function caseLine(c: CaseView, t: StaffWords): string {
  const when = `<t:${Math.floor(Date.parse(c.createdAt) / 1000)}:d>`;
  const duration = c.durationSeconds ? ` ${formatDuration(c.durationSeconds)}` : '';
  const line = t('caseLine', {
    number: c.number,
    action: `${c.action}${duration}`,
    member: `<@${c.targetId}>`,
    moderator: c.moderatorId ? `<@${c.moderatorId}>` : t('automatic'),
    when,
    reason: c.reason || t('noReason'),
  });
  return c.revokedAt ? `~~${line}~~ (${t('revoked')})` : line;
}

/**
 * A server, Moderate Members: the moderator's words (in their language) to answer with, after the
 * answer is deferred; null when refused (answered already).
 */
async function guard(ctx: BotContext, interaction: ChatInputCommandInteraction): Promise<StaffWords | null> {
  if (!interaction.inGuild()) {
    await interaction.reply({
      content: 'Cases belong to a server: run this in a server.',
      flags: MessageFlags.Ephemeral,
    });
    return null;
  }
  await interaction.deferReply({ flags: MessageFlags.Ephemeral });
  const t = await staffWords(ctx, interaction.guildId, interaction.user.id, interaction.locale ?? null);
  if (!interaction.memberPermissions?.has(PermissionFlagsBits.ModerateMembers)) {
    const content = t('needsPermission', {
      command: interaction.commandName,
      permission: 'Moderate Members',
    });
    await interaction.editReply({ content: `${content}${t.mark}`, allowedMentions: NO_PINGS });
    return null;
  }
  return t;
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
    const t = await guard(ctx, interaction);
    if (!t || !interaction.guildId) return;
    const number = interaction.options.getInteger('number', true);
    const answer = await ctx.caller.cases.bot.get({
      guildId: interaction.guildId,
      number,
      userId: interaction.user.id,
      locale: interaction.locale ?? null,
    });
    const content = !answer.ok
      ? answer.message
      : `${answer.case ? caseLine(answer.case, t) : t('noSuchCase', { number })}${t.mark}`;
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
    const t = await guard(ctx, interaction);
    if (!t || !interaction.guildId) return;
    const targetId = String(interaction.options.get('member', true).value);
    const answer = await ctx.caller.cases.bot.history({
      guildId: interaction.guildId,
      targetId,
      userId: interaction.user.id,
      locale: interaction.locale ?? null,
    });
    let content: string;
    if (!answer.ok) content = answer.message;
    else if (answer.cases.length === 0)
      content = `${t('historyEmpty', { member: `<@${targetId}>` })}${t.mark}`;
    else {
      const lines = answer.cases.map((c) => caseLine(c, t));
      const title = lines.length === 25 ? 'historyNewest' : 'historyTitle';
      content = `${t(title, { member: `<@${targetId}>`, count: lines.length })}\n`;
      for (const line of lines) {
        if (content.length + line.length + 1 > 1900) break;
        content += `${line}\n`;
      }
      content += t.mark.trimStart();
    }
    await interaction.editReply({ content, allowedMentions: NO_PINGS });
  },
};
