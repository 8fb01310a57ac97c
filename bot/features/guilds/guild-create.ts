import { Events, type Guild } from 'discord.js';
import type { BotContext } from '../../context';
import { channelRow, isSyncedChannel } from './channels';
import { inGuildOrder } from './guild-order';
import { reportPermissions } from './permissions';
import { roleRows } from './roles';
import { defineEvent } from '../../handlers';

/**
 * These servers' rows, channels and roles, in one call, then what the bot may not do on each (one transaction): one server when the bot
 * joins it, hundreds at once on connecting (client-ready.ts). Runs after any write of their lists
 * already under way and reads the lists when it runs; a server the bot left meanwhile is skipped.
 */
export function syncGuilds(ctx: BotContext, guilds: Guild[]): Promise<void> {
  return inGuildOrder(
    guilds.map((g) => g.id),
    async () => {
      const present = guilds.filter((g) => g.client.guilds.cache.has(g.id));
      if (!present.length) return;
      await ctx.caller.guilds.bot.syncGuilds({
        servers: present.map((guild) => ({
          guild: { id: guild.id, name: guild.name, icon: guild.icon },
          channels: [...guild.channels.cache.values()].filter(isSyncedChannel).map(channelRow),
          roles: roleRows(guild),
        })),
      });
      await reportPermissions(ctx, present);
    },
  );
}

/** The bot joined a server (or it came back from an outage). */
export default defineEvent(Events.GuildCreate, (ctx, guild) => syncGuilds(ctx, [guild]));
