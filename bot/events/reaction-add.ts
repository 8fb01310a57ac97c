import { Events } from 'discord.js';
import { reportFailure } from '../discord';
import { applyReactionRole } from '../member-roles';
import { defineEvent } from './types';

/** A flag reaction: reply with the message translated into the flag's language (once per language). */
export default defineEvent(Events.MessageReactionAdd, async (ctx, reaction, user) => {
  if (user.bot) return;
  await applyReactionRole(ctx, reaction, user, 'add');
  const emoji = reaction.emoji.name;
  if (!emoji || reaction.emoji.id) return; // custom emoji are never flags
  const message = reaction.message.partial ? await reaction.message.fetch() : reaction.message;
  if (!message.inGuild()) return;
  const plan = await ctx.caller.bot.flagAdded({
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
    await ctx.caller.bot.recordCopies({
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
});
