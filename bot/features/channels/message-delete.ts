import { Events, Routes } from 'discord.js';
import { deleteThroughWebhook, reportFailure } from '../../discord';
import { defineEvent } from '../../handlers';

/** An original was deleted: its copies go too. (A deleted copy is simply forgotten.) */
export default defineEvent(Events.MessageDelete, async (ctx, message) => {
  if (!message.guildId) return;
  const guildId = message.guildId;
  const parentChannelId = message.channel?.isThread() ? message.channel.parentId : null;
  const copies = await ctx.caller.channels.bot.mirrorDelete({
    guildId,
    messageId: message.id,
    channelId: message.channelId,
    parentChannelId,
  });
  if (copies.length === 0) {
    await ctx.caller.channels.bot.forgetCopy({ messageId: message.id });
    return;
  }
  await Promise.all(
    copies.map(async (copy) => {
      try {
        if (copy.kind === 'webhook' && copy.webhook) {
          await deleteThroughWebhook(ctx.client, copy.webhook, copy.messageId, copy.threadId);
        } else if (copy.kind !== 'webhook') {
          await ctx.client.rest.delete(Routes.channelMessage(copy.channelId, copy.messageId));
        }
      } catch (err) {
        await reportFailure(ctx, guildId, copy.channelId, 'delete message', err);
      }
    }),
  );
});
