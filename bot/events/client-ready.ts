import { Events } from 'discord.js';
import { deliverAnnouncement } from '../server-events/announcement-post';
import { deliverPendingTicketReplies } from '../server-events/ticket-reply';
import { syncWholeGuild } from './guild-create';
import { defineEvent } from './types';

/**
 * Servers synced at once on connecting: each sync is a few round trips to the database, which
 * overlap (on PostgreSQL the time to ready of thousands of servers is those round trips).
 */
const SYNC_CONCURRENCY = 8;

/** Connected: every guild the bot is in is synced (joins while offline are caught up here). */
export default defineEvent(Events.ClientReady, async (ctx, client) => {
  console.log(`Discord bot logged in as ${client.user.tag} in ${client.guilds.cache.size} servers`);
  const guilds = [...client.guilds.cache.values()];
  let next = 0;
  const worker = async () => {
    for (let guild = guilds[next++]; guild; guild = guilds[next++]) {
      // One server's failure does not keep the others from being synced.
      await syncWholeGuild(ctx, guild).catch((err) =>
        console.error(`Syncing server ${guild.id} failed: ${(err as Error).message}`),
      );
    }
  };
  await Promise.all(Array.from({ length: SYNC_CONCURRENCY }, worker));
  // Post Now pressed while the bot was offline: deliver now.
  // (Only this process's servers: other shards' processes deliver theirs.)
  for (const a of await ctx.caller.bot.pendingAnnouncements())
    if (client.guilds.cache.has(a.guildId)) await deliverAnnouncement(ctx, a.guildId, a.id);
  // Staff replies and ticket announcements queued while the bot was offline.
  await deliverPendingTicketReplies(ctx);
  // Just connected, the bot is in no voice channel: sessions still marked active have ended.
  await ctx.caller.voice.endStale({ connectedAt: client.readyAt });
});
