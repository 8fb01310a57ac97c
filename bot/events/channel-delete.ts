import { Events } from 'discord.js';
import { defineEvent } from './types';

export default defineEvent(Events.ChannelDelete, async (ctx, channel) => {
  await ctx.caller.bot.removeChannel({ channelId: channel.id });
});
