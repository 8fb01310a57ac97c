import { Events } from 'discord.js';
import { channelRow, isSyncedChannel } from './channels';
import { defineEvent } from './types';

export default defineEvent(Events.ChannelUpdate, async (ctx, _old, channel) => {
  if (channel.isDMBased() || !isSyncedChannel(channel)) return;
  await ctx.caller.bot.upsertChannel({ guildId: channel.guildId, channel: channelRow(channel) });
});
