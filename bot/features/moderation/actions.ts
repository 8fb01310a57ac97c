import { type Message, PermissionFlagsBits, Routes } from 'discord.js';
import { MENTION_MAX } from '../../../src/server/moderation/spam';
import { authorMember } from '../../message-members';
import { serverChannel } from '../../server-channel';
import type { BotContext } from '../../context';
import { deleteThroughWebhook, NO_PINGS, reportFailure } from '../../discord';

/**
 * Carries out a moderation action the server decided (bot.onMessage's `moderation`): delete the
 * message and its copies, tell the member privately (DM; a short-lived mention in the channel
 * when DMs are closed), time them out after repeated offences, then record what Discord
 * accepted and post the server's report to the log channel.
 */

type Action = NonNullable<
  Awaited<ReturnType<BotContext['caller']['channels']['bot']['onMessage']>>['moderation']
>;

/** How long the in-channel notice (for members with closed DMs) stays before it is removed. */
export const CHANNEL_NOTICE_MS = 15_000;

/**
 * What moderation needs to know about the author and the message, from Discord's view: the
 * author's member as the message brought it, else asked of Discord (bot/message-members.ts).
 */
export async function moderationFacts(
  message: Message<true>,
): Promise<{ mentions: number; exempt: boolean }> {
  const m = message.mentions;
  const mentions = m.everyone
    ? MENTION_MAX
    : m.users.filter((u) => u.id !== message.author.id).size + m.roles.size;
  const member = await authorMember(message);
  let exempt = false;
  try {
    exempt = Boolean(member?.permissionsIn(message.channel).has(PermissionFlagsBits.ManageMessages));
  } catch {
    exempt = false;
  }
  return { mentions, exempt };
}

const reason = (err: unknown) => (err instanceof Error ? err.message : String(err)).slice(0, 200);

async function notify(
  ctx: BotContext,
  message: Message<true>,
  text: string,
): Promise<'dm' | 'channel' | 'none'> {
  try {
    await message.author.send({ content: text, allowedMentions: NO_PINGS });
    return 'dm';
  } catch {
    // DMs closed: a notice in the channel that only pings the member, removed shortly after.
  }
  try {
    const channel = message.channel;
    if (!channel.isSendable()) return 'none';
    const sent = await channel.send({
      content: `<@${message.author.id}> ${text}`,
      allowedMentions: { users: [message.author.id] },
    });
    setTimeout(() => void sent.delete().catch(() => {}), CHANNEL_NOTICE_MS).unref?.();
    return 'channel';
  } catch (err) {
    await reportFailure(ctx, message.guildId, message.channelId, 'send message', err);
    return 'none';
  }
}

export async function carryOutModeration(
  ctx: BotContext,
  message: Message<true>,
  action: Action,
): Promise<void> {
  const guildId = message.guildId;
  let deleted: boolean | null = null;
  let deleteError: string | undefined;
  if (action.delete) {
    try {
      await message.delete();
      deleted = true;
    } catch (err) {
      deleted = false;
      deleteError = reason(err);
      await reportFailure(ctx, guildId, message.channelId, 'delete message', err);
    }
    await Promise.all(
      action.copies.map(async (copy) => {
        try {
          if (copy.kind === 'webhook' && copy.webhook) {
            await deleteThroughWebhook(ctx.client, copy.webhook, copy.messageId, copy.threadId);
          } else if (copy.kind !== 'webhook') {
            await ctx.client.rest.delete(Routes.channelMessage(copy.channelId, copy.messageId));
          }
        } catch (err) {
          await reportFailure(ctx, guildId, copy.channelId, 'delete message', err);
        }
      }),
    );
  }
  const notified = await notify(ctx, message, action.notice);
  let timedOut: boolean | null = null;
  let timeoutError: string | undefined;
  if (action.timeoutMs) {
    try {
      await message.guild.members.edit(message.author.id, {
        communicationDisabledUntil: Date.now() + action.timeoutMs,
        reason: action.timeoutReason,
      });
      timedOut = true;
    } catch (err) {
      timedOut = false;
      timeoutError = reason(err);
      await reportFailure(ctx, guildId, message.channelId, 'time out member', err);
    }
  }
  const { report } = await ctx.caller.moderation.bot.moderationOutcome({
    guildId,
    logId: action.logId,
    channelId: message.channelId,
    messageId: message.id,
    deleted,
    deleteError,
    timedOut,
    timeoutError,
    notified,
  });
  if (!report) return;
  try {
    const log = await serverChannel(ctx, guildId, report.channelId);
    if (log?.isSendable()) await log.send({ content: report.content, allowedMentions: NO_PINGS });
  } catch (err) {
    await reportFailure(ctx, guildId, report.channelId, 'send message', err);
  }
}
