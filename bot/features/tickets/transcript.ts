import { AttachmentBuilder, DiscordAPIError } from 'discord.js';
import type { BotContext } from '../../context';
import { NO_PINGS } from '../../discord';
import { postOnce } from '../../nonce';
import { serverChannel } from '../../server-channel';

/**
 * When a ticket closes (its close announcement posted), the member gets the transcript by DM: a
 * .txt file and a self-contained .html page, made from the stored conversation (their messages as
 * written, translations beside).
 * A DM Discord refuses is noted in the server's log channel; the conversation stays on the ticket.
 */
export async function sendTranscript(
  ctx: BotContext,
  guildId: string,
  ticketId: number,
  closeMessageId: number,
): Promise<void> {
  const plan = await ctx.caller.tickets.bot.ticketTranscript({ guildId, ticketId });
  if (!plan) return;
  try {
    const dm = await ctx.client.users.createDM(plan.userId);
    await dm.send({
      content: plan.content,
      files: plan.files.map((f) => new AttachmentBuilder(Buffer.from(f.text, 'utf8'), { name: f.name })),
      allowedMentions: NO_PINGS,
      // One copy per close however many times the delivery is retried.
      ...postOnce('ticket-transcript', closeMessageId, dm.id),
    });
  } catch (err) {
    const error = err instanceof DiscordAPIError ? `${err.message} (Discord ${err.status})` : String(err);
    console.warn(`Ticket #${ticketId}: transcript not sent to ${plan.userId}: ${error}`);
    const report = await ctx.caller.tickets.bot.ticketTranscriptUndelivered({
      guildId,
      ticketId,
      userId: plan.userId,
      error: error.slice(0, 500),
    });
    const logId = report.channelId ?? ctx.client.guilds.cache.get(guildId)?.systemChannelId ?? null;
    const log = logId ? await serverChannel(ctx, guildId, logId).catch(() => null) : null;
    if (log?.isSendable())
      await log
        .send({
          content: `⚠️ ${report.text}`,
          allowedMentions: NO_PINGS,
          ...postOnce('ticket-transcript-failed', closeMessageId, log.id),
        })
        .catch(() => {});
  }
}
