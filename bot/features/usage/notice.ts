import type { BotContext } from '../../context';
import { NO_PINGS } from '../../discord';
import { postOnce } from '../../nonce';
import { serverChannel } from '../../server-channel';

type UsageEvent = { guildId: string; threshold: number; used: number; allowance: number };

/** Queue job 'usage:threshold': 75%, 90%, 100% of the month's translations, told once each in the log channel. */
export async function tellAdmins(ctx: BotContext, e: UsageEvent): Promise<void> {
  const notice = await ctx.caller.usage.bot.usageNotice(e);
  // No log channel set: the server's system channel, where Discord posts its own notices.
  const channelId = notice.channelId ?? ctx.client.guilds.cache.get(e.guildId)?.systemChannelId ?? null;
  if (!channelId) {
    console.log(`Usage notice for guild ${e.guildId} (no log channel set): ${notice.content}`);
    return;
  }
  const channel = await serverChannel(ctx, e.guildId, channelId);
  // One notice per threshold crossing: a retried job gets the message already posted (bot/nonce.ts).
  if (channel?.isSendable())
    await channel.send({
      content: notice.content,
      allowedMentions: NO_PINGS,
      ...postOnce('usage', e.guildId, e.threshold, e.used, e.allowance, channelId),
    });
}
