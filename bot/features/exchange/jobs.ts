import { ChannelType, DiscordAPIError, type PrivateThreadChannel } from 'discord.js';
import type { BotContext } from '../../context';
import type { ServerEventHandler } from '../../handlers';
import { reportFailure } from '../../discord';
import { postOnce } from '../../nonce';
import { serverChannel } from '../../server-channel';

/**
 * Language exchange pairs in Discord: the pair's rows are written first (by /exchange join, next,
 * leave); then the bot opens the private thread in the exchange channel with both members and a
 * starter prompt in both languages, and tells each member privately by DM. A member whose DMs are
 * closed is told in the thread when there is one, else the failure is recorded (the dashboard
 * shows it). Whatever is not done when the bot stops is done when it connects again.
 */

const reasonOf = (err: unknown) =>
  (err instanceof DiscordAPIError
    ? `${err.message} (Discord ${err.status})`
    : err instanceof Error
      ? err.message
      : String(err)
  ).slice(0, 300);

const inFlight = new Set<number>();

async function openThread(
  ctx: BotContext,
  guildId: string,
  pairId: number,
  plan: { channelId: string; name: string; starter: string; userIds: string[] },
) {
  let thread: PrivateThreadChannel | null = null;
  try {
    const channel = await serverChannel(ctx, guildId, plan.channelId);
    if (channel?.type !== ChannelType.GuildText)
      throw new Error('the exchange channel is not a text channel');
    thread = (await channel.threads.create({
      name: plan.name,
      type: ChannelType.PrivateThread,
      invitable: false,
      autoArchiveDuration: 10080,
      reason: 'Language exchange pair',
    })) as PrivateThreadChannel;
    for (const userId of plan.userIds) await thread.members.add(userId);
    await thread.send({
      content: plan.starter,
      allowedMentions: { users: plan.userIds },
      ...postOnce('exchange-starter', pairId, thread.id),
    });
    await ctx.caller.exchange.bot.threadOpened({
      guildId,
      pairId,
      channelId: plan.channelId,
      threadId: thread.id,
      error: null,
    });
  } catch (err) {
    await reportFailure(ctx, guildId, plan.channelId, 'open a language exchange thread', err);
    if (thread) await thread.delete().catch(() => {});
    await ctx.caller.exchange.bot.threadOpened({
      guildId,
      pairId,
      channelId: plan.channelId,
      threadId: null,
      error: `thread: ${reasonOf(err)}`,
    });
  }
}

/**
 * A new pair's Discord work: the thread (once), then a DM to each member not told yet, except
 * `skipUserId` (the member who ran the command reads it in their reply).
 */
export async function deliverPair(
  ctx: BotContext,
  guildId: string,
  pairId: number,
  skipUserId?: string,
): Promise<void> {
  if (inFlight.has(pairId)) return;
  inFlight.add(pairId);
  try {
    let work = await ctx.caller.exchange.bot.work({ guildId, pairId });
    if (!work) return;
    if (work.thread) {
      await openThread(ctx, guildId, pairId, work.thread);
      work = await ctx.caller.exchange.bot.work({ guildId, pairId });
      if (!work) return;
    }
    for (const notice of work.notices) {
      if (notice.userId === skipUserId) continue;
      try {
        const dm = await ctx.client.users.createDM(notice.userId);
        await dm.send({
          content: notice.text,
          allowedMentions: { parse: [] },
          ...postOnce('exchange-pair', pairId, dm.id),
        });
        await ctx.caller.exchange.bot.told({
          guildId,
          pairId,
          userId: notice.userId,
          how: 'dm',
          error: null,
        });
      } catch (err) {
        // DMs closed: the private thread (the member was added, and the starter mentions them) tells them.
        await ctx.caller.exchange.bot.told({
          guildId,
          pairId,
          userId: notice.userId,
          how: work.threadId ? 'thread' : 'failed',
          error: `DM to ${notice.userId}: ${reasonOf(err)}`,
        });
      }
    }
  } finally {
    inFlight.delete(pairId);
  }
}

/** An ended pair: its thread is archived and locked, the member left behind is told by DM. */
export async function deliverEnd(ctx: BotContext, guildId: string, pairId: number): Promise<void> {
  const work = await ctx.caller.exchange.bot.endWork({ guildId, pairId });
  if (!work) return;
  if (work.threadId) {
    try {
      const thread = await serverChannel(ctx, guildId, work.threadId);
      if (thread?.isThread()) await thread.edit({ archived: true, locked: true });
    } catch (err) {
      console.warn(`Exchange pair ${pairId}: thread not archived (${reasonOf(err)})`);
    }
  }
  if (!work.text) {
    await ctx.caller.exchange.bot.endTold({ guildId, pairId, how: 'failed' });
    return;
  }
  try {
    const dm = await ctx.client.users.createDM(work.userId);
    await dm.send({
      content: work.text,
      allowedMentions: { parse: [] },
      ...postOnce('exchange-end', pairId, dm.id),
    });
    await ctx.caller.exchange.bot.endTold({ guildId, pairId, how: 'dm' });
  } catch (err) {
    console.warn(`Exchange pair ${pairId}: ${work.userId} not told of the end (${reasonOf(err)})`);
    await ctx.caller.exchange.bot.endTold({ guildId, pairId, how: 'failed' });
  }
}

/** After a command: ended pairs first (the member left behind reads "ended" before "new partner"), then new ones. */
export async function deliverChanges(
  ctx: BotContext,
  guildId: string,
  change: { ended: number[]; pairs: number[] },
  skipUserId?: string,
): Promise<void> {
  for (const id of change.ended)
    await deliverEnd(ctx, guildId, id).catch((err) => console.error(`Exchange pair ${id} end:`, err));
  for (const id of change.pairs)
    await deliverPair(ctx, guildId, id, skipUserId).catch((err) =>
      console.error(`Exchange pair ${id} delivery:`, err),
    );
}

const handler: ServerEventHandler = {
  subscribe(ctx) {
    const onReady = async () => {
      for (const w of await ctx.caller.exchange.bot.pending()) {
        if (!ctx.client.guilds.cache.has(w.guildId)) continue;
        if (w.kind === 'end') await deliverEnd(ctx, w.guildId, w.pairId);
        else await deliverPair(ctx, w.guildId, w.pairId);
      }
    };
    const listener = () => {
      onReady().catch((err) => console.error('Language exchange could not catch up at start:', err));
    };
    ctx.client.once('clientReady', listener);
    return () => ctx.client.off('clientReady', listener);
  },
};
export default handler;
