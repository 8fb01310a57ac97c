import { Events, type Message, type PartialUser, type User } from 'discord.js';
import type { BotContext } from '../context';
import { reportFailure } from '../discord';
import { createKeyedOrder } from '../keyed-order';
import { applyReactionRole } from '../features/welcome/member-roles';
import { defineEvent } from '../handlers';

/**
 * Reactions on one message are handled one after the other, in the order Discord delivered them
 * (the order is taken on arrival, before any await): a second flag of a language (🇪🇸 then 🇲🇽, two
 * members at the same moment) sees the first one's reply recorded and adds none. A guild's events
 * reach one bot process, so this in-memory order is enough.
 */
const inMessageOrder = createKeyedOrder();

/** A flag reaction: reply with the message translated into the flag's language (once per language). */
export default defineEvent(Events.MessageReactionAdd, async (ctx, reaction, user) => {
  if (user.bot) return;
  await inMessageOrder([reaction.message.id], async () => {
    await applyReactionRole(ctx, reaction, user, 'add');
    const emoji = reaction.emoji.name;
    if (!emoji || reaction.emoji.id) return; // custom emoji are never flags
    const message = reaction.message.partial ? await reaction.message.fetch() : reaction.message;
    if (!message.inGuild()) return;
    await translateFlag(ctx, message, emoji, user);
  });
});

async function translateFlag(
  ctx: BotContext,
  message: Message<true>,
  emoji: string,
  user: User | PartialUser,
): Promise<void> {
  const plan = await ctx.caller.translation.bot.flagAdded({
    guildId: message.guildId,
    channelId: message.channelId,
    messageId: message.id,
    parentChannelId: message.channel.isThread() ? message.channel.parentId : null,
    content: message.content,
    emoji,
    userId: user.id,
    username: user.username ?? 'member',
  });
  if (plan.status === 'failed') {
    console.warn(`Flag translation of message ${message.id} not posted: ${plan.reason}`);
    return;
  }
  if (plan.status !== 'ok') return;
  try {
    const sent = await message.reply({
      content: plan.content,
      allowedMentions: { parse: [], repliedUser: false },
    });
    await ctx.caller.channels.bot.recordCopies({
      guildId: message.guildId,
      original: { messageId: message.id, channelId: message.channelId },
      copies: [
        {
          copyMessageId: sent.id,
          copyChannelId: message.channelId,
          language: plan.language,
          kind: 'reaction',
        },
      ],
    });
  } catch (err) {
    await reportFailure(ctx, message.guildId, message.channelId, 'reply', err);
  }
}
