import {
  type ChatInputCommandInteraction,
  MessageFlags,
  PermissionFlagsBits,
  SlashCommandBuilder,
} from 'discord.js';
import {
  type CaseAction,
  formatDuration,
  parseDuration,
  TIMEOUT_MAX_SECONDS,
} from '../../../src/common/cases/schemas';
import type { BotCommand } from '../../handlers';
import type { BotContext } from '../../context';
import { NO_PINGS } from '../../discord';
import { discordRefusal, memberOf, refusal } from './checks';
import { escalate, postCaseLog } from './follow-up';
import { type StaffWords, staffWords } from './words';

/**
 * /warn, /timeout, /kick, /ban and /unban: each checks the moderator's Discord permission again,
 * refuses what cannot be done (with the reason), acts in Discord, records the server's next case
 * and tells the member in their own language (DM; a short mention in the channel when DMs are
 * closed). Kicked and banned members are told before they leave (after, no DM reaches them).
 */

const PERMISSION: Record<CaseAction, { flag: bigint; name: string }> = {
  warn: { flag: PermissionFlagsBits.ModerateMembers, name: 'Moderate Members' },
  timeout: { flag: PermissionFlagsBits.ModerateMembers, name: 'Moderate Members' },
  kick: { flag: PermissionFlagsBits.KickMembers, name: 'Kick Members' },
  ban: { flag: PermissionFlagsBits.BanMembers, name: 'Ban Members' },
  unban: { flag: PermissionFlagsBits.BanMembers, name: 'Ban Members' },
};

const DESCRIPTION: Record<CaseAction, string> = {
  warn: 'Warn a member (a numbered case; they are told in their language)',
  timeout: 'Time a member out for up to 28 days (a numbered case)',
  kick: 'Remove a member from the server (a numbered case)',
  ban: 'Ban a member from the server (a numbered case)',
  unban: 'Lift a ban (a numbered case)',
};

/** Discord ids are snowflakes: 17 to 20 digits. */
const SNOWFLAKE = /^\d{17,20}$/;

function builder(action: CaseAction) {
  const b = new SlashCommandBuilder()
    .setName(action)
    .setDescription(DESCRIPTION[action])
    .setDefaultMemberPermissions(PERMISSION[action].flag)
    .setContexts(0)
    .addUserOption((o) =>
      o
        .setName(action === 'unban' ? 'user' : 'member')
        .setDescription(action === 'unban' ? 'The banned user' : 'The member')
        // /ban also takes a user id: someone not on the server can be banned before they join.
        .setRequired(action !== 'ban'),
    );
  if (action === 'ban')
    b.addStringOption((o) =>
      o
        .setName('user_id')
        .setDescription('Or the id of a user who is not on the server')
        .setMinLength(17)
        .setMaxLength(20),
    );
  if (action === 'timeout')
    b.addStringOption((o) =>
      o
        .setName('duration')
        .setDescription('How long: 10m, 2h, 3d, 1w (at most 28 days)')
        .setRequired(true)
        .setMaxLength(12),
    );
  b.addStringOption((o) =>
    o.setName('reason').setDescription('Why (the member reads it translated)').setMaxLength(500),
  );
  return b;
}

/** Whom the command names: the member/user option, or /ban's user_id; a message when neither or both disagree. */
function targetOf(
  interaction: ChatInputCommandInteraction,
  action: CaseAction,
  t: StaffWords,
): string | { error: string } {
  const picked = interaction.options.get(action === 'unban' ? 'user' : 'member')?.value;
  if (action !== 'ban') return String(picked);
  const raw = interaction.options.getString('user_id')?.trim() ?? '';
  if (raw && !SNOWFLAKE.test(raw)) return { error: t('badUserId', { value: raw.slice(0, 40) }) };
  if (picked && raw && String(picked) !== raw) return { error: t('twoUsers') };
  if (!picked && !raw) return { error: t('banNeedsTarget') };
  return picked ? String(picked) : raw;
}

async function run(
  ctx: BotContext,
  interaction: ChatInputCommandInteraction,
  action: CaseAction,
): Promise<void> {
  if (!interaction.inCachedGuild()) {
    await interaction.reply({
      content: 'Moderation commands work in a server.',
      flags: MessageFlags.Ephemeral,
    });
    return;
  }
  await interaction.deferReply({ flags: MessageFlags.Ephemeral });
  const guild = interaction.guild;
  // The moderator's words in their language; every reply of ours ends with the "In English" line when needed.
  const t = await staffWords(ctx, guild.id, interaction.user.id, interaction.locale ?? null);
  const reply = (_: ChatInputCommandInteraction, content: string) =>
    interaction.editReply({ content: `${content}${t.mark}`, allowedMentions: NO_PINGS });
  const permission = PERMISSION[action];
  if (!interaction.memberPermissions.has(permission.flag)) {
    await reply(interaction, t('needsPermission', { command: action, permission: permission.name }));
    return;
  }
  const named = targetOf(interaction, action, t);
  if (typeof named !== 'string') {
    await reply(interaction, named.error);
    return;
  }
  const targetId = named;
  const reason = interaction.options.getString('reason') ?? '';
  let durationSeconds: number | null = null;
  if (action === 'timeout') {
    const raw = interaction.options.getString('duration', true);
    durationSeconds = parseDuration(raw);
    if (durationSeconds === null) {
      await reply(interaction, t('badDuration', { value: raw }));
      return;
    }
    if (durationSeconds < 60 || durationSeconds > TIMEOUT_MAX_SECONDS) {
      await reply(interaction, t('durationRange'));
      return;
    }
  }
  const target = action === 'unban' ? null : await memberOf(guild, targetId);
  if (action !== 'unban' && !(action === 'ban' && !target)) {
    if (!target) {
      await reply(interaction, t('notAMember', { member: `<@${targetId}>` }));
      return;
    }
    const refused = refusal(guild, interaction.member, target, action, t);
    if (refused) {
      await reply(interaction, refused);
      return;
    }
  }
  const prepared = await ctx.caller.cases.bot.prepare({
    guildId: guild.id,
    action,
    moderatorId: interaction.user.id,
    locale: interaction.locale ?? null,
    targetId,
    reason,
    durationSeconds,
    server: guild.name.slice(0, 100),
  });
  if (!prepared.ok) {
    // The plan's notice or the input's problem, already in the moderator's words.
    await interaction.editReply({ content: prepared.message, allowedMentions: NO_PINGS });
    return;
  }
  const notice = prepared.notice;
  let told: 'DM' | 'mention' | 'not told' = 'not told';
  const dm = async () => {
    if (!target || !notice) return false;
    try {
      await target.send({ content: notice, allowedMentions: NO_PINGS });
      told = 'DM';
      return true;
    } catch {
      return false;
    }
  };
  const auditReason = `${interaction.user.username}: ${reason || 'no reason given'}`.slice(0, 512);
  if (action === 'kick' || action === 'ban') await dm();
  try {
    if (action === 'timeout') await target?.timeout((durationSeconds ?? 0) * 1000, auditReason);
    else if (action === 'kick') await target?.kick(auditReason);
    else if (action === 'ban') await guild.bans.create(targetId, { reason: auditReason });
    else if (action === 'unban') await guild.bans.remove(targetId, auditReason);
  } catch (err) {
    await reply(interaction, discordRefusal(err, t));
    return;
  }
  if (action === 'unban' && notice) {
    // Reachable only when the user shares another server with the bot; otherwise nothing is claimed.
    try {
      await ctx.client.users.send(targetId, { content: notice, allowedMentions: NO_PINGS });
      told = 'DM';
    } catch {
      told = 'not told';
    }
  }
  // Someone not on the server (an unban, a ban by id): their account asked of Discord (Get User),
  // not the users cache (which holds only the bot); no name when Discord does not answer.
  const user = target?.user ?? (await ctx.client.users.fetch(targetId).catch(() => null));
  const recorded = await ctx.caller.cases.bot.record({
    guildId: guild.id,
    action,
    targetId,
    targetName: (user?.username ?? '').slice(0, 100),
    moderatorId: interaction.user.id,
    moderatorName: interaction.user.username.slice(0, 100),
    reason: reason.trim(),
    durationSeconds,
    server: guild.name.slice(0, 100),
  });
  await postCaseLog(ctx, guild.id, recorded.log);
  if ((action === 'warn' || action === 'timeout') && !(await dm()) && notice && interaction.channel) {
    // DMs closed: a short mention in the channel, which pings only the member.
    try {
      await interaction.channel.send({
        content: `<@${targetId}> ${notice}`,
        allowedMentions: { users: [targetId] },
      });
      told = 'mention';
    } catch {
      told = 'not told';
    }
  }
  const how = action === 'ban' && !target ? 'absent' : told === 'not told' ? 'none' : told;
  const done = t(`${action}.${how}` as Parameters<StaffWords>[0], {
    number: recorded.case.number,
    member: `<@${targetId}>`,
    duration: durationSeconds ? formatDuration(durationSeconds) : '',
  });
  const escalation = recorded.escalation ? await escalate(ctx, guild, target, recorded.escalation, t) : '';
  await reply(interaction, `${done}${escalation}`);
}

const command = (action: CaseAction): BotCommand => ({
  kind: 'slash',
  data: builder(action),
  execute: (ctx, interaction) => run(ctx, interaction, action),
});

export const warn = command('warn');
export const timeout = command('timeout');
export const kick = command('kick');
export const ban = command('ban');
export const unban = command('unban');
