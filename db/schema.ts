import { sql } from 'drizzle-orm';
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';

/**
 * Every stored entity. Rows that belong to a server carry guild_id.
 * Times are integer milliseconds since the epoch (mode 'timestamp_ms' gives Date objects).
 * Privacy: no table holds the text of a member's translated message (see translation_logs).
 */

const now = sql`(unixepoch('subsec') * 1000)`;
const createdAt = () => integer('created_at', { mode: 'timestamp_ms' }).notNull().default(now);
const guildId = () =>
  text('guild_id')
    .notNull()
    .references(() => guilds.id, { onDelete: 'cascade' });

export type LangText = Record<string, string>;

// ---- Servers and members --------------------------------------------------------------------

export const guilds = sqliteTable('guilds', {
  id: text('id').primaryKey(),
  name: text('name').notNull().default(''),
  icon: text('icon'),
  plan: text('plan', { enum: ['free', 'plus', 'pro', 'ultimate'] })
    .notNull()
    .default('free'),
  /** false once the bot left the server; data is deleted 30 days later. */
  present: integer('present', { mode: 'boolean' }).notNull().default(true),
  leftAt: integer('left_at', { mode: 'timestamp_ms' }),
  stripeCustomerId: text('stripe_customer_id'),
  /** `created` (ms) of the newest Stripe event applied to this server: an older one never overrides it. */
  billingEventAt: integer('billing_event_at', { mode: 'timestamp_ms' }),
  /**
   * Translations of `usageMonth` whose logs a Danger Zone reset erased: they still count
   * against the monthly allowance, so a reset never refills it.
   */
  usageMonth: text('usage_month'),
  usageCarried: integer('usage_carried').notNull().default(0),
  createdAt: createdAt(),
});

/** The server's channels, as the bot syncs them. */
export const guildChannels = sqliteTable(
  'guild_channels',
  {
    id: text('id').primaryKey(),
    guildId: guildId(),
    name: text('name').notNull(),
    /** Discord channel type number (0 text, 2 voice, 4 category, 5 announcement, 11 public thread, 15 forum). */
    type: integer('type').notNull().default(0),
    parentId: text('parent_id'),
    position: integer('position').notNull().default(0),
  },
  (t) => [index('guild_channels_guild').on(t.guildId)],
);

/** The server's roles, as the bot syncs them (pickers show names and colours, never raw ids). */
export const guildRoles = sqliteTable(
  'guild_roles',
  {
    id: text('id').primaryKey(),
    guildId: guildId(),
    name: text('name').notNull(),
    /** RGB colour as a number (0 = no colour). */
    color: integer('color').notNull().default(0),
    position: integer('position').notNull().default(0),
    /** Held by an integration (a bot's own role): nobody can give it. */
    managed: integer('managed', { mode: 'boolean' }).notNull().default(false),
    /** The bot can give it: below the bot's highest role, not managed, and the bot may manage roles. */
    assignable: integer('assignable', { mode: 'boolean' }).notNull().default(false),
  },
  (t) => [index('guild_roles_guild').on(t.guildId)],
);

/**
 * What the bot may not do on each server, as it computed from Discord's own data (its member's
 * roles, @everyone, each channel's overwrites): src/common/guilds/permissions.ts's BotPermissionReport
 * as JSON. The checklist and each feature's screen read it; no message content.
 */
export const guildBotPermissions = sqliteTable('guild_bot_permissions', {
  guildId: text('guild_id')
    .primaryKey()
    .references(() => guilds.id, { onDelete: 'cascade' }),
  report: text('report', { mode: 'json' })
    .$type<{ role: string | null; guild: string[]; channels: { id: string; missing: string[] }[] }>()
    .notNull(),
  checkedAt: integer('checked_at', { mode: 'timestamp_ms' }).notNull(),
});

/** A member's preferred language, set with /setlanguage. Global per Discord user. */
export const userLanguages = sqliteTable('user_languages', {
  userId: text('user_id').primaryKey(),
  language: text('language').notNull(),
  updatedAt: integer('updated_at', { mode: 'timestamp_ms' }).notNull().default(now),
});

export const memberXp = sqliteTable(
  'member_xp',
  {
    guildId: guildId(),
    userId: text('user_id').notNull(),
    username: text('username').notNull().default(''),
    xp: integer('xp').notNull().default(0),
    level: integer('level').notNull().default(0),
    messageCount: integer('message_count').notNull().default(0),
    lastMessageAt: integer('last_message_at', { mode: 'timestamp_ms' }),
  },
  (t) => [primaryKey({ columns: [t.guildId, t.userId] }), index('member_xp_rank').on(t.guildId, t.xp)],
);

export type XpRoleReward = { level: number; roleId: string };

/** XP and levels (the Plus plan): where level-ups are announced, what they give, where no XP is earned. */
export const xpSettings = sqliteTable('xp_settings', {
  guildId: text('guild_id')
    .primaryKey()
    .references(() => guilds.id, { onDelete: 'cascade' }),
  /** '' = announce in the channel where the member leveled up. */
  levelUpChannelId: text('level_up_channel_id').notNull().default(''),
  ignoredChannels: text('ignored_channels', { mode: 'json' }).$type<string[]>().notNull().default([]),
  roleRewards: text('role_rewards', { mode: 'json' }).$type<XpRoleReward[]>().notNull().default([]),
});

// ---- Settings (one row per guild, defaults from spec section 3 and 9) -----------------------

export const translationSettings = sqliteTable('translation_settings', {
  guildId: text('guild_id')
    .primaryKey()
    .references(() => guilds.id, { onDelete: 'cascade' }),
  autoDetect: integer('auto_detect', { mode: 'boolean' }).notNull().default(true),
  translationTone: text('translation_tone', { enum: ['casual', 'formal'] })
    .notNull()
    .default('casual'),
  contextPreservation: integer('context_preservation', { mode: 'boolean' }).notNull().default(true),
  rateLimitPerUser: integer('rate_limit_per_user').notNull().default(50),
  /** Messages starting with this are never translated. */
  skipPrefix: text('skip_prefix').notNull().default('!'),
  /** Trivial chatter ("ok", "lol", emoji only: src/server/translation/trivial.ts) is neither translated nor copied. */
  skipTrivial: integer('skip_trivial', { mode: 'boolean' }).notNull().default(true),
  /** The server's own short-chatter terms (issue 28), lower case, added to the built-in list. */
  trivialTerms: text('trivial_terms', { mode: 'json' }).$type<string[]>().notNull().default([]),
});

/**
 * Server glossary (issue 16): terms never translated (no translations) or translated the same way
 * every time (translations by language). Admin configuration, not member text.
 */
export const glossaryTerms = sqliteTable(
  'glossary_terms',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    guildId: guildId(),
    term: text('term').notNull(),
    /** Empty: never translated. Otherwise the fixed translation per language code. */
    translations: text('translations', { mode: 'json' }).$type<LangText>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('glossary_terms_guild_term').on(t.guildId, t.term)],
);

/** Per-server translation style (issue 16, Pro): custom instructions and slang-aware mode. */
export const translationStyle = sqliteTable('translation_style', {
  guildId: text('guild_id')
    .primaryKey()
    .references(() => guilds.id, { onDelete: 'cascade' }),
  customInstructions: text('custom_instructions').notNull().default(''),
  slang: integer('slang', { mode: 'boolean' }).notNull().default(false),
});

export const botConfig = sqliteTable('bot_config', {
  guildId: text('guild_id')
    .primaryKey()
    .references(() => guilds.id, { onDelete: 'cascade' }),
  prefix: text('prefix').notNull().default('/'),
  defaultLanguage: text('default_language').notNull().default('en'),
  levelingEnabled: integer('leveling_enabled', { mode: 'boolean' }).notNull().default(true),
});

export const welcomeConfig = sqliteTable('welcome_config', {
  guildId: text('guild_id')
    .primaryKey()
    .references(() => guilds.id, { onDelete: 'cascade' }),
  enabled: integer('enabled', { mode: 'boolean' }).notNull().default(false),
  messages: text('messages', { mode: 'json' }).$type<LangText>().notNull().default({}),
  channelId: text('channel_id').notNull().default(''),
  roleId: text('role_id').notNull().default(''),
});

export const moderationRules = sqliteTable('moderation_rules', {
  guildId: text('guild_id')
    .primaryKey()
    .references(() => guilds.id, { onDelete: 'cascade' }),
  spamDetection: integer('spam_detection', { mode: 'boolean' }).notNull().default(true),
  contentFiltering: integer('content_filtering', { mode: 'boolean' }).notNull().default(true),
  bannedWords: text('banned_words', { mode: 'json' }).$type<string[]>().notNull().default([]),
  autoDelete: integer('auto_delete', { mode: 'boolean' }).notNull().default(false),
  logChannelId: text('log_channel_id').notNull().default(''),
  /** Look-alike domains, masked links and gift lures (the Ultimate plan's layer). */
  scamDetection: integer('scam_detection', { mode: 'boolean' }).notNull().default(true),
});

// ---- Channel links (mirror mode and single-channel mode) -------------------------------------

export const channelLinks = sqliteTable(
  'channel_links',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    guildId: guildId(),
    name: text('name').notNull(),
    /** mirror: every linked channel gets every message in its language; single: one channel, replies in languages. */
    mode: text('mode', { enum: ['mirror', 'single'] })
      .notNull()
      .default('mirror'),
    /** Single-channel rooms: translations as a reply under the message, or in a thread started from it (issue 28). */
    delivery: text('delivery', { enum: ['reply', 'thread'] })
      .notNull()
      .default('reply'),
    active: integer('active', { mode: 'boolean' }).notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [index('channel_links_guild').on(t.guildId)],
);

export const channelLinkChannels = sqliteTable(
  'channel_link_channels',
  {
    linkId: integer('link_id')
      .notNull()
      .references(() => channelLinks.id, { onDelete: 'cascade' }),
    channelId: text('channel_id').notNull(),
    language: text('language').notNull(),
    position: integer('position').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.linkId, t.channelId] }),
    index('channel_link_channels_channel').on(t.channelId),
  ],
);

/** Single-channel mode: the languages every message of the link's one channel is translated into. */
export const channelLinkLanguages = sqliteTable(
  'channel_link_languages',
  {
    linkId: integer('link_id')
      .notNull()
      .references(() => channelLinks.id, { onDelete: 'cascade' }),
    language: text('language').notNull(),
    position: integer('position').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.linkId, t.language] })],
);

/** The bot's webhook per channel, reused for mirror posts. */
export const channelWebhooks = sqliteTable('channel_webhooks', {
  channelId: text('channel_id').primaryKey(),
  guildId: guildId(),
  webhookId: text('webhook_id').notNull(),
  webhookToken: text('webhook_token').notNull(),
});

/**
 * Bots and webhooks seen posting in a link's (or room's) channels, and whether an admin allowed
 * their posts to be translated (issue 28). The bot records one the first time it posts there (its
 * name, never its text); the bot's own webhooks and user are never recorded nor allowed.
 */
export const mirrorAuthors = sqliteTable(
  'mirror_authors',
  {
    linkId: integer('link_id')
      .notNull()
      .references(() => channelLinks.id, { onDelete: 'cascade' }),
    guildId: guildId(),
    /** The bot's user id, or the webhook's id. */
    authorId: text('author_id').notNull(),
    kind: text('kind', { enum: ['bot', 'webhook'] }).notNull(),
    name: text('name').notNull(),
    /** The channel it last posted in. */
    channelId: text('channel_id').notNull(),
    allowed: integer('allowed', { mode: 'boolean' }).notNull().default(false),
    lastSeenAt: integer('last_seen_at', { mode: 'timestamp_ms' }).notNull().default(now),
  },
  (t) => [primaryKey({ columns: [t.linkId, t.authorId] }), index('mirror_authors_guild').on(t.guildId)],
);

/** Original message -> its translated copies, so edits, deletes and replies follow. */
export const messageCopies = sqliteTable(
  'message_copies',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    guildId: guildId(),
    originalMessageId: text('original_message_id').notNull(),
    originalChannelId: text('original_channel_id').notNull(),
    copyMessageId: text('copy_message_id').notNull(),
    copyChannelId: text('copy_channel_id').notNull(),
    language: text('language').notNull(),
    /** webhook: a mirror copy; reply: a single-channel reply; reaction: a flag-reaction translation. */
    kind: text('kind', { enum: ['webhook', 'reply', 'reaction'] })
      .notNull()
      .default('webhook'),
    createdAt: createdAt(),
  },
  (t) => [
    index('message_copies_original').on(t.originalMessageId),
    index('message_copies_copy').on(t.copyMessageId),
  ],
);

// ---- Translation accounting (never the text) -----------------------------------------------

export const translationLogs = sqliteTable(
  'translation_logs',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    guildId: guildId(),
    channelId: text('channel_id'),
    userId: text('user_id'),
    username: text('username'),
    sourceLanguage: text('source_language').notNull(),
    targetLanguage: text('target_language').notNull(),
    characters: integer('characters').notNull(),
    latencyMs: integer('latency_ms').notNull().default(0),
    /** The provider tokens this translation's share of its call cost (cached: served from the prompt cache). */
    inputTokens: integer('input_tokens').notNull().default(0),
    outputTokens: integer('output_tokens').notNull().default(0),
    cachedTokens: integer('cached_tokens').notNull().default(0),
    outcome: text('outcome', { enum: ['ok', 'error', 'skipped', 'rate_limited', 'quota'] })
      .notNull()
      .default('ok'),
    /** context-menu, mirror, single, reaction, announcement, ticket, poll, cli */
    source: text('source').notNull().default('mirror'),
    /**
     * The provider lane that answered: "name:model" (the operator's), "own:name:model" (the server's
     * own key), "cache"; for a failure, the lane asked first; null for logs before issue 28.
     */
    provider: text('provider'),
    createdAt: createdAt(),
  },
  (t) => [
    index('translation_logs_guild_time').on(t.guildId, t.createdAt),
    // Covers the dashboard's reads of a time range (the partial days at the ends of a rolling week):
    // member and outcome come from the index, not from the table's rows.
    index('translation_logs_guild_time_user').on(t.guildId, t.createdAt, t.userId, t.outcome),
    index('translation_logs_guild_user').on(t.guildId, t.userId),
    index('translation_logs_time').on(t.createdAt),
  ],
);

/**
 * Analytics rollups: derived from translation_logs by SQLite triggers (see the analytics_rollups
 * migration), in the same transaction as each log insert or delete, so the dashboard's figures
 * read a few thousand rows instead of scanning a server's logs. `day` is the UTC midnight (ms).
 * Never written by application code; a retention delete, a reset or a removed server updates them
 * through the same triggers.
 */
/** Logs per day, language pair and outcome, with their summed latency. */
export const analyticsDaily = sqliteTable(
  'analytics_daily',
  {
    guildId: guildId(),
    day: integer('day').notNull(),
    sourceLanguage: text('source_language').notNull(),
    targetLanguage: text('target_language').notNull(),
    outcome: text('outcome').notNull(),
    count: integer('count').notNull().default(0),
    latencySum: integer('latency_sum').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.guildId, t.day, t.sourceLanguage, t.targetLanguage, t.outcome] }),
    // Covering: the all-time figures per pair and outcome (stats.guild totals, analytics.get's
    // languages, pairs and quality) read it in group order, without the table or a sort.
    index('analytics_daily_pairs').on(
      t.guildId,
      t.sourceLanguage,
      t.targetLanguage,
      t.outcome,
      t.count,
      t.latencySum,
    ),
  ],
);

/**
 * Logs per day, provider lane and outcome, with their characters (issue 28: which provider served
 * each share). `provider` is the log's lane ("name:model", "own:name:model", "cache"), '' for logs
 * before lanes were recorded. Kept by the triggers of migration 0032_analytics_providers (PostgreSQL 0019).
 */
export const analyticsProviders = sqliteTable(
  'analytics_providers',
  {
    guildId: guildId(),
    day: integer('day').notNull(),
    provider: text('provider').notNull(),
    outcome: text('outcome').notNull(),
    count: integer('count').notNull().default(0),
    characters: integer('characters').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.guildId, t.day, t.provider, t.outcome] })],
);

/** Successful translations per day and UTC hour (the hourly activity chart). */
export const analyticsHours = sqliteTable(
  'analytics_hours',
  {
    guildId: guildId(),
    day: integer('day').notNull(),
    hour: integer('hour').notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.guildId, t.day, t.hour] })],
);

/** Logs (any outcome) per day and member: the active members of a week. */
export const analyticsMemberDays = sqliteTable(
  'analytics_member_days',
  {
    guildId: guildId(),
    day: integer('day').notNull(),
    userId: text('user_id').notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.guildId, t.day, t.userId] })],
);

/** Per member: successful and failed translations, and the name of their newest one (top translators). */
export const analyticsMembers = sqliteTable(
  'analytics_members',
  {
    guildId: guildId(),
    userId: text('user_id').notNull(),
    ok: integer('ok').notNull().default(0),
    errors: integer('errors').notNull().default(0),
    lastAt: integer('last_at').notNull().default(0),
    username: text('username'),
  },
  (t) => [primaryKey({ columns: [t.guildId, t.userId] })],
);

/** Successful translations per target language and member (members per language). */
export const analyticsLanguageMembers = sqliteTable(
  'analytics_language_members',
  {
    guildId: guildId(),
    targetLanguage: text('target_language').notNull(),
    userId: text('user_id').notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.guildId, t.targetLanguage, t.userId] })],
);

/** Usage notices already sent (75 and 90 percent), once per guild per month. */
export const usageNotices = sqliteTable(
  'usage_notices',
  {
    guildId: guildId(),
    month: text('month').notNull(),
    threshold: integer('threshold').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.guildId, t.month, t.threshold] })],
);

/**
 * Channel messages that could not be translated or copied in time (issue 24), counted per server,
 * UTC day (midnight, ms) and reason: marked = the original got the reason's reaction, recovered =
 * a later try posted its copies after all. Never the message or its text.
 */
export const untranslatedDaily = sqliteTable(
  'untranslated_daily',
  {
    guildId: guildId(),
    day: integer('day').notNull(),
    /** overloaded, paused, rate_limited, unavailable, failed, queue_full (src/server/features/translation/untranslated.ts) */
    reason: text('reason').notNull(),
    marked: integer('marked').notNull().default(0),
    recovered: integer('recovered').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.guildId, t.day, t.reason] })],
);

/**
 * Channel messages skipped as trivial chatter (issue 28), counted per server and UTC day
 * (midnight, ms): the provider calls the "Skip short chatter" switch saved. Never the message.
 */
export const skippedTrivialDaily = sqliteTable(
  'skipped_trivial_daily',
  {
    guildId: guildId(),
    day: integer('day').notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.guildId, t.day] })],
);

/**
 * Members who said "don't translate my messages" in a server (/translate-me off, issue 28): their
 * messages in linked channels are neither sent to the provider nor copied. No content.
 */
export const translationOptOuts = sqliteTable(
  'translation_opt_outs',
  {
    guildId: guildId(),
    userId: text('user_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.guildId, t.userId] })],
);

/**
 * Members whose messages a member chose not to see translated for them on a server
 * (/hide-translations-of, issue 28): only where the bot answers that member alone (Translate
 * Message). Ids only.
 */
export const translationHiddenAuthors = sqliteTable(
  'translation_hidden_authors',
  {
    guildId: guildId(),
    userId: text('user_id').notNull(),
    authorId: text('author_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.guildId, t.userId, t.authorId] })],
);

/**
 * The user-installed app (issue 28): translations a user asked for where the bot has no server
 * (DMs, group DMs, servers without the bot), counted per user and UTC day (midnight, ms) for the
 * daily cap. Never the text.
 */
export const userAppUsage = sqliteTable(
  'user_app_usage',
  {
    userId: text('user_id').notNull(),
    day: integer('day').notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day] })],
);

// ---- Polls ----------------------------------------------------------------------------------

export type PollOption = { id: string; text: LangText };

export const polls = sqliteTable(
  'polls',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    guildId: guildId(),
    channelId: text('channel_id').notNull(),
    question: text('question', { mode: 'json' }).$type<LangText>().notNull(),
    options: text('options', { mode: 'json' }).$type<PollOption[]>().notNull(),
    allowMultiple: integer('allow_multiple', { mode: 'boolean' }).notNull().default(false),
    active: integer('active', { mode: 'boolean' }).notNull().default(true),
    endsAt: integer('ends_at', { mode: 'timestamp_ms' }),
    createdBy: text('created_by').notNull(),
    messageId: text('message_id'),
    /** Why the bot could not post the poll (null while queued or once posted). */
    postError: text('post_error'),
    /** Votes or a close the Discord message does not show yet (the bot edits it, debounced). */
    stale: integer('stale', { mode: 'boolean' }).notNull().default(false),
    closedAt: integer('closed_at', { mode: 'timestamp_ms' }),
    /** Deleted in the dashboard: the bot removes the Discord message, then the row goes. */
    deletedAt: integer('deleted_at', { mode: 'timestamp_ms' }),
    createdAt: createdAt(),
  },
  (t) => [index('polls_guild').on(t.guildId)],
);

export const pollVotes = sqliteTable(
  'poll_votes',
  {
    pollId: integer('poll_id')
      .notNull()
      .references(() => polls.id, { onDelete: 'cascade' }),
    optionId: text('option_id').notNull(),
    userId: text('user_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.pollId, t.optionId, t.userId] })],
);

// ---- Reaction roles -------------------------------------------------------------------------

export type ReactionRoleEntry = { emoji: string; label: string; roleId: string };

export const reactionRoles = sqliteTable(
  'reaction_roles',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    guildId: guildId(),
    channelId: text('channel_id').notNull().default(''),
    messageId: text('message_id').notNull(),
    active: integer('active', { mode: 'boolean' }).notNull().default(true),
    roles: text('roles', { mode: 'json' }).$type<ReactionRoleEntry[]>().notNull(),
    /** A menu the bot posts: its title and role lines per server language ('' messageId = not posted yet). */
    menu: text('menu', { mode: 'json' }).$type<Record<string, { title: string; labels: string[] }> | null>(),
    postError: text('post_error'),
    /** Deleted in the dashboard: the bot removes the posted menu, then the row goes. */
    deletedAt: integer('deleted_at', { mode: 'timestamp_ms' }),
    createdAt: createdAt(),
  },
  (t) => [index('reaction_roles_guild').on(t.guildId), index('reaction_roles_message').on(t.messageId)],
);

// ---- Moderation -----------------------------------------------------------------------------

export const moderationLogs = sqliteTable(
  'moderation_logs',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    guildId: guildId(),
    /** notice: something admins should know that is not an action (e.g. the AI layer was skipped). */
    type: text('type', { enum: ['spam', 'filter', 'scam', 'toxicity', 'permission', 'notice'] }).notNull(),
    userId: text('user_id').notNull(),
    /** What was flagged, shortened: moderators need to see why. */
    message: text('message').notNull(),
    action: text('action').notNull(),
    /** The rule that matched, e.g. "banned word", "flood", "look-alike domain", "harassment". */
    rule: text('rule').notNull().default(''),
    /** The language of the flagged message (ISO code), '' when unknown. */
    language: text('language').notNull().default(''),
    timestamp: integer('timestamp', { mode: 'timestamp_ms' }).notNull().default(now),
  },
  (t) => [index('moderation_logs_guild_time').on(t.guildId, t.timestamp)],
);

// ---- Cases (manual and automatic moderation actions, numbered per server) -------------------

export const CASE_ACTIONS = ['warn', 'timeout', 'kick', 'ban', 'unban'] as const;

export const cases = sqliteTable(
  'cases',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    guildId: guildId(),
    /** Case #1, #2 … of this server. */
    number: integer('number').notNull(),
    action: text('action', { enum: CASE_ACTIONS }).notNull(),
    targetId: text('target_id').notNull(),
    targetName: text('target_name').notNull().default(''),
    /** The staff member's Discord id; null for an automatic action (moderation rules). */
    moderatorId: text('moderator_id'),
    moderatorName: text('moderator_name').notNull().default(''),
    /** Written by the moderator (never a member's message text). */
    reason: text('reason').notNull().default(''),
    /** Timeouts only. */
    durationSeconds: integer('duration_seconds'),
    createdAt: createdAt(),
    revokedAt: integer('revoked_at', { mode: 'timestamp_ms' }),
    revokedBy: text('revoked_by'),
  },
  (t) => [
    uniqueIndex('cases_guild_number').on(t.guildId, t.number),
    index('cases_guild_target').on(t.guildId, t.targetId),
    index('cases_guild_time').on(t.guildId, t.createdAt),
  ],
);

// ---- Case escalation rules (N cases of one kind in D days → an automatic action) -------------

export const ESCALATION_COUNTS = ['warn', 'timeout'] as const;
export const ESCALATION_ACTIONS = ['timeout', 'kick', 'ban'] as const;

export const caseEscalations = sqliteTable(
  'case_escalations',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    guildId: guildId(),
    /** The kind of case counted (revoked cases are not counted). */
    counts: text('counts', { enum: ESCALATION_COUNTS }).notNull(),
    /** Fires when the member's count within the window reaches exactly this many. */
    threshold: integer('threshold').notNull(),
    windowDays: integer('window_days').notNull(),
    action: text('action', { enum: ESCALATION_ACTIONS }).notNull(),
    /** Timeouts only. */
    durationSeconds: integer('duration_seconds'),
    createdAt: createdAt(),
  },
  (t) => [index('case_escalations_guild').on(t.guildId)],
);

// ---- Announcements --------------------------------------------------------------------------

export type TargetChannel = { language: string; channelId: string };
export type PostResult = {
  channelId: string;
  language: string;
  ok: boolean;
  error?: string;
  messageId?: string;
};

export const announcements = sqliteTable(
  'announcements',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    guildId: guildId(),
    status: text('status', { enum: ['draft', 'scheduled', 'posted', 'failed'] })
      .notNull()
      .default('draft'),
    createdBy: text('created_by').notNull(),
    originalText: text('original_text').notNull(),
    originalLanguage: text('original_language').notNull(),
    translations: text('translations', { mode: 'json' }).$type<LangText>().notNull(),
    targetChannels: text('target_channels', { mode: 'json' }).$type<TargetChannel[]>().notNull(),
    /** Set by Post Now; the bot delivers and records the results. */
    postRequestedAt: integer('post_requested_at', { mode: 'timestamp_ms' }),
    postedAt: integer('posted_at', { mode: 'timestamp_ms' }),
    postResults: text('post_results', { mode: 'json' }).$type<PostResult[]>(),
    createdAt: createdAt(),
  },
  (t) => [index('announcements_guild').on(t.guildId, t.createdAt)],
);

/** A ticket category of the panel and the questions asked when it is opened. */
export interface TicketCategory {
  name: string;
  questions: string[];
}
/** One intake answer: the question as configured, the answer in the member's and the support language. */
export interface TicketIntakeAnswer {
  question: string;
  answer: LangText;
}

// ---- Support tickets ------------------------------------------------------------------------

export const tickets = sqliteTable(
  'tickets',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    guildId: guildId(),
    status: text('status', { enum: ['open', 'in_progress', 'resolved', 'closed'] })
      .notNull()
      .default('open'),
    subject: text('subject', { mode: 'json' }).$type<LangText>().notNull(),
    description: text('description', { mode: 'json' }).$type<LangText>().notNull(),
    supportLanguage: text('support_language').notNull().default('en'),
    userLanguage: text('user_language').notNull(),
    userId: text('user_id').notNull(),
    /** The Discord channel or thread where the member talks with support. */
    channelId: text('channel_id'),
    priority: text('priority', { enum: ['low', 'medium', 'high', 'urgent'] })
      .notNull()
      .default('medium'),
    category: text('category'),
    createdAt: createdAt(),
    resolvedAt: integer('resolved_at', { mode: 'timestamp_ms' }),
    /** The intake answers (question in the support language, answer in both languages). */
    intake: text('intake', { mode: 'json' }).$type<TicketIntakeAnswer[]>().notNull().default([]),
    /** The staff member who claimed the ticket (Discord id), and when. */
    claimedBy: text('claimed_by'),
    claimedAt: integer('claimed_at', { mode: 'timestamp_ms' }),
    /** The claimer's name in the server when they claimed it (the dashboard shows it; no member list is kept). */
    claimedByName: text('claimed_by_name'),
    /** Why it was closed (staff or member), in the closer's words. */
    closeReason: text('close_reason'),
    /** The member's 1-5 rating after the close. */
    rating: integer('rating'),
    /**
     * When the inactivity warning was posted (auto-close); a message or announcement after it
     * cancels it (features/tickets/auto-close.ts).
     */
    autoCloseWarnedAt: integer('auto_close_warned_at', { mode: 'timestamp_ms' }),
  },
  (t) => [index('tickets_guild_status').on(t.guildId, t.status, t.createdAt)],
);

export const ticketMessages = sqliteTable(
  'ticket_messages',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    ticketId: integer('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    messageId: text('message_id').notNull(),
    userId: text('user_id').notNull(),
    originalText: text('original_text').notNull(),
    originalLanguage: text('original_language').notNull(),
    translations: text('translations', { mode: 'json' }).$type<LangText>().notNull(),
    /** false when no provider could translate it; the original is shown. */
    translated: integer('translated', { mode: 'boolean' }).notNull().default(true),
    isStaff: integer('is_staff', { mode: 'boolean' }).notNull().default(false),
    /** Set once the bot delivered a staff reply to the member. */
    deliveredAt: integer('delivered_at', { mode: 'timestamp_ms' }),
    /** message: written by the member or staff; status: the bot's announcement of a status change. */
    kind: text('kind', { enum: ['message', 'status'] })
      .notNull()
      .default('message'),
    /** Where it was written: the dashboard (delivered by the bot) or Discord (the ticket's thread). */
    source: text('source', { enum: ['dashboard', 'discord'] })
      .notNull()
      .default('dashboard'),
    /** The last reason a delivery to Discord failed (kept while it is retried). */
    deliveryError: text('delivery_error'),
    createdAt: createdAt(),
  },
  (t) => [
    index('ticket_messages_ticket').on(t.ticketId, t.createdAt),
    index('ticket_messages_pending').on(t.deliveredAt, t.isStaff),
  ],
);

/** Where tickets open on Discord: the channel their private threads live in, and who answers. */
export const ticketSettings = sqliteTable('ticket_settings', {
  guildId: text('guild_id')
    .primaryKey()
    .references(() => guilds.id, { onDelete: 'cascade' }),
  /** The admin's pick; null: the bot uses (and creates when missing) a #tickets channel. */
  channelId: text('channel_id'),
  /** The channel the bot created as the default, remembered so it is made once. */
  defaultChannelId: text('default_channel_id'),
  /** The role added to every ticket thread (mentioned in the opening message). */
  supportRoleId: text('support_role_id'),
  /** The language staff read and write in. */
  supportLanguage: text('support_language').notNull().default('en'),
  /** The panel's categories, each with its intake questions (src/common/tickets/schemas.ts bounds). */
  categories: text('categories', { mode: 'json' }).$type<TicketCategory[]>().notNull().default([]),
  /** Tickets without activity for this many days are warned, then closed; null: off. */
  autoCloseDays: integer('auto_close_days'),
});

// ---- Language learning ----------------------------------------------------------------------

export const learnerProgress = sqliteTable(
  'learner_progress',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    guildId: guildId(),
    userId: text('user_id').notNull(),
    username: text('username').notNull().default(''),
    learningLanguage: text('learning_language').notNull(),
    nativeLanguage: text('native_language').notNull().default('en'),
    difficultyLevel: text('difficulty_level', { enum: ['beginner', 'intermediate', 'advanced'] })
      .notNull()
      .default('beginner'),
    wordsLearned: integer('words_learned').notNull().default(0),
    practiceStreak: integer('practice_streak').notNull().default(0),
    flashcardsReviewed: integer('flashcards_reviewed').notNull().default(0),
    correctAnswers: integer('correct_answers').notNull().default(0),
    lastPracticedAt: integer('last_practiced_at', { mode: 'timestamp_ms' }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('learner_progress_member').on(t.guildId, t.userId)],
);

// ---- Language exchange (the Pro plan) ---------------------------------------------------------

/** Where exchange pairs get their private thread ('' = no thread, members are told by DM only). */
export const exchangeSettings = sqliteTable('exchange_settings', {
  guildId: text('guild_id')
    .primaryKey()
    .references(() => guilds.id, { onDelete: 'cascade' }),
  channelId: text('channel_id').notNull().default(''),
});

/**
 * A member taking part in language exchange (waiting, or in a pair): ids, language codes and
 * times only (and the username the dashboard shows, as other member tables keep it).
 */
export const exchangeMembers = sqliteTable(
  'exchange_members',
  {
    guildId: guildId(),
    userId: text('user_id').notNull(),
    username: text('username').notNull().default(''),
    nativeLanguage: text('native_language').notNull(),
    learningLanguage: text('learning_language').notNull(),
    /** The language the bot speaks to this member in (their /setlanguage, locale or the server's). */
    replyLanguage: text('reply_language').notNull().default('en'),
    /** Since when the member waits (joined, or their last pair ended). */
    waitingSince: integer('waiting_since', { mode: 'timestamp_ms' }).notNull(),
    /** The partner of the pair this member ended with /exchange next: not matched with again. */
    previousPartnerId: text('previous_partner_id'),
    joinedAt: integer('joined_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.guildId, t.userId] })],
);

/**
 * A pair: stored first, then the bot tells both members (DM) and opens the private thread.
 * `deliveredAt` null = Discord work pending (retried when the bot connects).
 */
export const exchangePairs = sqliteTable(
  'exchange_pairs',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    guildId: guildId(),
    userA: text('user_a').notNull(),
    userB: text('user_b').notNull(),
    /** A's native language = what B learns; B's native language = what A learns. */
    languageA: text('language_a').notNull(),
    languageB: text('language_b').notNull(),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
    endedAt: integer('ended_at', { mode: 'timestamp_ms' }),
    endedReason: text('ended_reason', { enum: ['next', 'left'] }),
    /** The member who ended the pair (next or leave); the other one is told ('endTold'). */
    endedBy: text('ended_by'),
    /** How the member left behind was told the pair ended: null pending, 'dm', 'failed'. */
    endTold: text('end_told', { enum: ['dm', 'failed'] }),
    /** How each member was told: null pending, 'dm', 'reply' (the command's ephemeral answer), 'thread', 'failed'. */
    toldA: text('told_a', { enum: ['dm', 'reply', 'thread', 'failed'] }),
    toldB: text('told_b', { enum: ['dm', 'reply', 'thread', 'failed'] }),
    threadId: text('thread_id'),
    threadChannelId: text('thread_channel_id'),
    /** Why the thread or a notice could not be made (Discord's answer). */
    deliveryError: text('delivery_error'),
    deliveredAt: integer('delivered_at', { mode: 'timestamp_ms' }),
  },
  (t) => [
    index('exchange_pairs_guild').on(t.guildId, t.endedAt),
    index('exchange_pairs_pending').on(t.deliveredAt),
  ],
);

// ---- Voice translation ----------------------------------------------------------------------

export const voiceSessions = sqliteTable(
  'voice_sessions',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    guildId: guildId(),
    channelId: text('channel_id').notNull(),
    sourceLanguage: text('source_language').notNull(),
    targetLanguage: text('target_language').notNull(),
    status: text('status', { enum: ['active', 'ended', 'error'] })
      .notNull()
      .default('active'),
    durationSeconds: integer('duration_seconds').notNull().default(0),
    charactersProcessed: integer('characters_processed').notNull().default(0),
    startedBy: text('started_by'),
    startedAt: integer('started_at', { mode: 'timestamp_ms' }).notNull().default(now),
    endedAt: integer('ended_at', { mode: 'timestamp_ms' }),
    /** Why the session ended or failed (status error: the connection's failure), for the dashboard. */
    endReason: text('end_reason'),
    /** Where captions go: null = the voice channel's own chat; else a text channel (the webhook's). */
    captionChannelId: text('caption_channel_id'),
    /** A thread of captionChannelId the captions go into (null: the channel itself). */
    captionThreadId: text('caption_thread_id'),
  },
  (t) => [index('voice_sessions_guild').on(t.guildId, t.status, t.startedAt)],
);

/** Live captions settings of a server (the dashboard's Voice screen). */
export const voiceSettings = sqliteTable('voice_settings', {
  guildId: text('guild_id')
    .primaryKey()
    .references(() => guilds.id, { onDelete: 'cascade' }),
  /** Default caption channel or thread for sessions (null: each voice channel's own chat). */
  captionChannelId: text('caption_channel_id'),
});

// ---- Public site ----------------------------------------------------------------------------

export const contactMessages = sqliteTable('contact_messages', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  name: text('name').notNull(),
  email: text('email').notNull(),
  subject: text('subject').notNull(),
  type: text('type', { enum: ['bug', 'feature', 'support', 'other'] }).notNull(),
  message: text('message').notNull(),
  /** The Discord server the sender named (optional), and its plan when the message was sent. */
  serverId: text('server_id'),
  serverPlan: text('server_plan', { enum: ['free', 'plus', 'pro', 'ultimate'] }),
  /** The sender was signed in to the dashboard and manages that server: the plan is theirs. */
  serverVerified: integer('server_verified', { mode: 'boolean' }).notNull().default(false),
  /** When the first reply is due (the plan's support target); null: no target, no priority. */
  replyDueAt: integer('reply_due_at', { mode: 'timestamp_ms' }),
  createdAt: createdAt(),
  /** The operator opened it in the inbox. */
  readAt: integer('read_at', { mode: 'timestamp_ms' }),
  archivedAt: integer('archived_at', { mode: 'timestamp_ms' }),
  /** Forwarding by email (SMTP_URL, CONTACT_TO): set once the SMTP server accepted it. */
  forwardedAt: integer('forwarded_at', { mode: 'timestamp_ms' }),
  forwardAttempts: integer('forward_attempts').notNull().default(0),
  forwardError: text('forward_error'),
  /** When the next forwarding attempt is due (backoff after a failure). */
  nextForwardAt: integer('next_forward_at', { mode: 'timestamp_ms' }),
  /** A process is sending it until then (several web processes never send one message twice). */
  forwardClaimedUntil: integer('forward_claimed_until', { mode: 'timestamp_ms' }),
});

/**
 * The Ultimate plan's account manager of a server, assigned by the operator from the inbox: the
 * server's Plan & Usage card names them and the inbox tags the server's messages with them.
 */
export const accountManagers = sqliteTable('account_managers', {
  guildId: text('guild_id')
    .primaryKey()
    .references(() => guilds.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  email: text('email').notNull(),
  assignedAt: integer('assigned_at', { mode: 'timestamp_ms' }).notNull(),
});

// ---- Dashboard sessions ---------------------------------------------------------------------

export type ManagedGuild = {
  id: string;
  name: string;
  icon: string | null;
  owner: boolean;
  permissions: string;
};

export const adminSessions = sqliteTable('admin_sessions', {
  /** sha256 of the cookie value; the cookie value itself is never stored. */
  id: text('id').primaryKey(),
  /** token: logged in with ADMIN_TOKEN; discord: logged in with Discord OAuth. */
  kind: text('kind', { enum: ['token', 'discord'] }).notNull(),
  discordUserId: text('discord_user_id'),
  /** Discord login: the member's name and avatar hash, for the shell. */
  username: text('username'),
  avatar: text('avatar'),
  /** Discord login: the OAuth access token (scopes identify and guilds), to refresh the server list. */
  accessToken: text('access_token'),
  /** Discord login: the servers the member belongs to, as /users/@me/guilds answered at guildsFetchedAt. */
  guilds: text('guilds', { mode: 'json' }).$type<ManagedGuild[]>(),
  guildsFetchedAt: integer('guilds_fetched_at', { mode: 'timestamp_ms' }),
  createdAt: createdAt(),
  expiresAt: integer('expires_at', { mode: 'timestamp_ms' }).notNull(),
});

/** API keys (the Ultimate plan's API access): one server each; only a hash of the key is kept. */
export const apiKeys = sqliteTable(
  'api_keys',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    guildId: guildId(),
    name: text('name').notNull(),
    /** The first characters of the key, shown in the list ("pgk_a1b2c3"). */
    prefix: text('prefix').notNull(),
    /** sha256 of the whole key. */
    hash: text('hash').notNull(),
    createdBy: text('created_by').notNull(),
    createdAt: createdAt(),
    lastUsedAt: integer('last_used_at', { mode: 'timestamp_ms' }),
    revokedAt: integer('revoked_at', { mode: 'timestamp_ms' }),
  },
  (t) => [uniqueIndex('api_keys_hash').on(t.hash), index('api_keys_guild').on(t.guildId)],
);

/** Stripe events already applied: a resent event changes nothing. */
export const stripeEvents = sqliteTable('stripe_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  processedAt: createdAt(),
});

// ---- Work queue between processes -----------------------------------------------------------

/**
 * Work the dashboard or a timer asks of the bot (the bot-bound ServerEvents), one row a job, taken
 * by the bot process that holds the server's shard (services/queue.ts). The payload holds ids and
 * numbers only, never message text; done jobs are deleted after a short retention.
 */
export const queueJobs = sqliteTable(
  'queue_jobs',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    /** The ServerEvents name ('announcement:post', 'ticket:reply', ...). */
    kind: text('kind').notNull(),
    /** The server the job is for (not a foreign key: a job may outlive the server's rows). */
    guildId: text('guild_id').notNull(),
    payload: text('payload', { mode: 'json' }).$type<Record<string, unknown>>().notNull(),
    status: text('status', { enum: ['pending', 'done', 'failed'] })
      .notNull()
      .default('pending'),
    /** Tries so far (a claim counts as one). */
    attempts: integer('attempts').notNull().default(0),
    /** Not taken before this time (ms): retries wait their backoff here. */
    runAt: integer('run_at').notNull(),
    /** The process that holds the job, and until when (ms); an expired lease may be taken again. */
    leaseOwner: text('lease_owner'),
    leaseUntil: integer('lease_until'),
    lastError: text('last_error'),
    createdAt: createdAt(),
    finishedAt: integer('finished_at'),
  },
  (t) => [index('queue_jobs_due').on(t.status, t.runAt), index('queue_jobs_finished').on(t.finishedAt)],
);

/**
 * Each bot process's last report of its gateway connection (bot.reportStatus, every 30 s while
 * online), so a web process without the bot can tell the Setup screen and Post Now whether the
 * bot is online. Rows not refreshed for a while are ignored (services/bot-status.ts).
 */
export const botStatusReports = sqliteTable('bot_status', {
  /** host:pid of the reporting process. */
  owner: text('owner').primaryKey(),
  status: text('status', { mode: 'json' }).$type<Record<string, unknown>>().notNull(),
  updatedAt: integer('updated_at').notNull(),
});

/**
 * The public forms' fixed-window counters (login, contact, checkout), shared by every web
 * process. `key` is a SHA-256 hash of the visitor's address (with the form's name), never the
 * address itself; a row is deleted by the retention job a day after its window started.
 */
export const rateLimits = sqliteTable(
  'rate_limits',
  {
    scope: text('scope').notNull(),
    key: text('key').notNull(),
    /** When the current window started (ms). */
    windowStart: integer('window_start').notNull(),
    hits: integer('hits').notNull(),
  },
  (t) => [primaryKey({ columns: [t.scope, t.key] }), index('rate_limits_window').on(t.windowStart)],
);

/**
 * When each gateway identify bucket may identify next (Discord: one IDENTIFY per 5 s per
 * `shard_id % max_concurrency`), shared by every bot process of the installation.
 */
export const gatewayIdentify = sqliteTable('gateway_identify', {
  rateLimitKey: integer('rate_limit_key').primaryKey(),
  /** Unix ms before which no shard of this bucket may identify. */
  nextAt: integer('next_at').notNull(),
});

// ---- Learning decks the provider wrote (product text, never members' content) ------------------

/**
 * Flashcards of a language without a built-in deck: written once by the translation provider per
 * language and level (the built-in deck's words, with a reading where the script needs one and an
 * example sentence), checked for shape and kept for every server.
 */
export const learningDecks = sqliteTable(
  'learning_decks',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    language: text('language').notNull(),
    level: text('level', { enum: ['beginner', 'intermediate', 'advanced'] }).notNull(),
    cards: text('cards', { mode: 'json' }).$type<GeneratedCard[]>().notNull(),
    /** The provider that wrote it, e.g. "gemini:gemini-2.5-flash". */
    provider: text('provider').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('learning_decks_language_level').on(t.language, t.level)],
);

/** One card of a generated deck: the built-in deck's word id, the word, its reading, an example. */
export interface GeneratedCard {
  id: string;
  word: string;
  reading?: string;
  example: string;
}

// ---- Integrations (Ultimate): YouTube uploads and Twitch go-live posted to language channels ----

/**
 * A YouTube channel or Twitch broadcaster a server follows; its news is posted, translated like an
 * announcement, into the language channels of one channel link.
 */
export const integrations = sqliteTable(
  'integrations',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    guildId: guildId(),
    kind: text('kind', { enum: ['youtube', 'twitch'] }).notNull(),
    /** YouTube channel id (UC…) or Twitch broadcaster user id. */
    sourceId: text('source_id').notNull(),
    /** What the screen shows: the channel's title, or the Twitch login. */
    sourceName: text('source_name').notNull().default(''),
    /** The channel link whose language channels get the posts. */
    linkId: integer('link_id')
      .notNull()
      .references(() => channelLinks.id, { onDelete: 'cascade' }),
    /** YouTube: when the hub verified our WebSub subscription, and until when (push instead of polling). */
    pushVerifiedAt: integer('push_verified_at', { mode: 'timestamp_ms' }),
    pushExpiresAt: integer('push_expires_at', { mode: 'timestamp_ms' }),
    /** Twitch: the EventSub subscription id and its status (enabled, webhook_callback_verification_pending…). */
    subscriptionId: text('subscription_id'),
    subscriptionStatus: text('subscription_status'),
    /** Twitch: when the subscription is made again (after a failure, or a verification that never came). */
    subscriptionRetryAt: integer('subscription_retry_at', { mode: 'timestamp_ms' }),
    /** Twitch: failed attempts in a row (the backoff step); 0 once Twitch verified it. */
    subscriptionAttempts: integer('subscription_attempts').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('integrations_source').on(t.guildId, t.kind, t.sourceId),
    index('integrations_kind_source').on(t.kind, t.sourceId),
  ],
);

/** What an integration already posted (or saw when added): a video id, a Twitch stream id. */
export const integrationItems = sqliteTable(
  'integration_items',
  {
    integrationId: integer('integration_id')
      .notNull()
      .references(() => integrations.id, { onDelete: 'cascade' }),
    itemId: text('item_id').notNull(),
    /** The announcement it became (null: seen when the integration was added, not posted). */
    announcementId: integer('announcement_id'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.integrationId, t.itemId] })],
);

/** EventSub message ids already handled (Twitch may deliver one more than once). */
export const webhookMessages = sqliteTable('webhook_messages', {
  id: text('id').primaryKey(),
  receivedAt: integer('received_at', { mode: 'timestamp_ms' }).notNull(),
});

// ---- White-label (Ultimate): the bot's own face in a server ------------------------------------

/**
 * How the bot shows itself in one server (Discord's Modify Current Member: nickname, avatar,
 * banner, bio) and the brand colour and footer of what it posts. Empty fields: Discord's defaults.
 */
export const whiteLabel = sqliteTable('white_label', {
  guildId: text('guild_id')
    .primaryKey()
    .references(() => guilds.id, { onDelete: 'cascade' }),
  nickname: text('nickname'),
  /** data:image/…;base64 URIs, as Discord takes them. */
  avatar: text('avatar'),
  banner: text('banner'),
  bio: text('bio'),
  /** 0xRRGGBB, or null for the product's colour. */
  brandColor: integer('brand_color'),
  footer: text('footer'),
  updatedAt: integer('updated_at', { mode: 'timestamp_ms' }).notNull(),
  /** When Discord last accepted the profile, or why it refused. */
  appliedAt: integer('applied_at', { mode: 'timestamp_ms' }),
  applyError: text('apply_error'),
});
/**
 * A server's own translation provider key (issue 28, features/provider-keys): the key encrypted
 * with AES-256-GCM under PROVIDER_KEY_SECRET (a random 12-byte IV per write, the auth tag, and the
 * secret's fingerprint as key version); only its last 4 characters are kept in clear. Deleted
 * (the row) when the admin removes it.
 */
export const guildProviderKeys = sqliteTable('guild_provider_keys', {
  guildId: text('guild_id')
    .primaryKey()
    .references(() => guilds.id, { onDelete: 'cascade' }),
  /** gemini, openai (an OpenAI-compatible server), deepl. */
  provider: text('provider', { enum: ['gemini', 'openai', 'deepl'] }).notNull(),
  /** OpenAI-compatible: the server's base URL (with its version path). */
  baseUrl: text('base_url'),
  /** Gemini and OpenAI-compatible: the model. */
  model: text('model'),
  ciphertext: text('ciphertext').notNull(),
  iv: text('iv').notNull(),
  authTag: text('auth_tag').notNull(),
  /** Which secret encrypted it (the first 8 hex digits of its SHA-256): a rotated secret is told apart. */
  keyVersion: text('key_version').notNull(),
  last4: text('last4').notNull(),
  /** The operator's provider answers when the server's own fails. */
  allowFallback: integer('allow_fallback', { mode: 'boolean' }).notNull().default(false),
  createdAt: createdAt(),
  updatedAt: integer('updated_at', { mode: 'timestamp_ms' }).notNull(),
});

/** Translations answered on a server's own key, per UTC month: left out of the plan's allowance. */
export const providerKeyUsage = sqliteTable(
  'provider_key_usage',
  {
    guildId: guildId(),
    /** "YYYY-MM" (UTC). */
    month: text('month').notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.guildId, t.month] })],
);

/**
 * The status page's measurements: one sample per component and minute, written by the web tier
 * (src/server/features/status). `component` is 'web', 'provider' or 'shard:N'; `at` the minute's
 * start (ms); `up` 1 or 0. A minute without a sample counts as down. Deleted past 90 days.
 */
export const healthSamples = sqliteTable(
  'health_samples',
  {
    component: text('component').notNull(),
    at: integer('at').notNull(),
    up: integer('up').notNull(),
  },
  (t) => [primaryKey({ columns: [t.component, t.at] }), index('health_samples_at').on(t.at)],
);
