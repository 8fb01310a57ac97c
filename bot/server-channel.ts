import { type Channel, DiscordAPIError, DiscordjsErrorCodes } from 'discord.js';
import type { BotContext } from './context';

/**
 * The bot checks again before it posts: a channel (or thread) a job names must be one of the job's
 * own server. The dashboard's input is checked where guild access is decided; this is the second
 * lock, for a record that got into the database some other way. A refusal is never retried.
 */
export class ForeignChannelError extends Error {
  /** The queue gives the job up at once (bot/queue-worker.ts). */
  readonly final = true;
  constructor(
    readonly guildId: string,
    readonly channelId: string,
  ) {
    super(`refused: channel ${channelId} is not a channel of server ${guildId}`);
  }
}

/**
 * The channel, when it belongs to the server: one of the server's own that the gateway keeps
 * (threads included), else asked of Discord through the server; null when Discord knows no such
 * channel (deleted: the caller goes on as it would). A channel of another server throws
 * ForeignChannelError, and the refusal is logged.
 */
export async function serverChannel(
  ctx: BotContext,
  guildId: string,
  channelId: string,
): Promise<Channel | null> {
  const guild = ctx.client.guilds.cache.get(guildId);
  if (!guild) throw new Error('the bot is not in this server, or the server is unavailable');
  const own = guild.channels.cache.get(channelId);
  if (own) return own;
  if (!ctx.client.channels.cache.has(channelId)) {
    try {
      return await guild.channels.fetch(channelId);
    } catch (err) {
      if (err instanceof DiscordAPIError && err.status === 404) return null;
      const unowned =
        err instanceof Error && 'code' in err && err.code === DiscordjsErrorCodes.GuildChannelUnowned;
      if (!unowned) throw err;
    }
  }
  const refusal = new ForeignChannelError(guildId, channelId);
  console.error(`Discord: ${refusal.message}; nothing posted`);
  throw refusal;
}

/** After a job recorded its item's failure: a refusal still fails the job itself, with its reason. */
export function rethrowRefusal(err: unknown): void {
  if (err instanceof ForeignChannelError) throw err;
}
