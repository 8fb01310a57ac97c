import type { Guild, GuildMember } from 'discord.js';
import { formatDuration } from '../../../src/common/cases/schemas';
import type { BotContext } from '../../context';
import { NO_PINGS, reportFailure } from '../../discord';
import { serverChannel } from '../../server-channel';
import { discordRefusal } from './checks';
import type { StaffWords } from './words';

/**
 * What follows a recorded case: its post in the moderation log channel (with the case number),
 * and the escalation rule it triggered, carried out by the bot as a case of its own.
 */

type Recorded = Awaited<ReturnType<BotContext['caller']['cases']['bot']['record']>>;

/** Posts a case's line in the log channel; a missing permission is reported like any other. */
export async function postCaseLog(ctx: BotContext, guildId: string, log: Recorded['log']): Promise<void> {
  if (!log) return;
  try {
    const channel = await serverChannel(ctx, guildId, log.channelId);
    if (channel?.isSendable()) await channel.send({ content: log.content, allowedMentions: NO_PINGS });
  } catch (err) {
    await reportFailure(ctx, guildId, log.channelId, 'send message', err);
  }
}

async function tell(member: GuildMember, notice: string): Promise<boolean> {
  try {
    await member.send({ content: notice, allowedMentions: NO_PINGS });
    return true;
  } catch {
    return false;
  }
}

/**
 * Carries out an escalation on a member still on the server: told by DM (before a kick or ban,
 * after a timeout), the action done in Discord, the automatic case recorded and logged. Answers a
 * sentence for the moderator's reply: what was done, or what Discord refused.
 */
export async function escalate(
  ctx: BotContext,
  guild: Guild,
  target: GuildMember | null,
  escalation: NonNullable<Recorded['escalation']>,
  t: StaffWords,
): Promise<string> {
  const rule = escalation.ruleId;
  if (!target) return ` ${t('escalationGone', { rule })}`;
  const auditReason = escalation.reason.slice(0, 512);
  let told = false;
  if (escalation.action !== 'timeout') told = await tell(target, escalation.notice);
  try {
    if (escalation.action === 'timeout')
      await target.timeout((escalation.durationSeconds ?? 0) * 1000, auditReason);
    else if (escalation.action === 'kick') await target.kick(auditReason);
    else await guild.bans.create(target.id, { reason: auditReason });
  } catch (err) {
    return ` ${t('escalationFailed', { rule, error: discordRefusal(err, t).replace(/^❌ /, '') })}`;
  }
  if (escalation.action === 'timeout') told = await tell(target, escalation.notice);
  const recorded = await ctx.caller.cases.bot.record({
    guildId: guild.id,
    action: escalation.action,
    targetId: target.id,
    targetName: target.user.username.slice(0, 100),
    moderatorId: null,
    moderatorName: '',
    reason: escalation.reason,
    durationSeconds: escalation.durationSeconds,
  });
  await postCaseLog(ctx, guild.id, recorded.log);
  const duration = escalation.durationSeconds ? ` ${formatDuration(escalation.durationSeconds)}` : '';
  const vars = { number: recorded.case.number, rule, action: `${escalation.action}${duration}` };
  return ` ${t(told ? 'escalatedTold' : 'escalatedNotTold', vars)}`;
}
