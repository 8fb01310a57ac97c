import { Events } from 'discord.js';
import { channelRow, isSyncedChannel } from './channels';
import { inGuildOrder } from './guild-order';
import { reportPermissions } from './permissions';
import { defineEvent } from '../../handlers';

export default defineEvent(Events.ChannelCreate, async (ctx, channel) => {
  if (!isSyncedChannel(channel)) return;
  // After a sync of the server's lists under way (it may have read them before this channel).
  await inGuildOrder([channel.guildId], async () => {
    await ctx.caller.guilds.bot.upsertChannel({ guildId: channel.guildId, channel: channelRow(channel) });
    await reportPermissions(ctx, [channel.guild]);
  });
});
