import { DiscordAPIError, type RESTPostAPIChannelMessageResult, Routes } from 'discord.js';
import type { BotContext } from '../../context';
import type { ServerEventHandler } from '../../handlers';
import { reportFailure } from '../../discord';
import { postOnceBody } from '../../nonce';
import { rethrowRefusal, serverChannel } from '../../server-channel';

/**
 * Reaction-role menus: the bot posts the stored menu, adds each emoji as a reaction, and records the
 * message; a deleted menu's message is removed. Whatever is pending goes out when the bot connects.
 */

/** The reaction path segment: a Unicode emoji as is, a custom one as name:id. */
function reactionOf(emoji: string): string {
  const custom = emoji.match(/^<a?:(\w+):(\d+)>$/);
  return encodeURIComponent(custom ? `${custom[1]}:${custom[2]}` : emoji);
}

const reasonOf = (err: unknown) =>
  (err instanceof DiscordAPIError ? `${err.message} (Discord ${err.status})` : String(err)).slice(0, 300);

const inFlight = new Set<number>();

export async function deliverMenu(ctx: BotContext, guildId: string, id: number): Promise<void> {
  if (inFlight.has(id)) return;
  inFlight.add(id);
  try {
    const work = await ctx.caller.reactionRoles.bot.work({ guildId, id });
    if (!work) return;
    if (work.kind === 'remove') {
      try {
        await serverChannel(ctx, guildId, work.channelId);
        await ctx.client.rest.delete(Routes.channelMessage(work.channelId, work.messageId));
      } catch (err) {
        if (!(err instanceof DiscordAPIError && err.status === 404))
          await reportFailure(ctx, guildId, work.channelId, 'delete a reaction-role menu', err);
      }
      await ctx.caller.reactionRoles.bot.forget({ guildId, id });
      return;
    }
    let sent: RESTPostAPIChannelMessageResult;
    try {
      await serverChannel(ctx, guildId, work.channelId);
      sent = (await ctx.client.rest.post(Routes.channelMessages(work.channelId), {
        body: {
          content: work.content,
          allowed_mentions: { parse: [] },
          ...postOnceBody('reaction-roles', id, work.channelId),
        },
      })) as RESTPostAPIChannelMessageResult;
    } catch (err) {
      await reportFailure(ctx, guildId, work.channelId, 'post a reaction-role menu', err);
      await ctx.caller.reactionRoles.bot.posted({ guildId, id, messageId: null, error: reasonOf(err) });
      rethrowRefusal(err);
      return;
    }
    await ctx.caller.reactionRoles.bot.posted({ guildId, id, messageId: sent.id, error: null });
    for (const emoji of work.emojis) {
      try {
        await ctx.client.rest.put(
          Routes.channelMessageOwnReaction(work.channelId, sent.id, reactionOf(emoji)),
        );
      } catch (err) {
        await reportFailure(ctx, guildId, work.channelId, 'add reaction', err);
      }
    }
  } finally {
    inFlight.delete(id);
  }
}

/** Queue job 'reactionRoles:changed'. */
export function runMenuJob(ctx: BotContext, { guildId, id }: { guildId: string; id: number }): Promise<void> {
  return deliverMenu(ctx, guildId, id);
}

const handler: ServerEventHandler = {
  subscribe(ctx) {
    const onReady = async () => {
      for (const m of await ctx.caller.reactionRoles.bot.pending()) {
        if (!ctx.client.guilds.cache.has(m.guildId)) continue;
        await deliverMenu(ctx, m.guildId, m.id);
      }
    };
    const listener = () => {
      onReady().catch((err) => console.error('Reaction-role menus could not catch up at start:', err));
    };
    ctx.client.once('clientReady', listener);
    return () => ctx.client.off('clientReady', listener);
  },
};
export default handler;
