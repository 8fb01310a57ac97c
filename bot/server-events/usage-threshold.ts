import type { BotContext } from '../context';
import { NO_PINGS } from '../discord';
import type { ServerEventHandler } from '../server-events';

type UsageEvent = { guildId: string; threshold: number; used: number; allowance: number };

/** 75%, 90%, 100% of the month's translations: the admins hear it once each, in the log channel. */
export async function tellAdmins(ctx: BotContext, e: UsageEvent): Promise<void> {
  const notice = await ctx.caller.bot.usageNotice(e);
  // No log channel set: the server's system channel, where Discord posts its own notices.
  const channelId = notice.channelId ?? ctx.client.guilds.cache.get(e.guildId)?.systemChannelId ?? null;
  if (!channelId) {
    console.log(`Usage notice for guild ${e.guildId} (no log channel set): ${notice.content}`);
    return;
  }
  const channel = await ctx.client.channels.fetch(channelId);
  if (channel?.isSendable()) await channel.send({ content: notice.content, allowedMentions: NO_PINGS });
}

const handler: ServerEventHandler = {
  subscribe(ctx) {
    const listener = (e: UsageEvent) => {
      tellAdmins(ctx, e).catch((err) =>
        console.error(`Usage notice for guild ${e.guildId} not delivered:`, err),
      );
    };
    ctx.services.events.on('usage:threshold', listener);
    return () => ctx.services.events.off('usage:threshold', listener);
  },
};
export default handler;
