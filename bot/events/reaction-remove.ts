import { Events, Routes } from 'discord.js';
import { reportFailure } from '../discord';
import { applyReactionRole } from '../features/welcome/member-roles';
import { defineEvent } from '../handlers';

/** The flag came off and nobody else has it on the message: the translation reply is retracted. */
export default defineEvent(Events.MessageReactionRemove, async (ctx, reaction, user) => {
  if (user.bot) return;
  await applyReactionRole(ctx, reaction, user, 'remove');
  const emoji = reaction.emoji.name;
  if (!emoji || reaction.emoji.id || (reaction.count ?? 0) > 0) return;
  const replies = await ctx.caller.translation.bot.flagRemoved({ messageId: reaction.message.id, emoji });
  for (const r of replies) {
    try {
      await ctx.client.rest.delete(Routes.channelMessage(r.channelId, r.messageId));
    } catch (err) {
      if (reaction.message.guildId)
        await reportFailure(ctx, reaction.message.guildId, r.channelId, 'delete message', err);
    }
  }
});
