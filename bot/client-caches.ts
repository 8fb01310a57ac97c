import {
  type CacheFactory,
  type ClientOptions,
  Collection,
  type GuildMember,
  Options,
  type User,
} from 'discord.js';
import { LazyCollection, type LazyLimits } from './lazy-collection';

/**
 * What the bot keeps of Discord in memory (issue 24; `npm run bench:caches` measures each part).
 *
 * Kept whole: servers, their channels and roles. discord.js needs channels to route message
 * events (an uncached channel's message arrives without its server) and both, with the channels'
 * overwrites, for every permission check (`channel.permissionsFor(member)`: a moderator is left
 * alone, the bot's own permission report); the guild sync reads them too.
 *
 * Bounded:
 * - members: at most MEMBERS_KEPT per server, the newest seen first out (a message, a reaction, a
 *   join adds its member, so the author of the message being handled is there), plus the bot's own
 *   member and whoever is in a voice channel (voice states resolve their member from this cache:
 *   live captions and the empty-channel check). Every feature that needs a member asks
 *   `guild.members.fetch(id)` (the cache first, GET /guilds/{id}/members/{user} on a miss), and a
 *   member who leaves while uncached still arrives (Partials.GuildMember, bot/client.ts);
 * - users: only the bot itself (a member holds its own user; an event carries its user);
 * - messages: the last 20 per channel (discord.js keeps 200), swept after 15 minutes (an edit,
 *   delete or reaction of an older one arrives as a partial, which every handler accepts);
 * - what the bot never reads (emojis, stickers, invites, bans, scheduled events, stage instances,
 *   presences, automod rules): nothing.
 */

/** Members kept per server beyond the bot's own and those in voice. */
export const MEMBERS_KEPT = 5;

const isMe = (m: GuildMember) => m.id === m.client.user?.id;
const inVoice = (m: GuildMember) => Boolean(m.guild.voiceStates.cache.get(m.id)?.channelId);

export const CACHE_LIMITS: Parameters<typeof Options.cacheWithLimits>[0] = {
  MessageManager: 20,
  GuildMemberManager: { maxSize: MEMBERS_KEPT, keepOverLimit: (m: GuildMember) => isMe(m) || inVoice(m) },
  UserManager: { maxSize: 0, keepOverLimit: (u: User) => u.id === u.client.user?.id },
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

/** discord.js warns that limiting these "breaks functionality": plain Collections, never empty anyway. */
const WHOLE = new Set(['ChannelManager', 'GuildChannelManager', 'GuildManager', 'RoleManager']);

/**
 * CACHE_LIMITS (as discord.js's `Options.cacheWithLimits` reads them: by the manager's name, then
 * its cache type's), each cache a LazyCollection: no Map until it holds something (the channels'
 * empty message, thread and overwrite caches were two thirds of their cost).
 */
export function boundedCaches(): CacheFactory {
  const limits = CACHE_LIMITS as Record<string, number | LazyLimits<string, unknown> | undefined>;
  const kinds = new Map<string, () => LazyCollection<string, unknown>>();
  return (managerType, _holds, manager) => {
    if (WHOLE.has(manager.name)) return new Collection();
    const setting = limits[manager.name] ?? limits[managerType.name];
    const name = limits[manager.name] === undefined ? managerType.name : manager.name;
    let make = kinds.get(name);
    if (!make) {
      make = LazyCollection.kind<string, unknown>(
        typeof setting === 'number' ? { maxSize: setting } : setting,
      );
      kinds.set(name, make);
    }
    return make();
  };
}

/** discord.js's defaults, plus old messages swept every 5 minutes. */
export const SWEEPERS: ClientOptions['sweepers'] = {
  ...Options.DefaultSweeperSettings,
  messages: { interval: 300, lifetime: 900 },
};
