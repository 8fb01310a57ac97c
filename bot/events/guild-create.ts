import { Events, type Guild } from 'discord.js';
import type { BotContext } from '../context';
import { channelRow, isSyncedChannel } from './channels';
import { syncRoles } from './roles';
import { defineEvent } from './types';

export async function syncWholeGuild(ctx: BotContext, guild: Guild): Promise<void> {
  await ctx.caller.bot.syncGuild({
    guild: { id: guild.id, name: guild.name, icon: guild.icon },
    channels: [...guild.channels.cache.values()].filter(isSyncedChannel).map(channelRow),
  });
  await syncRoles(ctx, guild);
}

/** The bot joined a server (or it came back from an outage). */
export default defineEvent(Events.GuildCreate, (ctx, guild) => syncWholeGuild(ctx, guild));
