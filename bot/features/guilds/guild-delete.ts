import { Events } from 'discord.js';
import { inGuildOrder } from './guild-order';
import { defineEvent } from '../../handlers';

/** Removed from a server (an outage makes the guild unavailable instead: nothing to do then). */
export default defineEvent(Events.GuildDelete, async (ctx, guild) => {
  if (!guild.available) return;
  // After a sync of the server under way, which would otherwise mark it present again.
  await inGuildOrder([guild.id], () => ctx.caller.guilds.bot.leaveGuild({ guildId: guild.id }));
});
