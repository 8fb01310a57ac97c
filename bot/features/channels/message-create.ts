import { Events, type Message } from 'discord.js';
import type { WebhookPost } from '../../../src/server/features/channels/messages';
import type { TranslationPlan } from '../../../src/server/features/moderation/flow';
import type { BotContext } from '../../context';
import { authorOf, isFromMember, parentOf, reportFailure } from '../../discord';
import { extrasOf } from './mirror-message';
import { markShed, markUntranslated, retryWhileFresh } from './marks';
import { queueCopy } from './copy-queue';
import { carryOutModeration, moderationFacts } from '../moderation/actions';
import { type PostTurn, takePostTurn } from './post-order';
import { voiceMessageOf } from '../translation/voice-message';
import { defineEvent } from '../../handlers';
import { earnXp } from '../xp/message';
import { admitForeignPost, foreignAuthorOf } from './foreign-post';
import { forumPostOf } from './forum-post';

/** The message as the mirror procedures take it. */
export function mirrorInput(message: Message<true>) {
  return {
    guildId: message.guildId,
    channelId: message.channelId,
    parentChannelId: parentOf(message),
    messageId: message.id,
    authorId: message.author.id,
    ...authorOf(message),
    content: message.content,
    ...extrasOf(message),
    voiceMessage: voiceMessageOf(message),
  };
}

async function reply(
  ctx: BotContext,
  message: Message<true>,
  content: string,
  languages: string[],
  delivery: 'reply' | 'thread' = 'reply',
): Promise<void> {
  try {
    const sent = await deliverSingle(ctx, message, content, languages, delivery);
    await ctx.caller.channels.bot.recordCopies({
      guildId: message.guildId,
      original: { messageId: message.id, channelId: message.channelId },
      copies: [
        {
          copyMessageId: sent.id,
          copyChannelId: sent.channelId,
          language: languages.join(','),
          kind: 'reply',
        },
      ],
    });
  } catch (err) {
    await reportFailure(ctx, message.guildId, message.channelId, 'reply', err);
  }
}

/**
 * A single-channel room's translations: a reply under the message, or (delivery 'thread', issue 28)
 * the first post of a public thread started from the message. When the thread cannot be started
 * (no Create Public Threads, the message already has one), the failure is reported as usual and the
 * translations still arrive as a reply.
 */
async function deliverSingle(
  ctx: BotContext,
  message: Message<true>,
  content: string,
  languages: string[],
  delivery: 'reply' | 'thread',
): Promise<Message> {
  const quiet = { content, allowedMentions: { parse: [] as const, repliedUser: false } };
  if (delivery === 'thread') {
    try {
      const thread = await message.startThread({
        name: `🌐 ${languages.join(', ')}`.slice(0, 100),
        autoArchiveDuration: 1440,
      });
      return await thread.send(quiet);
    } catch (err) {
      await reportFailure(ctx, message.guildId, message.channelId, 'start thread', err);
    }
  }
  return await message.reply(quiet);
}

async function handleMessage(
  ctx: BotContext,
  message: Message<true>,
  turn: PostTurn,
  foreign = false,
): Promise<void> {
  try {
    const result = await ctx.caller.channels.bot.onMessage({
      ...mirrorInput(message),
      forumPost: forumPostOf(message),
      ...(await moderationFacts(message)),
      // An allowed bot or webhook is trusted by the admin who allowed it: no member moderation.
      ...(foreign ? { exempt: true } : {}),
      locale: null,
    });
    // A removed message comes with no translations to post; a reported one is still mirrored.
    // A message that cannot be translated now is marked at once, without waiting for its turn.
    await Promise.all([
      result.moderation ? carryOutModeration(ctx, message, result.moderation) : null,
      result.status === 'failed'
        ? markAndRetry(ctx, message, result)
        : turn.ready().then(() => postTranslations(ctx, message, result, { queued: turn.done })),
    ]);
  } finally {
    turn.done();
  }
}

/** The reason's reaction on the original; new tries while it is fresh post the copies late (marks.ts). */
async function markAndRetry(
  ctx: BotContext,
  message: Message<true>,
  plan: Extract<TranslationPlan, { status: 'failed' }>,
): Promise<void> {
  console.warn(`Translations of message ${message.id} not posted yet: ${plan.reason}`);
  await markUntranslated(ctx, message, plan.kind);
  retryWhileFresh(ctx, message, plan.kind, async (reason) => {
    const again = await ctx.caller.channels.bot.retryMessage({ ...mirrorInput(message), reason });
    if (again.status === 'failed') return false;
    await postTranslations(ctx, message, again, { late: true });
    return true;
  });
}

/**
 * Posts the plan: a single-channel reply (a reply to the original, so never out of place), or each
 * copy queued behind its channel's earlier copies (copy-queue.ts, where copies waiting on Discord's
 * webhook bucket are combined). `queued` is called once every copy is in its queue, so the
 * channel's next message may take its place. `late`: a new try, whose copies come after later
 * messages and say so. Copies a full queue shed are marked 🚦 and tried again while fresh.
 */
async function postTranslations(
  ctx: BotContext,
  message: Message<true>,
  plan: TranslationPlan,
  opts: { queued?: () => void; late?: boolean } = {},
): Promise<void> {
  if (plan.status === 'failed') return;
  if (plan.status === 'reply') return reply(ctx, message, plan.content, plan.languages, plan.delivery);
  if (plan.status !== 'ok') return;
  const shed = await queueCopies(ctx, message, plan.posts, opts.late ?? false, opts.queued);
  if (shed.length === 0) return;
  await markShed(ctx, message);
  let waiting = shed;
  retryWhileFresh(ctx, message, 'queue_full', async () => {
    waiting = await queueCopies(ctx, message, waiting, true);
    if (waiting.length) return false;
    await ctx.caller.channels.bot
      .shedRecovered({ guildId: message.guildId, channelId: message.channelId })
      .catch((err) => console.error(`Could not count the late copies of message ${message.id}:`, err));
    return true;
  });
}

/** Queues the copies (late ones under a line linking the original), records those posted; answers the ones shed. */
async function queueCopies(
  ctx: BotContext,
  message: Message<true>,
  posts: WebhookPost[],
  late: boolean,
  queued: () => void = () => {},
): Promise<WebhookPost[]> {
  const pending = posts.map((post) => queueCopy(ctx, message.guildId, post, late ? message.url : null));
  queued();
  const copies = await Promise.all(pending);
  await ctx.caller.channels.bot.recordCopies({
    guildId: message.guildId,
    original: { messageId: message.id, channelId: parentOf(message) ?? message.channelId },
    copies: copies.flatMap((c) => c ?? []),
  });
  return posts.filter((_, i) => copies[i] === null);
}

/**
 * A member wrote in a channel: moderate it, mirror it across its link (and single-channel
 * replies), in the channel's order; it earns XP. A bot or webhook an admin allowed in the link is
 * mirrored too (foreign-post.ts); any other, and the bot's own copies, are not.
 */
export default defineEvent(Events.MessageCreate, async (ctx, message) => {
  if (!message.inGuild()) return;
  if (!isFromMember(message)) {
    const author = foreignAuthorOf(ctx, message);
    if (!author) return;
    const turn = takePostTurn(message.channelId);
    let admitted = false;
    try {
      admitted = await admitForeignPost(ctx, message, author);
    } finally {
      if (!admitted) turn.done();
    }
    if (admitted) await handleMessage(ctx, message, turn, true);
    return;
  }
  const turn = takePostTurn(message.channelId);
  await Promise.all([handleMessage(ctx, message, turn), earnXp(ctx, message)]);
});
