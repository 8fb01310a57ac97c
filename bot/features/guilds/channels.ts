import type { GuildBasedChannel, NonThreadGuildBasedChannel } from 'discord.js';

/** A guild channel as the guild_channels table keeps it. */
export function channelRow(c: GuildBasedChannel | NonThreadGuildBasedChannel) {
  return {
    id: c.id,
    name: c.name,
    type: c.type as number,
    parentId: c.parentId ?? null,
    position: 'rawPosition' in c ? c.rawPosition : 0,
  };
}

/** Threads come and go by the thousand; only lasting channels are synced. */
export function isSyncedChannel(c: GuildBasedChannel): boolean {
  return !c.isThread();
}
