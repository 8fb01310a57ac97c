import { Events } from 'discord.js';
import { channelRow, isSyncedChannel } from './channels';
import { defineEvent } from './types';

export default defineEvent(Events.ChannelCreate, async (ctx, channel) => {
  if (!isSyncedChannel(channel)) return;
  await ctx.caller.bot.upsertChannel({ guildId: channel.guildId, channel: channelRow(channel) });
});
