import { Events } from 'discord.js';
import { inGuildOrder } from './guild-order';
import { reportPermissions } from './permissions';
import { defineEvent } from '../../handlers';

export default defineEvent(Events.ChannelDelete, async (ctx, channel) => {
  const remove = () => ctx.caller.guilds.bot.removeChannel({ channelId: channel.id });
  // After a sync of the server's lists under way (it may have read them with this channel).
  if (channel.isDMBased()) await remove();
  else
    await inGuildOrder([channel.guildId], async () => {
      await remove();
      await reportPermissions(ctx, [channel.guild]);
    });
});
