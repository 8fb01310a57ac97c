import { Events } from 'discord.js';
import { channelRow, isSyncedChannel } from './channels';
import { inGuildOrder } from './guild-order';
import { reportPermissions } from './permissions';
import { defineEvent } from '../../handlers';

export default defineEvent(Events.ChannelUpdate, async (ctx, _old, channel) => {
  if (channel.isDMBased() || !isSyncedChannel(channel)) return;
  // After a sync of the server's lists under way (it may have read the channel as it was).
  // Its overwrites may give or take the bot's permissions there.
  await inGuildOrder([channel.guildId], async () => {
    await ctx.caller.guilds.bot.upsertChannel({ guildId: channel.guildId, channel: channelRow(channel) });
    await reportPermissions(ctx, [channel.guild]);
  });
});
