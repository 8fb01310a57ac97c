import { Events, type Message } from 'discord.js';
import type { TranslationPlan } from '../../../src/server/features/moderation/flow';
import type { BotContext } from '../../context';
import {
  authorOf,
  type HookPost,
  isFromMember,
  parentOf,
  postThroughWebhook,
  reportFailure,
} from '../../discord';
import { extrasOf } from './mirror-message';
import { markUntranslated, retryWhileFresh } from './marks';
import { carryOutModeration, moderationFacts } from '../moderation/actions';
import { type PostTurn, takePostTurn } from './post-order';
import { voiceMessageOf } from '../translation/voice-message';
import { defineEvent } from '../../events/types';
import { earnXp } from '../xp/message';

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
): Promise<void> {
  try {
    const sent = await message.reply({ content, allowedMentions: { parse: [], repliedUser: false } });
    await ctx.caller.channels.bot.recordCopies({
      guildId: message.guildId,
      original: { messageId: message.id, channelId: message.channelId },
      copies: [
        {
          copyMessageId: sent.id,
          copyChannelId: message.channelId,
          language: languages.join(','),
          kind: 'reply',
        },
      ],
    });
  } catch (err) {
    await reportFailure(ctx, message.guildId, message.channelId, 'reply', err);
  }
}

async function handleMessage(ctx: BotContext, message: Message<true>, turn: PostTurn): Promise<void> {
  try {
    const result = await ctx.caller.channels.bot.onMessage({
      ...mirrorInput(message),
      ...moderationFacts(message),
      locale: null,
    });
    // A removed message comes with no translations to post; a reported one is still mirrored.
    // A message that cannot be translated now is marked at once, without waiting for its turn.
    await Promise.all([
      result.moderation ? carryOutModeration(ctx, message, result.moderation) : null,
      result.status === 'failed'
        ? markAndRetry(ctx, message, result)
        : turn.ready().then(() => postTranslations(ctx, message, result)),
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
    await postTranslations(ctx, message, again);
    return true;
  });
}

async function postTranslations(
  ctx: BotContext,
  message: Message<true>,
  plan: TranslationPlan,
): Promise<void> {
  if (plan.status === 'failed') return;
  if (plan.status === 'reply') return reply(ctx, message, plan.content, plan.languages);
  if (plan.status !== 'ok') return;
  // Channels in parallel; the messages of one long copy in order.
  const copies = await Promise.all(
    plan.posts.map(async (post) => {
      const sent: { copyMessageId: string; copyChannelId: string; language: string; kind: 'webhook' }[] = [];
      try {
        const hookPost: HookPost = { ...post, files: [] };
        for (const [i, content] of post.parts.entries()) {
          hookPost.content = content;
          // The files go with the last message of the copy, under the link lines.
          if (i === post.parts.length - 1) {
            hookPost.files = post.files;
            hookPost.embeds = post.embeds;
          }
          const m = await postThroughWebhook(ctx, message.guildId, hookPost);
          sent.push({
            copyMessageId: m.id,
            copyChannelId: post.channelId,
            language: post.language,
            kind: 'webhook',
          });
        }
      } catch (err) {
        await reportFailure(ctx, message.guildId, post.channelId, 'post through webhook', err);
      }
      return sent;
    }),
  );
  await ctx.caller.channels.bot.recordCopies({
    guildId: message.guildId,
    original: { messageId: message.id, channelId: parentOf(message) ?? message.channelId },
    copies: copies.flat(),
  });
}

/**
 * A member wrote in a channel: moderate it, mirror it across its link (and single-channel
 * replies), in the channel's order; it earns XP.
 */
export default defineEvent(Events.MessageCreate, async (ctx, message) => {
  if (!message.inGuild() || !isFromMember(message)) return;
  const turn = takePostTurn(message.channelId);
  await Promise.all([handleMessage(ctx, message, turn), earnXp(ctx, message)]);
});
