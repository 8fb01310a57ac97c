import {
  type APIMessage,
  type Client,
  DiscordAPIError,
  type Message,
  makeURLSearchParams,
  RESTJSONErrorCodes,
  Routes,
} from 'discord.js';
import type { BotContext } from './context';
import { webhookRest } from './webhook-rest';
import { messageMember } from './message-members';
import { ForeignChannelError, serverChannel } from './server-channel';

/**
 * Discord plumbing shared by events: posting through the bot's channel webhook (created once,
 * then reused), and reporting a missing permission to the admins instead of swallowing it.
 */

/** Nothing the bot re-posts may ping anyone. */
export const NO_PINGS = { parse: [] as never[] };

export interface HookPost {
  channelId: string;
  threadId: string | null;
  content: string;
  username: string;
  avatarUrl: string | null;
  webhook: { id: string; token: string } | null;
  /** Rich embeds of the message (Discord's API shape). */
  embeds?: object[];
  /** Files uploaded with the message (multipart), held in memory. */
  files?: { name: string; data: Uint8Array; contentType: string | null }[];
  /** Into a forum: opens a new post with this title and these tag ids (webhook thread_name, applied_tags). */
  newPost?: { title: string; tagIds: string[] } | null;
}

export function isMissingPermission(err: unknown): err is DiscordAPIError {
  return err instanceof DiscordAPIError && err.status === 403;
}

function isUnknownWebhook(err: unknown): boolean {
  return (
    err instanceof DiscordAPIError && (err.code === RESTJSONErrorCodes.UnknownWebhook || err.status === 404)
  );
}

/** A failed Discord call, with what the bot was trying to do (for the admins' report). */
export class ActionFailed extends Error {
  constructor(
    readonly action: string,
    override readonly cause: unknown,
  ) {
    super(`could not ${action}: ${cause instanceof Error ? cause.message : String(cause)}`);
  }
}

async function createWebhook(ctx: BotContext, guildId: string, channelId: string) {
  const channel = await serverChannel(ctx, guildId, channelId);
  if (!channel || !('createWebhook' in channel)) throw new Error(`channel ${channelId} cannot hold webhooks`);
  let hook: { id: string; token: string | null };
  try {
    // A webhook of ours already there (the database was reset, or another instance made it) is reused:
    // Discord allows few webhooks per channel.
    const ours = (await channel.fetchWebhooks()).find(
      (w) => w.applicationId === ctx.client.application?.id && w.token,
    );
    hook =
      ours ??
      (await channel.createWebhook({
        name: ctx.client.user?.username ?? 'Polyglot',
        reason: 'Mirror mode translations',
      }));
  } catch (err) {
    throw new ActionFailed('create webhook', err);
  }
  if (!hook.token) throw new Error('Discord returned a webhook without a token');
  const webhook = { id: hook.id, token: hook.token };
  await ctx.caller.channels.bot.saveWebhook({ guildId, channelId, webhook });
  return webhook;
}

/** Posts as the author through the channel's webhook; returns the new message. */
export async function postThroughWebhook(
  ctx: BotContext,
  guildId: string,
  post: HookPost,
): Promise<APIMessage> {
  const execute = (hook: { id: string; token: string }) =>
    webhookRest(ctx.client).post(Routes.webhook(hook.id, hook.token), {
      auth: false,
      query: makeURLSearchParams({ wait: true, ...(post.threadId ? { thread_id: post.threadId } : {}) }),
      body: {
        content: post.content,
        username: post.username,
        avatar_url: post.avatarUrl ?? undefined,
        allowed_mentions: NO_PINGS,
        ...(post.embeds?.length ? { embeds: post.embeds } : {}),
        ...(post.newPost ? { thread_name: post.newPost.title, applied_tags: post.newPost.tagIds } : {}),
      },
      ...(post.files?.length
        ? {
            files: post.files.map((f) => ({
              name: f.name,
              data: Buffer.from(f.data.buffer, f.data.byteOffset, f.data.byteLength),
              ...(f.contentType ? { contentType: f.contentType } : {}),
            })),
          }
        : {}),
    }) as Promise<APIMessage>;
  let hook = post.webhook;
  let created = false;
  if (!hook) {
    hook = await createWebhook(ctx, guildId, post.channelId);
    created = true;
  }
  try {
    const sent = await execute(hook);
    // The next message of a copy in several parts reuses the webhook just made.
    post.webhook = hook;
    return sent;
  } catch (err) {
    if (created || !isUnknownWebhook(err)) throw err;
    // Someone deleted the bot's webhook: make a new one and try once more.
    await ctx.caller.channels.bot.forgetWebhook({ channelId: post.channelId });
    post.webhook = await createWebhook(ctx, guildId, post.channelId);
    return execute(post.webhook);
  }
}

export async function editThroughWebhook(
  client: Client,
  hook: { id: string; token: string },
  messageId: string,
  threadId: string | null,
  content: string,
  embeds?: object[],
): Promise<void> {
  await webhookRest(client).patch(Routes.webhookMessage(hook.id, hook.token, messageId), {
    auth: false,
    query: threadId ? makeURLSearchParams({ thread_id: threadId }) : undefined,
    body: { content, allowed_mentions: NO_PINGS, ...(embeds ? { embeds } : {}) },
  });
}

export async function deleteThroughWebhook(
  client: Client,
  hook: { id: string; token: string },
  messageId: string,
  threadId: string | null,
): Promise<void> {
  await webhookRest(client).delete(Routes.webhookMessage(hook.id, hook.token, messageId), {
    auth: false,
    query: threadId ? makeURLSearchParams({ thread_id: threadId }) : undefined,
  });
}

/**
 * A 403 from Discord: recorded in the moderation log (the dashboard's feed) and told in the
 * guild's log channel, once per hour per problem. Other errors are logged for the operator.
 */
export async function reportFailure(
  ctx: BotContext,
  guildId: string,
  channelId: string,
  action: string,
  failure: unknown,
): Promise<void> {
  // A refusal (a channel outside the server) was logged where it was made.
  if (failure instanceof ForeignChannelError) return;
  if (failure instanceof ActionFailed) action = failure.action;
  const err = failure instanceof ActionFailed ? failure.cause : failure;
  if (!isMissingPermission(err)) {
    console.error(`Discord: could not ${action} in channel ${channelId}:`, err);
    return;
  }
  console.warn(`Discord: missing permission to ${action} in channel ${channelId}: ${err.message}`);
  const report = await ctx.caller.moderation.bot.reportPermission({
    guildId,
    channelId,
    action,
    error: err.message,
    botUserId: ctx.client.user?.id ?? 'bot',
  });
  if (!report.reported || !report.logChannelId) return;
  try {
    const log = await serverChannel(ctx, guildId, report.logChannelId);
    if (log?.isSendable()) await log.send({ content: `⚠️ ${report.text}`, allowedMentions: NO_PINGS });
  } catch (logErr) {
    console.error(`Discord: could not tell the log channel ${report.logChannelId} either:`, logErr);
  }
}

/** Author name and avatar the copies carry: the member's server display name and avatar. */
export function authorOf(message: Message): { authorName: string; avatarUrl: string } {
  const member = messageMember(message);
  // The member's own nickname and avatar, else the author's: discord.js builds the member of a
  // message whose user it does not cache (client-caches.ts keeps only the bot's) from the author
  // object, which loses the global display name, so `member.displayName` would give the username.
  return {
    authorName: member?.nickname ?? message.author.displayName ?? message.author.username,
    avatarUrl: member?.avatar ? member.displayAvatarURL() : message.author.displayAvatarURL(),
  };
}

/** The thread's parent for a message inside a thread, else null. */
export function parentOf(message: Message): string | null {
  return message.channel.isThread() ? message.channel.parentId : null;
}

/** Only members' messages are translated: never bots, never webhooks (no loops). */
export function isFromMember(message: Message): boolean {
  return !message.author?.bot && !message.webhookId && !message.system;
}
