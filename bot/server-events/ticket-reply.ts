import { DiscordAPIError } from 'discord.js';
import type { BotContext } from '../context';
import { NO_PINGS } from '../discord';
import type { ServerEventHandler } from '../server-events';

type TicketReplyEvent = { guildId: string; ticketId: number; messageId: number };

function reasonOf(err: unknown): string {
  if (err instanceof DiscordAPIError) return `${err.message} (Discord ${err.status})`;
  return err instanceof Error ? err.message : String(err);
}

/**
 * A staff reply from the dashboard reaches the member in their language: by DM, or in the
 * ticket's channel when it has one. Delivered replies are marked; a failed one is told to the
 * admins in the log channel (and the operator's log), never swallowed.
 */
export async function deliverTicketReply(ctx: BotContext, e: TicketReplyEvent): Promise<void> {
  const plan = await ctx.caller.community.ticketReply(e);
  if (!plan) return;
  try {
    const target = plan.channelId
      ? await ctx.client.channels.fetch(plan.channelId)
      : await ctx.client.users.createDM(plan.userId);
    if (!target?.isSendable()) throw new Error('the ticket channel does not exist or is not a text channel');
    for (const part of plan.parts) await target.send({ content: part, allowedMentions: NO_PINGS });
  } catch (err) {
    const error = reasonOf(err);
    console.error(
      `Ticket #${e.ticketId}: staff reply ${e.messageId} not delivered to ${plan.userId}: ${error}`,
    );
    const report = await ctx.caller.community.ticketReplyFailed({
      guildId: e.guildId,
      ticketId: e.ticketId,
      userId: plan.userId,
      error,
    });
    const logChannelId = report.channelId ?? ctx.client.guilds.cache.get(e.guildId)?.systemChannelId ?? null;
    if (!logChannelId) return;
    const log = await ctx.client.channels.fetch(logChannelId);
    if (log?.isSendable()) await log.send({ content: `⚠️ ${report.text}`, allowedMentions: NO_PINGS });
    return;
  }
  await ctx.caller.community.ticketReplyDelivered({ guildId: e.guildId, messageId: e.messageId });
}

const handler: ServerEventHandler = {
  subscribe(ctx) {
    const listener = (e: TicketReplyEvent) => {
      deliverTicketReply(ctx, e).catch((err) =>
        console.error(`Ticket #${e.ticketId}: reply delivery failed:`, err),
      );
    };
    ctx.services.events.on('ticket:reply', listener);
    return () => ctx.services.events.off('ticket:reply', listener);
  },
};
export default handler;
