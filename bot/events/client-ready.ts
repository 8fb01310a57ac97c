import { Events, type Guild } from 'discord.js';
import { deliverAnnouncement } from '../features/announcements/post';
import { deliverPendingTicketReplies } from '../features/tickets/reply';
import { syncGuilds } from '../features/guilds/guild-create';
import { defineEvent } from '../handlers';

/**
 * Servers synced in one call on connecting (one transaction of a few multi-row statements: on
 * PostgreSQL, thousands of servers one by one were about 6 round trips each): up to 250, fewer when
 * they are large (a batch ends past 2,500 channels and roles, which keeps each call's statements
 * and buffers small), and how many such calls overlap (one builds its lists while the other's
 * statements run).
 */
const SYNC_BATCH = 250;
const SYNC_BATCH_ROWS = 2_500;
const SYNC_CONCURRENCY = 2;

function batches(guilds: Guild[]): Guild[][] {
  const out: Guild[][] = [];
  let batch: Guild[] = [];
  let rows = 0;
  for (const guild of guilds) {
    batch.push(guild);
    rows += guild.channels.cache.size + guild.roles.cache.size;
    if (batch.length >= SYNC_BATCH || rows >= SYNC_BATCH_ROWS) {
      out.push(batch);
      batch = [];
      rows = 0;
    }
  }
  if (batch.length) out.push(batch);
  return out;
}

/** Connected: every guild the bot is in is synced (joins while offline are caught up here). */
export default defineEvent(Events.ClientReady, async (ctx, client) => {
  console.log(`Discord bot logged in as ${client.user.tag} in ${client.guilds.cache.size} servers`);
  const todo = batches([...client.guilds.cache.values()]);
  let next = 0;
  const worker = async () => {
    for (let batch = todo[next++]; batch; batch = todo[next++]) {
      const failed = await syncGuilds(ctx, batch).then(
        () => null,
        (err: Error) => err,
      );
      if (!failed) continue;
      // One server's failure does not keep the others from being synced: each alone, then.
      console.error(
        `Syncing ${batch.length} servers at once failed (${failed.message.slice(0, 200)}): syncing them one by one`,
      );
      for (const guild of batch)
        await syncGuilds(ctx, [guild]).catch((err) =>
          console.error(`Syncing server ${guild.id} failed: ${(err as Error).message}`),
        );
    }
  };
  await Promise.all(Array.from({ length: SYNC_CONCURRENCY }, worker));
  // Post Now pressed while the bot was offline: deliver now.
  // (Only this process's servers: other shards' processes deliver theirs.)
  for (const a of await ctx.caller.announcements.bot.pendingAnnouncements())
    if (client.guilds.cache.has(a.guildId)) await deliverAnnouncement(ctx, a.guildId, a.id);
  // Staff replies and ticket announcements queued while the bot was offline.
  await deliverPendingTicketReplies(ctx);
  // Just connected, the bot is in no voice channel: sessions still marked active have ended.
  await ctx.caller.voice.bot.endStale({ connectedAt: client.readyAt });
});
