import {
  ActionRowBuilder,
  ButtonBuilder,
  ButtonStyle,
  DiscordAPIError,
  type ThreadChannel,
} from 'discord.js';
import type { BotContext } from '../../context';
import type { ServerEventHandler } from '../../handlers';
import { NO_PINGS } from '../../discord';
import { createKeyedOrder } from '../../keyed-order';
import { isTransient, postOnce } from '../../nonce';
import { serverChannel } from '../../server-channel';
import { sendTranscript } from './transcript';

type TicketReplyEvent = { guildId: string; ticketId: number; messageId: number };
type Plan = NonNullable<Awaited<ReturnType<BotContext['caller']['tickets']['bot']['ticketReply']>>>;

function reasonOf(err: unknown): string {
  if (err instanceof DiscordAPIError) return `${err.message} (Discord ${err.status})`;
  return err instanceof Error ? err.message : String(err);
}

/** The ticket's thread, reopened for posting when it was archived; null when the bot cannot see it. */
async function openThread(ctx: BotContext, guildId: string, plan: Plan): Promise<ThreadChannel | null> {
  if (!plan.channelId) return null;
  // A thread of another server is refused (logged) and the member is told by DM instead.
  const channel = await serverChannel(ctx, guildId, plan.channelId);
  if (!channel?.isThread()) return null;
  if (channel.archived || channel.locked) {
    // Reopening (or a last announcement on a closed ticket): unarchive, unlock unless closed.
    await channel.edit({ archived: false, ...(plan.ticketStatus === 'closed' ? {} : { locked: false }) });
  }
  return channel;
}

/** The member is still in the thread's server (else the reply goes by DM). */
async function memberPresent(thread: ThreadChannel, userId: string): Promise<boolean> {
  if (thread.guild.members.cache.has(userId)) return true;
  return Boolean(await thread.guild.members.fetch(userId).catch(() => null));
}

interface Sendable {
  id: string;
  send(
    options: {
      content: string;
      allowedMentions: typeof NO_PINGS;
      components?: ActionRowBuilder<ButtonBuilder>[];
    } & ReturnType<typeof postOnce>,
  ): Promise<unknown>;
}

/** Each part carries the nonce of (ticket message, target, part): a retry never posts it twice (bot/nonce.ts). */
async function send(target: Sendable, plan: Plan, messageId: number): Promise<void> {
  for (const [i, part] of plan.parts.entries())
    await target.send({
      content: part,
      allowedMentions: NO_PINGS,
      ...postOnce('ticket-reply', messageId, target.id, i),
    });
  // After a close: the rating question in the member's language, five buttons (bot/features/tickets/close.ts).
  if (plan.rating) {
    const row = new ActionRowBuilder<ButtonBuilder>().addComponents(
      plan.rating.buttons.map((b) =>
        new ButtonBuilder().setCustomId(b.customId).setLabel(b.label).setStyle(ButtonStyle.Secondary),
      ),
    );
    await target.send({
      content: plan.rating.content,
      allowedMentions: NO_PINGS,
      components: [row],
      ...postOnce('ticket-reply', messageId, target.id, plan.parts.length),
    });
  }
}

/**
 * A staff reply or status announcement reaches the member in their language: in the ticket's
 * private thread, or by DM when the thread is gone or the member left the server. Delivered ones
 * are marked; a failed one keeps its reason on the message (shown in the dashboard, retried on
 * the next connect) and is told to the admins in the log channel. Closing locks and archives
 * the thread after the announcement. Resolves true when it failed for a transient reason
 * (Discord unreachable, the answer lost, a 5xx): the queue job then tries again, and the nonce of
 * each part makes a post Discord had already accepted come back instead of a second copy.
 */
export async function deliverTicketReply(ctx: BotContext, e: TicketReplyEvent): Promise<boolean> {
  const plan = await ctx.caller.tickets.bot.ticketReply(e);
  if (!plan) return false;
  try {
    let thread: ThreadChannel | null = null;
    try {
      thread = await openThread(ctx, e.guildId, plan);
    } catch (err) {
      console.warn(`Ticket #${e.ticketId}: thread ${plan.channelId} unusable (${reasonOf(err)}); using DM`);
    }
    if (thread && (await memberPresent(thread, plan.userId))) {
      await send(thread, plan, e.messageId);
      if (plan.ticketStatus === 'closed') await thread.edit({ locked: true, archived: true });
    } else {
      await send(await ctx.client.users.createDM(plan.userId), plan, e.messageId);
    }
  } catch (err) {
    const error = reasonOf(err);
    console.error(`Ticket #${e.ticketId}: message ${e.messageId} not delivered to ${plan.userId}: ${error}`);
    const report = await ctx.caller.tickets.bot.ticketReplyFailed({
      guildId: e.guildId,
      ticketId: e.ticketId,
      messageId: e.messageId,
      userId: plan.userId,
      error,
    });
    const logChannelId = report.channelId ?? ctx.client.guilds.cache.get(e.guildId)?.systemChannelId ?? null;
    const log = logChannelId ? await serverChannel(ctx, e.guildId, logChannelId).catch(() => null) : null;
    // One notice however many tries fail within Discord's window (the same nonce).
    if (log?.isSendable())
      await log.send({
        content: `⚠️ ${report.text}`,
        allowedMentions: NO_PINGS,
        ...postOnce('ticket-failed', e.messageId, log.id),
      });
    return isTransient(err);
  }
  await ctx.caller.tickets.bot.ticketReplyDelivered({ guildId: e.guildId, messageId: e.messageId });
  // The close is posted: the transcript goes to the member by DM (a refusal is noted in the log channel).
  if (plan.sendsTranscript) await sendTranscript(ctx, e.guildId, e.ticketId, e.messageId);
  return false;
}

/** On connect: whatever was queued while the bot was offline (or failed before), oldest first. */
export async function deliverPendingTicketReplies(ctx: BotContext): Promise<void> {
  for (const pending of await ctx.caller.tickets.bot.pendingTicketReplies()) {
    if (!ctx.client.guilds.cache.has(pending.guildId)) continue;
    await inOrder(ctx, pending).catch((err) =>
      console.error(`Ticket #${pending.ticketId}: queued delivery failed:`, err),
    );
  }
}

/**
 * The ticket's messages still to post up to this one, oldest first: a reply whose earlier one is
 * waiting for the queue's retry (Discord unreachable a moment ago) posts that one first, so the
 * member reads them in the order staff wrote them. A transient failure stops there (true: the job
 * tries again, still in order); a refused one is recorded and the next goes on.
 */
async function deliverUpTo(ctx: BotContext, e: TicketReplyEvent): Promise<boolean> {
  const due = await ctx.caller.tickets.bot.ticketRepliesBefore(e);
  for (const pending of due) if (await deliverTicketReply(ctx, pending)) return true;
  return false;
}

/** One delivery at a time per ticket, so a reply and the announcement after it arrive in order. */
const inTicketOrder = createKeyedOrder();

/** Delivered in order after the ticket's earlier deliveries; true when it failed transiently. */
function inOrder(ctx: BotContext, e: TicketReplyEvent): Promise<boolean> {
  return inTicketOrder([String(e.ticketId)], () => deliverUpTo(ctx, e));
}

/** Queue job 'ticket:reply': in order; tried again by the queue after a transient failure. */
export async function runTicketReplyJob(ctx: BotContext, e: TicketReplyEvent): Promise<void> {
  if (await inOrder(ctx, e))
    throw new Error('not delivered yet (Discord unreachable or its answer lost); tried again');
}

/** Nothing to set up: replies queued while the bot was offline are caught up in events/client-ready.ts. */
const handler: ServerEventHandler = { subscribe: () => () => {} };
export default handler;
