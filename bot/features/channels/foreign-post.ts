import type { Client, Message } from 'discord.js';
import { createUserLimiter, type UserLimiter } from '../../../src/server/core/rate-limit';
import type { BotContext } from '../../context';
import { parentOf } from '../../discord';
import { markUntranslated } from './marks';

/**
 * Posts of bots and webhooks in linked channels (issue 28). Each is reported to the server, which
 * remembers it by name for the dashboard and answers whether an admin allowed it; an allowed one
 * is translated like a member's, at most MIRROR_BOT_POSTS_PER_MINUTE per server (a feed can post
 * in bursts): past it the original is marked ⏳ and the drop counted. The bot's own posts (its
 * user, its application's webhooks, i.e. the copies) are never reported: nothing loops.
 */

export type ForeignAuthor = { kind: 'bot' | 'webhook'; authorId: string };

/** Who posted a message that is not a member's, or null when it is the bot's own (or a system message). */
export function foreignAuthorOf(ctx: BotContext, message: Message): ForeignAuthor | null {
  if (message.system) return null;
  if (message.author.id === ctx.client.user?.id) return null;
  const app = ctx.client.application?.id ?? ctx.client.user?.id;
  if (message.applicationId && message.applicationId === app) return null;
  // A webhook's post (not another app's interaction answer, whose webhook id is its application's).
  if (message.webhookId && message.webhookId !== message.applicationId)
    return { kind: 'webhook', authorId: message.webhookId };
  if (message.author.bot) return { kind: 'bot', authorId: message.author.id };
  return null;
}

/** Each bot's per-server minute window, kept while the bot runs. */
const windows = new WeakMap<Client, UserLimiter>();

/**
 * Reports the post; answers true when it is to be translated now. Over the server's limit: marked
 * ⏳, counted per server (Analytics) and in polyglot_mirror_dropped_total.
 */
export async function admitForeignPost(
  ctx: BotContext,
  message: Message<true>,
  author: ForeignAuthor,
): Promise<boolean> {
  const { allowed } = await ctx.caller.channels.bot.onForeignPost({
    guildId: message.guildId,
    channelId: message.channelId,
    parentChannelId: parentOf(message),
    authorId: author.authorId,
    kind: author.kind,
    name: message.author.username || author.authorId,
  });
  if (!allowed) return false;
  let window = windows.get(ctx.client);
  if (!window) {
    window = createUserLimiter(60_000);
    windows.set(ctx.client, window);
  }
  const limit = ctx.services.env.MIRROR_BOT_POSTS_PER_MINUTE;
  if (window.take(message.guildId, limit, new Date()).ok) return true;
  console.warn(`Post ${message.id} of an allowed ${author.kind} not translated: over ${limit} a minute`);
  ctx.services.metrics.mirrorDropped.inc({ what: 'foreign_post', reason: 'rate_limited' });
  await markUntranslated(ctx, message, 'rate_limited');
  await ctx.caller.channels.bot.foreignLimited({ guildId: message.guildId, channelId: message.channelId });
  return false;
}
