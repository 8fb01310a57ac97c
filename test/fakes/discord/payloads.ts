/**
 * Builders of Discord API v10 objects (users, guilds, channels, messages, interactions) in the
 * wire format discord.js parses. Only the fields discord.js reads are filled, with real shapes.
 */

// biome-ignore lint/suspicious/noExplicitAny: Discord payloads are open JSON objects
export type Json = Record<string, any>;

const DISCORD_EPOCH = 1420070400000n;
let increment = 0n;

/** A fresh snowflake id, increasing over time like Discord's. */
export function snowflake(): string {
  increment = (increment + 1n) % 4096n;
  return (((BigInt(Date.now()) - DISCORD_EPOCH) << 22n) | (1n << 17n) | increment).toString();
}

export interface FakeUser {
  id: string;
  username: string;
  global_name?: string | null;
  avatar?: string | null;
  bot?: boolean;
  discriminator?: string;
}

/** The bot's own account (the application's bot user). */
export const BOT_USER: FakeUser = { id: '900000000000000001', username: 'Polyglot', bot: true };

export function userPayload(u: FakeUser): Json {
  return {
    id: u.id,
    username: u.username,
    global_name: u.global_name ?? null,
    avatar: u.avatar ?? null,
    discriminator: u.discriminator ?? '0',
    bot: u.bot ?? false,
    public_flags: 0,
    flags: 0,
    primary_guild: null,
  };
}

export interface FakeMember {
  user: FakeUser;
  nick?: string | null;
  roles?: string[];
  /** Locale the member's Discord client uses (interactions carry it). */
  locale?: string;
  /** The member's permissions in their interactions (default ALL_PERMISSIONS). */
  permissions?: string;
}

export function memberPayload(m: FakeMember, permissions = '0'): Json {
  return {
    user: userPayload(m.user),
    nick: m.nick ?? null,
    avatar: null,
    banner: null,
    premium_since: null,
    communication_disabled_until: null,
    roles: m.roles ?? [],
    joined_at: '2025-01-01T00:00:00.000Z',
    deaf: false,
    mute: false,
    flags: 0,
    pending: false,
    permissions,
  };
}

export interface FakeChannel {
  id: string;
  name: string;
  /** 0 text, 2 voice, 4 category, 5 announcement, 11 public thread. */
  type?: number;
  position?: number;
  parent_id?: string | null;
  /** Threads: archived, locked... (see fakes/discord/threads.ts). */
  thread_metadata?: Json;
  /** A forum's tags (type 15); a forum post's applied tag ids (a thread in a forum). */
  available_tags?: { id: string; name: string; moderated?: boolean }[];
  applied_tags?: string[];
  /** Discord's overwrite objects: `{ id, type: 0 role | 1 member, allow, deny }` (bit sets as strings). */
  permission_overwrites?: { id: string; type: 0 | 1; allow: string; deny: string }[];
}

export function channelPayload(guildId: string, c: FakeChannel): Json {
  return {
    id: c.id,
    guild_id: guildId,
    name: c.name,
    type: c.type ?? 0,
    position: c.position ?? 0,
    parent_id: c.parent_id ?? null,
    permission_overwrites: c.permission_overwrites ?? [],
    nsfw: false,
    topic: null,
    last_message_id: null,
    rate_limit_per_user: 0,
    flags: 0,
    ...(c.thread_metadata ? { thread_metadata: c.thread_metadata } : {}),
    ...(c.available_tags
      ? {
          available_tags: c.available_tags.map((t) => ({
            id: t.id,
            name: t.name,
            moderated: t.moderated ?? false,
            emoji_id: null,
            emoji_name: null,
          })),
        }
      : {}),
    ...(c.applied_tags ? { applied_tags: c.applied_tags } : {}),
  };
}

export interface FakeRole {
  id: string;
  name: string;
  position: number;
  color?: number;
  /** An integration's role (the bot's own). */
  managed?: boolean;
  /** Permission bits as a decimal string (default none). */
  permissions?: string;
}

export interface FakeGuild {
  id: string;
  name: string;
  ownerId: string;
  channels: FakeChannel[];
  members: FakeMember[];
  /** @everyone's permissions (default ALL_PERMISSIONS: Administrator). */
  everyonePermissions?: string;
  /** Roles besides @everyone. */
  roles?: FakeRole[];
  /** The server's custom emojis (the bot may react with these). */
  emojis?: { id: string; name: string; animated?: boolean }[];
}

export function rolePayload(r: FakeRole): Json {
  return {
    id: r.id,
    name: r.name,
    color: r.color ?? 0,
    colors: { primary_color: r.color ?? 0, secondary_color: null, tertiary_color: null },
    hoist: false,
    icon: null,
    unicode_emoji: null,
    position: r.position,
    permissions: r.permissions ?? '0',
    managed: r.managed ?? false,
    mentionable: false,
    flags: 0,
  };
}

/** Administrator on @everyone: the bot may do anything unless a test injects a failure. */
export const ALL_PERMISSIONS = '8';

/**
 * The server's members with the bot's own among them: Discord always sends the current user's
 * member in GUILD_CREATE (without the presence intent, `members` holds only the bot and the members
 * in voice channels), with its roles: the managed role Discord made for it when it joined. A test
 * that sets the bot's member itself (roles of its choice) keeps it.
 */
export function withBotMember(g: FakeGuild): FakeMember[] {
  if (g.members.some((m) => m.user.id === BOT_USER.id)) return g.members;
  const own = (g.roles ?? []).filter((r) => r.managed).map((r) => r.id);
  return [...g.members, { user: BOT_USER, roles: own }];
}

export function guildPayload(g: FakeGuild): Json {
  const members = withBotMember(g);
  return {
    id: g.id,
    name: g.name,
    icon: null,
    splash: null,
    discovery_splash: null,
    owner_id: g.ownerId,
    afk_channel_id: null,
    afk_timeout: 300,
    verification_level: 0,
    default_message_notifications: 0,
    explicit_content_filter: 0,
    roles: [
      {
        id: g.id,
        name: '@everyone',
        color: 0,
        hoist: false,
        icon: null,
        unicode_emoji: null,
        position: 0,
        permissions: g.everyonePermissions ?? ALL_PERMISSIONS,
        managed: false,
        mentionable: false,
        flags: 0,
      },
      ...(g.roles ?? []).map(rolePayload),
    ],
    emojis: (g.emojis ?? []).map((e) => ({
      id: e.id,
      name: e.name,
      animated: e.animated ?? false,
      roles: [],
      require_colons: true,
      managed: false,
      available: true,
    })),
    stickers: [],
    features: [],
    mfa_level: 0,
    application_id: null,
    system_channel_id: null,
    system_channel_flags: 0,
    rules_channel_id: null,
    vanity_url_code: null,
    description: null,
    banner: null,
    premium_tier: 0,
    premium_subscription_count: 0,
    preferred_locale: 'en-US',
    public_updates_channel_id: null,
    nsfw_level: 0,
    premium_progress_bar_enabled: false,
    joined_at: '2025-01-01T00:00:00.000Z',
    large: false,
    unavailable: false,
    member_count: members.length,
    voice_states: [],
    members: members.map((m) => memberPayload(m)),
    // Without guild_id, as Discord sends them here ("may be missing for some channel objects
    // received over gateway guild dispatches"): the client takes the server's.
    channels: g.channels
      .filter((c) => c.type !== 11 && c.type !== 12)
      .map((c) => {
        const { guild_id: _, ...channel } = channelPayload(g.id, c) as Record<string, Json>;
        return channel;
      }),
    // Active threads only, as Discord sends them (12: private threads).
    threads: g.channels
      .filter((c) => (c.type === 11 || c.type === 12) && !c.thread_metadata?.archived)
      .map((c) => channelPayload(g.id, c)),
    presences: [],
    stage_instances: [],
    guild_scheduled_events: [],
    soundboard_sounds: [],
  };
}

export interface MessageInput {
  channelId: string;
  guildId?: string;
  author: FakeUser;
  content: string;
  id?: string;
  /** Set for a message sent through a webhook. */
  webhookId?: string;
  attachments?: {
    filename: string;
    url: string;
    size?: number;
    content_type?: string;
    /** Voice messages: the recording's length and waveform. */
    duration_secs?: number;
    waveform?: string;
  }[];
  /** Message flags, e.g. 1 << 13 (IS_VOICE_MESSAGE). */
  flags?: number;
  /** The message this one replies to. */
  replyTo?: { messageId: string; channelId: string };
  member?: FakeMember;
  editedTimestamp?: string | null;
  /** More message fields as Discord sends them (embeds, sticker_items, message_snapshots, poll...). */
  extra?: Json;
}

export function messagePayload(m: MessageInput): Json {
  const id = m.id ?? snowflake();
  const payload: Json = {
    id,
    channel_id: m.channelId,
    author: userPayload(m.author),
    content: m.content,
    timestamp: new Date().toISOString(),
    edited_timestamp: m.editedTimestamp ?? null,
    tts: false,
    mention_everyone: false,
    mentions: [],
    mention_roles: [],
    attachments: (m.attachments ?? []).map((a) => ({
      id: snowflake(),
      filename: a.filename,
      size: a.size ?? 1024,
      url: a.url,
      proxy_url: a.url,
      content_type: a.content_type ?? 'application/octet-stream',
      ...(a.duration_secs !== undefined
        ? { duration_secs: a.duration_secs, waveform: a.waveform ?? '' }
        : {}),
    })),
    embeds: [],
    pinned: false,
    type: m.replyTo ? 19 : 0,
    flags: m.flags ?? 0,
    components: [],
  };
  if (m.guildId) payload.guild_id = m.guildId;
  if (m.webhookId) payload.webhook_id = m.webhookId;
  if (m.member && !m.webhookId) {
    const { user: _u, ...member } = memberPayload(m.member);
    payload.member = member;
  }
  if (m.replyTo) {
    payload.message_reference = {
      type: 0,
      message_id: m.replyTo.messageId,
      channel_id: m.replyTo.channelId,
      guild_id: m.guildId,
    };
  }
  if (m.extra) Object.assign(payload, m.extra);
  return payload;
}

/**
 * An interaction's `resolved` for user options: each user, and the member without its user for
 * those in the server (Discord leaves a user who is not a member out of `members`).
 */
export function resolvedUsers(users: FakeUser[], members: FakeMember[]): Json {
  const inServer = (u: FakeUser) => members.find((m) => m.user.id === u.id);
  return {
    users: Object.fromEntries(users.map((u) => [u.id, userPayload(u)])),
    members: Object.fromEntries(
      users.flatMap((u) => {
        const m = inServer(u);
        if (!m) return [];
        const { user: _user, ...member } = memberPayload(m, m.permissions ?? ALL_PERMISSIONS);
        return [[u.id, member]];
      }),
    ),
  };
}

/** Interaction types and command types of the API. */
export const InteractionType = { ApplicationCommand: 2, Autocomplete: 4 } as const;
export const CommandType = { ChatInput: 1, Message: 3 } as const;

export interface InteractionInput {
  applicationId: string;
  guildId: string;
  channel: FakeChannel;
  member: FakeMember;
  type: number;
  data: Json;
  /** The user-installed app (issue 28): who installed it decides what Discord sends (see userInstallPayload). */
  userInstall?: UserInstallContext;
}

/**
 * Where a user-installed command is used: context 1 (the bot's DM) or 2 (a DM or group DM between
 * users; `groupDm` for a group), or 0 in a server that does not have the bot (`guildId`).
 */
export type UserInstallContext = { context: 1 | 2; groupDm?: boolean } | { context: 0; guildId: string };

/**
 * An interaction of a user-installed command as Discord sends it: authorizing_integration_owners
 * names the user under 1 (USER_INSTALL) and no server; in a DM or group DM there is no guild_id and
 * no member, the invoking `user` instead, and the channel is the DM (type 1) or group DM (type 3).
 */
function userInstallPayload(i: InteractionInput, install: UserInstallContext): Json {
  const base = {
    id: snowflake(),
    application_id: i.applicationId,
    type: i.type,
    token: `itoken-${snowflake()}`,
    version: 1,
    channel_id: i.channel.id,
    locale: i.member.locale ?? 'en-US',
    // A user install acts with the user's own permissions in the channel, not the bot's.
    app_permissions: '0',
    entitlements: [],
    authorizing_integration_owners: { '1': i.member.user.id },
    context: install.context,
    attachment_size_limit: 10485760,
    data: i.data,
  };
  if (install.context === 0) {
    return {
      ...base,
      guild_id: install.guildId,
      guild_locale: 'en-US',
      guild: { id: install.guildId, locale: 'en-US', features: [] },
      channel: channelPayload(install.guildId, i.channel),
      member: memberPayload(i.member, i.member.permissions ?? ALL_PERMISSIONS),
    };
  }
  const group = install.context === 2 && install.groupDm;
  return {
    ...base,
    channel: {
      id: i.channel.id,
      type: group ? 3 : 1,
      last_message_id: null,
      flags: 0,
      recipients: [userPayload(i.member.user)],
      ...(group ? { name: i.channel.name, icon: null, owner_id: i.member.user.id } : {}),
    },
    user: userPayload(i.member.user),
  };
}

export function interactionPayload(i: InteractionInput): Json {
  if (i.userInstall) return userInstallPayload(i, i.userInstall);
  return {
    id: snowflake(),
    application_id: i.applicationId,
    type: i.type,
    token: `itoken-${snowflake()}`,
    version: 1,
    guild_id: i.guildId,
    channel_id: i.channel.id,
    channel: channelPayload(i.guildId, i.channel),
    member: memberPayload(i.member, i.member.permissions ?? ALL_PERMISSIONS),
    locale: i.member.locale ?? 'en-US',
    guild_locale: 'en-US',
    app_permissions: ALL_PERMISSIONS,
    entitlements: [],
    authorizing_integration_owners: { '0': i.guildId },
    context: 0,
    attachment_size_limit: 10485760,
    data: i.data,
  };
}
