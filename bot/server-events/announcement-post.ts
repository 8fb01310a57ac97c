import { DiscordAPIError } from 'discord.js';
import type { BotContext } from '../context';
import { NO_PINGS, reportFailure } from '../discord';
import type { ServerEventHandler } from '../server-events';

function reasonOf(err: unknown): string {
  if (err instanceof DiscordAPIError) return `${err.message} (Discord ${err.status})`;
  return err instanceof Error ? err.message : String(err);
}

/** Announcements being delivered right now (Post Now twice, or at startup): never posted twice at once. */
const inFlight = new Set<number>();

/** Post Now: each target channel gets its text; every channel's outcome is recorded. */
export async function deliverAnnouncement(ctx: BotContext, guildId: string, id: number): Promise<void> {
  if (inFlight.has(id)) return;
  inFlight.add(id);
  try {
    await deliver(ctx, guildId, id);
  } finally {
    inFlight.delete(id);
  }
}

async function deliver(ctx: BotContext, guildId: string, id: number): Promise<void> {
  const plan = await ctx.caller.bot.announcementPosts({ guildId, id });
  if (!plan) return;
  const results = await Promise.all(
    plan.posts.map(async (post) => {
      try {
        const channel = await ctx.client.channels.fetch(post.channelId);
        if (!channel?.isSendable()) throw new Error('the channel does not exist or is not a text channel');
        let first: string | undefined;
        for (const part of post.parts) {
          const sent = await channel.send({ content: part, allowedMentions: NO_PINGS });
          first ??= sent.id;
        }
        return { channelId: post.channelId, language: post.language, ok: true, messageId: first };
      } catch (err) {
        await reportFailure(ctx, guildId, post.channelId, 'post announcement', err);
        return { channelId: post.channelId, language: post.language, ok: false, error: reasonOf(err) };
      }
    }),
  );
  await ctx.caller.bot.announcementResults({ guildId, id, results });
}

/** Queue job 'announcement:post' (Post Now). */
export function runAnnouncementJob(
  ctx: BotContext,
  { guildId, announcementId }: { guildId: string; announcementId: number },
): Promise<void> {
  return deliverAnnouncement(ctx, guildId, announcementId);
}

/** Nothing to set up: Post Now pressed while the bot was offline is caught up in events/client-ready.ts. */
const handler: ServerEventHandler = { subscribe: () => () => {} };
export default handler;
