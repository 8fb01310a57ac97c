import { type CacheFactory, type ClientOptions, Options } from 'discord.js';

/**
 * What the bot keeps of Discord in memory (issue 24). Kept whole: servers, their channels, roles,
 * members, users and voice states: the guild sync, permission checks (a moderator is left alone:
 * `channel.permissionsFor(member)`), tickets, the exchange and live captions read them from the
 * cache. Members were tried bounded (the bot's own and those in voice only): moderation's
 * exemption, ticket threads and the exchange's "member left" broke, since they look members up in
 * the cache without fetching, and `npm run bench:caches` measured members as the smaller part
 * (channels and roles are most of it). Bounded:
 * - messages: the last 20 per channel (discord.js keeps 200), swept after 15 minutes (an edit,
 *   delete or reaction of an older one arrives as a partial, which every handler accepts);
 * - what the bot never reads (emojis, stickers, invites, bans, scheduled events, stage instances,
 *   presences, automod rules): nothing.
 */

export const CACHE_LIMITS: Parameters<typeof Options.cacheWithLimits>[0] = {
  MessageManager: 20,
  PresenceManager: 0,
  GuildEmojiManager: 0,
  GuildStickerManager: 0,
  GuildInviteManager: 0,
  GuildBanManager: 0,
  GuildScheduledEventManager: 0,
  StageInstanceManager: 0,
  AutoModerationRuleManager: 0,
  BaseGuildEmojiManager: 0,
};

export function boundedCaches(): CacheFactory {
  return Options.cacheWithLimits(CACHE_LIMITS);
}

/** discord.js's defaults, plus old messages swept every 5 minutes. */
export const SWEEPERS: ClientOptions['sweepers'] = {
  ...Options.DefaultSweeperSettings,
  messages: { interval: 300, lifetime: 900 },
};
