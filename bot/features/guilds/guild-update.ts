import { Events } from 'discord.js';
import { defineEvent } from '../../handlers';

export default defineEvent(Events.GuildUpdate, async (ctx, _old, guild) => {
  await ctx.caller.guilds.bot.updateGuild({ id: guild.id, name: guild.name, icon: guild.icon });
});
