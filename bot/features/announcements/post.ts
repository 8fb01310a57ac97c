import { DiscordAPIError } from 'discord.js';
import { brandedEmbed } from '../../../src/common/white-label/embed';
import type { BotContext } from '../../context';
import type { ServerEventHandler } from '../../handlers';
import { NO_PINGS, reportFailure } from '../../discord';
import { isTransient, postOnce } from '../../nonce';
import { ForeignChannelError, serverChannel } from '../../server-channel';

function reasonOf(err: unknown): string {
  if (err instanceof DiscordAPIError) return `${err.message} (Discord ${err.status})`;
  return err instanceof Error ? err.message : String(err);
}

/** Announcements being delivered right now (Post Now twice, or at startup): never posted twice at once. */
const inFlight = new Set<number>();

/**
 * Post Now: each target channel gets its text; every channel's outcome is recorded. Each part
 * carries a nonce of (announcement, channel, part): a retry after a lost answer or a killed process
 * gets Discord's existing message back instead of posting it again (bot/nonce.ts). When a channel
 * failed for a transient reason (Discord unreachable, the answer lost, a 5xx), the queue job throws
 * after recording, so the queue retries the channels still failed. Resolves with how many channels
 * failed that way.
 */
export async function deliverAnnouncement(ctx: BotContext, guildId: string, id: number): Promise<number> {
  if (inFlight.has(id)) return 0;
  inFlight.add(id);
  try {
    return await deliver(ctx, guildId, id);
  } finally {
    inFlight.delete(id);
  }
}

async function deliver(ctx: BotContext, guildId: string, id: number): Promise<number> {
  const plan = await ctx.caller.announcements.bot.announcementPosts({ guildId, id });
  if (!plan) return 0;
  let transient = 0;
  let refused: ForeignChannelError | null = null;
  const results = await Promise.all(
    plan.posts.map(async (post) => {
      try {
        const channel = await serverChannel(ctx, guildId, post.channelId);
        if (!channel?.isSendable()) throw new Error('the channel does not exist or is not a text channel');
        let first: string | undefined;
        for (const [i, part] of post.parts.entries()) {
          const sent = await channel.send({
            ...(plan.brand ? { embeds: [brandedEmbed(part, plan.brand)] } : { content: part }),
            allowedMentions: NO_PINGS,
            ...postOnce('announcement', id, post.channelId, i),
          });
          first ??= sent.id;
        }
        return { channelId: post.channelId, language: post.language, ok: true, messageId: first };
      } catch (err) {
        if (err instanceof ForeignChannelError) refused = err;
        else await reportFailure(ctx, guildId, post.channelId, 'post announcement', err);
        if (isTransient(err)) transient++;
        return { channelId: post.channelId, language: post.language, ok: false, error: reasonOf(err) };
      }
    }),
  );
  await ctx.caller.announcements.bot.announcementResults({ guildId, id, results });
  if (refused) throw refused;
  return transient;
}

/** Queue job 'announcement:post' (Post Now): retried while a channel failed for a transient reason. */
export async function runAnnouncementJob(
  ctx: BotContext,
  { guildId, announcementId }: { guildId: string; announcementId: number },
): Promise<void> {
  const transient = await deliverAnnouncement(ctx, guildId, announcementId);
  if (transient)
    throw new Error(
      `${transient} channel(s) not reached (Discord unreachable or its answer lost); tried again`,
    );
}

/** Nothing to set up: Post Now pressed while the bot was offline is caught up in events/client-ready.ts. */
const handler: ServerEventHandler = { subscribe: () => () => {} };
export default handler;
