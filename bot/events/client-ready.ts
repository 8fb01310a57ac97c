import { Events } from 'discord.js';
import { deliverAnnouncement } from '../server-events/announcement-post';
import { deliverPendingTicketReplies } from '../server-events/ticket-reply';
import { syncWholeGuild } from './guild-create';
import { defineEvent } from './types';

/** Connected: every guild the bot is in is synced (joins while offline are caught up here). */
export default defineEvent(Events.ClientReady, async (ctx, client) => {
  console.log(`Discord bot logged in as ${client.user.tag} in ${client.guilds.cache.size} servers`);
  for (const guild of client.guilds.cache.values()) await syncWholeGuild(ctx, guild);
  // Post Now pressed while the bot was offline: deliver now.
  // (Only this process's servers: other shards' processes deliver theirs.)
  for (const a of await ctx.caller.bot.pendingAnnouncements())
    if (client.guilds.cache.has(a.guildId)) await deliverAnnouncement(ctx, a.guildId, a.id);
  // Staff replies and ticket announcements queued while the bot was offline.
  await deliverPendingTicketReplies(ctx);
  // Just connected, the bot is in no voice channel: sessions still marked active have ended.
  await ctx.caller.voice.endStale({ connectedAt: client.readyAt });
});
