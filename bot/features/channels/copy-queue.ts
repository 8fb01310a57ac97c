import { escapeMarkdown } from 'discord.js';
import { DISCORD_MESSAGE_LIMIT } from '../../../src/server/core/bot-message';
import type { WebhookPost } from '../../../src/server/features/channels/messages';
import type { BotContext } from '../../context';
import { type HookPost, postThroughWebhook, reportFailure } from '../../discord';
import { tagIdsIn } from './forum-post';

/**
 * Mirror copies wait here, one queue per channel (or thread) they go to, posted one at a time
 * through that channel's one webhook (issue 24). Discord gives a webhook about 5 posts per 2 s and
 * the bot never makes more webhooks to get around it; when the bucket is what holds copies back
 * (copies waiting, and the last 5 posts left within two of its periods), the waiting ones leave
 * together:
 * - consecutive copies of one author become one post under that author (lines joined);
 * - a run of several authors becomes one post under the bot's name, each line naming its author.
 * Only one-message copies without files or embeds are combined, within Discord's 2,000 characters.
 * Order is kept (a queue per channel, filled in the channel's order). A queue holds at most
 * MIRROR_QUEUE_MAX copies: past it a copy is shed and the original is marked (🚦), and the copy is
 * tried again later (marks.ts). A copy posted after its turn (a shed copy, or a marked message's
 * new try) is a late copy: its first line says so and links the original (lateLine), and it is
 * never combined with others.
 */
/** Discord's webhook bucket as its headers describe it: 5 posts per 2 s. */
const BUCKET_POSTS = 5;
const BUCKET_MS = 2000;

export interface SentCopy {
  copyMessageId: string;
  copyChannelId: string;
  language: string;
  kind: 'webhook';
}

interface Entry {
  guildId: string;
  post: WebhookPost;
  /** A late copy: the original's jump link. */
  lateOf: string | null;
  /** The copy's messages, or null when it was shed. */
  resolve: (sent: SentCopy[] | null) => void;
}

interface Queue {
  entries: Entry[];
  running: boolean;
  /** When the last posts left (the bucket is the bottleneck when BUCKET_POSTS left within BUCKET_MS). */
  recent: number[];
}

const queues = new Map<string, Queue>();

const combinable = (e: Entry) =>
  !e.lateOf &&
  !e.post.forumPost &&
  e.post.parts.length === 1 &&
  !e.post.files.length &&
  !e.post.embeds.length;

/** A display name as plain text inside the bold label of a combined post's line (`*bold_user*` stays as written). */
export function authorLabel(name: string): string {
  return escapeMarkdown(name, { maskedLink: true });
}

/** The first line of a late copy: it comes after later messages, and here is the original in its place. */
export function lateLine(originalUrl: string): string {
  return `-# ↩ posted late: [original message](${originalUrl})`;
}

/** A late copy's messages: the late line above the first (or as a message of its own when there is no room). */
export function latePartsOf(parts: string[], originalUrl: string): string[] {
  const line = lateLine(originalUrl);
  const [first = '', ...rest] = parts;
  if (`${line}\n${first}`.length <= DISCORD_MESSAGE_LIMIT) return [`${line}\n${first}`, ...rest];
  return [line, ...parts];
}

/**
 * Posts the copy after the channel's earlier ones; resolves with its messages ([] on failure, null
 * when shed). `lateOf`: the original's jump link, for a copy posted after its turn.
 */
export function queueCopy(
  ctx: BotContext,
  guildId: string,
  post: WebhookPost,
  lateOf: string | null = null,
): Promise<SentCopy[] | null> {
  const key = `${post.channelId}:${post.threadId ?? ''}`;
  let q = queues.get(key);
  if (!q) {
    if (queues.size >= 1_000) forgetIdle();
    q = { entries: [], running: false, recent: [] };
    queues.set(key, q);
  }
  if (q.entries.length >= ctx.services.env.MIRROR_QUEUE_MAX) return Promise.resolve(null);
  const queue = q;
  return new Promise((resolve) => {
    queue.entries.push({ guildId, post, lateOf, resolve });
    if (!queue.running) void drain(ctx, queue);
  });
}

/** The waiting copies that leave with `head`, and the one post that carries them. */
function group(
  ctx: BotContext,
  head: Entry,
  waiting: Entry[],
): { taken: Entry[]; content: string; hook: Partial<HookPost> } {
  const taken = [head];
  if (!combinable(head)) return { taken, content: head.post.content, hook: {} };
  const bot = ctx.client.user;
  const line = (e: Entry) => `**${authorLabel(e.post.username)}:** ${e.post.content}`;
  let content = head.post.content;
  let sameAuthor = true;
  for (const next of waiting) {
    if (!combinable(next)) break;
    const same: boolean =
      sameAuthor && next.post.username === head.post.username && next.post.avatarUrl === head.post.avatarUrl;
    const joined = same
      ? `${content}\n${next.post.content}`
      : `${sameAuthor ? taken.map(line).join('\n') : content}\n${line(next)}`;
    if (joined.length > DISCORD_MESSAGE_LIMIT) break;
    content = joined;
    sameAuthor = same;
    taken.push(next);
  }
  if (sameAuthor) return { taken, content, hook: {} };
  // The bot as this server sees it: a white-label nickname and avatar (Ultimate) replace its own.
  const me = ctx.client.guilds.cache.get(head.guildId)?.members.me;
  return {
    taken,
    content,
    hook: {
      username: me?.displayName ?? bot?.username ?? 'Polyglot',
      avatarUrl: me?.displayAvatarURL() ?? bot?.displayAvatarURL() ?? null,
    },
  };
}

async function drain(ctx: BotContext, q: Queue): Promise<void> {
  q.running = true;
  try {
    for (let head = q.entries.shift(); head; head = q.entries.shift()) {
      // The bot stopped: what still waits is not posted (the marks' new tries stop too).
      if (!ctx.client.isReady()) {
        for (const e of [head, ...q.entries.splice(0)]) e.resolve([]);
        break;
      }
      // Combined only while the webhook's bucket is what holds the copies back: copies are waiting
      // and the channel has used a whole bucket lately (a full bucket's posts within two periods;
      // right after discord.js waited out a reset the last period alone looks quiet).
      const now = Date.now();
      const limited = q.recent.length >= BUCKET_POSTS && now - q.recent[0] < 2 * BUCKET_MS;
      q.recent.push(now);
      if (q.recent.length > BUCKET_POSTS) q.recent.shift();
      const { taken, content, hook } = limited
        ? group(ctx, head, q.entries)
        : { taken: [head], content: head.post.content, hook: {} };
      q.entries.splice(0, taken.length - 1);
      const post = head.post;
      const sent: SentCopy[] = [];
      try {
        const hookPost: HookPost = { ...post, files: [], ...hook, newPost: newPostIn(ctx, post) };
        const parts =
          taken.length > 1 ? [content] : head.lateOf ? latePartsOf(post.parts, head.lateOf) : post.parts;
        for (const [i, part] of parts.entries()) {
          hookPost.content = part;
          // The files go with the last message of the copy, under the link lines.
          if (i === parts.length - 1) {
            hookPost.files = post.files;
            hookPost.embeds = post.embeds;
          }
          const m = await postThroughWebhook(ctx, head.guildId, hookPost);
          // A new forum post: its first message opened it; the rest of the copy goes inside.
          if (hookPost.newPost) {
            hookPost.newPost = null;
            hookPost.threadId = m.channel_id;
          }
          sent.push({
            copyMessageId: m.id,
            copyChannelId: post.channelId,
            language: post.language,
            kind: 'webhook',
          });
        }
      } catch (err) {
        await reportFailure(ctx, head.guildId, post.channelId, 'post through webhook', err);
      }
      for (const e of taken) e.resolve(sent);
    }
  } finally {
    q.running = false;
  }
}

/**
 * A new forum post's title and tags for the webhook: the post's tags matched by name (case and
 * spacing aside) among the forum's own; a tag the forum does not have is left out.
 */
function newPostIn(ctx: BotContext, post: WebhookPost): HookPost['newPost'] {
  if (!post.forumPost) return null;
  return { title: post.forumPost.title, tagIds: tagIdsIn(ctx.client, post.channelId, post.forumPost.tags) };
}

/** Queues with nothing waiting and no post within two bucket periods are forgotten. */
function forgetIdle(): void {
  const now = Date.now();
  for (const [key, q] of queues) {
    if (!q.running && q.entries.length === 0 && now - (q.recent.at(-1) ?? 0) > 2 * BUCKET_MS)
      queues.delete(key);
  }
}
