import { Events } from 'discord.js';
import { channelRow, isSyncedChannel } from './channels';
import { inGuildOrder } from './guild-order';
import { defineEvent } from '../../events/types';

export default defineEvent(Events.ChannelUpdate, async (ctx, _old, channel) => {
  if (channel.isDMBased() || !isSyncedChannel(channel)) return;
  // After a sync of the server's lists under way (it may have read the channel as it was).
  await inGuildOrder([channel.guildId], () =>
    ctx.caller.guilds.bot.upsertChannel({ guildId: channel.guildId, channel: channelRow(channel) }),
  );
});
