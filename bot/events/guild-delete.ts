import { Events } from 'discord.js';
import { defineEvent } from './types';

/** Removed from a server (an outage makes the guild unavailable instead: nothing to do then). */
export default defineEvent(Events.GuildDelete, async (ctx, guild) => {
  if (!guild.available) return;
  await ctx.caller.bot.leaveGuild({ guildId: guild.id });
});
