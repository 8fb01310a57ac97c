import { Events } from 'discord.js';
import { isFromMember } from '../../discord';
import { defineEvent } from '../../handlers';

/**
 * Someone wrote in a thread: when it is a ticket's private thread, the message joins the ticket's
 * conversation (the member's translated for the support team; staff writing there are recorded
 * as staff and their words posted translated for the member). Other threads are not stored.
 */
export default defineEvent(Events.MessageCreate, async (ctx, message) => {
  if (!message.inGuild() || !isFromMember(message) || !message.channel.isThread()) return;
  if (message.channel.type !== 12 /* private thread */) return;
  await ctx.caller.tickets.bot.ticketThreadMessage({
    guildId: message.guildId,
    threadId: message.channelId,
    messageId: message.id,
    authorId: message.author.id,
    content: message.content.slice(0, 4000),
  });
});
