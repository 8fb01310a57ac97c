/**
 * What each feature needs the bot to be allowed on a server (issue 26). The invite link asks for
 * exactly their union, and docs/discord-setup.md's table is this list (a test compares them).
 */
/** Discord's permission bits (docs: topics/permissions; test/api/invite-permissions.test.ts checks them against discord.js). */
export const PERMISSION_BITS = {
  AddReactions: 1n << 6n,
  ViewChannel: 1n << 10n,
  SendMessages: 1n << 11n,
  ManageMessages: 1n << 13n,
  EmbedLinks: 1n << 14n,
  AttachFiles: 1n << 15n,
  ReadMessageHistory: 1n << 16n,
  Connect: 1n << 20n,
  Speak: 1n << 21n,
  ManageRoles: 1n << 28n,
  ManageWebhooks: 1n << 29n,
  ManageThreads: 1n << 34n,
  CreatePublicThreads: 1n << 35n,
  CreatePrivateThreads: 1n << 36n,
  SendMessagesInThreads: 1n << 38n,
  ModerateMembers: 1n << 40n,
} as const;

export type BotPermission = keyof typeof PERMISSION_BITS;

export type FeatureKey = 'translation' | 'announcements' | 'tickets' | 'moderation' | 'roles' | 'voice';

export interface FeaturePermissions {
  key: FeatureKey;
  feature: string;
  /** Where the feature is in the dashboard (the screen that says what is missing). */
  screen: string;
  permissions: BotPermission[];
  why: string;
}

export const FEATURE_PERMISSIONS: FeaturePermissions[] = [
  {
    key: 'translation',
    feature: 'Translation (mirror, single-channel, flag reactions)',
    screen: 'Channels',
    permissions: [
      'ViewChannel',
      'SendMessages',
      'SendMessagesInThreads',
      'ReadMessageHistory',
      'ManageWebhooks',
      'CreatePublicThreads',
      'EmbedLinks',
      'AttachFiles',
      'AddReactions',
      'ManageMessages',
    ],
    why: 'posts copies as the author through a webhook per channel, follows threads, re-uploads files, replies, marks paused messages, removes copies of deleted messages',
  },
  {
    key: 'announcements',
    feature: 'Announcements and polls',
    screen: 'Announcements, Polls',
    permissions: ['ViewChannel', 'SendMessages', 'EmbedLinks', 'ReadMessageHistory'],
    why: 'posts each language version and edits the poll results',
  },
  {
    key: 'tickets',
    feature: 'Tickets and language exchange',
    screen: 'Tickets, Exchange',
    permissions: ['CreatePrivateThreads', 'SendMessagesInThreads', 'ManageThreads'],
    why: 'opens a private thread per ticket or pair, adds the member, closes it',
  },
  {
    key: 'moderation',
    feature: 'Moderation',
    screen: 'Moderation',
    permissions: ['ManageMessages', 'ModerateMembers'],
    why: 'removes flagged messages and times members out',
  },
  {
    key: 'roles',
    feature: 'Roles (welcome role, reaction roles, level rewards)',
    screen: 'Welcome, Reaction roles, Leveling',
    permissions: ['ManageRoles'],
    why: "gives and takes roles; the bot's own role must sit above them (Server Settings → Roles)",
  },
  {
    key: 'voice',
    feature: 'Live voice captions',
    screen: 'Voice',
    permissions: ['Connect', 'Speak'],
    why: 'joins the voice channel (Discord asks Speak of a bot that joins; it never plays audio)',
  },
];

/** Discord's words for a permission, as in Server Settings ("ManageWebhooks" -> "Manage Webhooks"). */
export function permissionLabel(p: BotPermission): string {
  const special: Partial<Record<BotPermission, string>> = {
    ViewChannel: 'View Channels',
    SendMessagesInThreads: 'Send Messages in Threads',
  };
  return special[p] ?? p.replace(/([a-z])([A-Z])/g, '$1 $2');
}

/** The union of every feature's permissions, as the invite's `permissions` number. */
export function invitePermissions(features: FeaturePermissions[] = FEATURE_PERMISSIONS): bigint {
  let bits = 0n;
  for (const f of features) for (const p of f.permissions) bits |= PERMISSION_BITS[p];
  return bits;
}

/** The table of docs/discord-setup.md, section 2. */
export function permissionsTableMarkdown(): string {
  const rows = FEATURE_PERMISSIONS.map(
    (f) => `| ${f.feature} | ${f.permissions.map(permissionLabel).join(', ')} | ${f.why} |`,
  );
  return ['| Feature | Permissions | Why |', '|---|---|---|', ...rows].join('\n');
}

/** Permissions only a role grants (a channel's overwrites cannot give or take them here). */
const SERVER_WIDE: BotPermission[] = ['ManageRoles', 'ModerateMembers'];
/** Voice channels (2 voice, 13 stage): what live captions need there. */
export const VOICE_CHANNEL_TYPES = [2, 13];
const VOICE_NEEDS: BotPermission[] = ['ViewChannel', 'Connect', 'Speak'];

/**
 * What the bot needs in a channel of this Discord type: in a voice channel what captions need,
 * elsewhere what the features that post in text channels need (never the server-wide ones).
 */
export function channelNeeds(type: number): BotPermission[] {
  if (VOICE_CHANNEL_TYPES.includes(type)) return VOICE_NEEDS;
  const all = FEATURE_PERMISSIONS.filter((f) => f.key !== 'voice').flatMap((f) => f.permissions);
  return [...new Set(all)].filter((p) => !SERVER_WIDE.includes(p));
}

/** Every permission some feature needs, in the table's order. */
export const NEEDED_PERMISSIONS: BotPermission[] = [
  ...new Set(FEATURE_PERMISSIONS.flatMap((f) => f.permissions)),
];

/**
 * What the bot may not do on a server, computed by the bot from what Discord says (its member's
 * roles and @everyone; each channel's overwrites). `guild`: missing from its roles (granted in
 * Server Settings → Roles → `role`). `channels`: allowed by its roles but taken away in that
 * channel by an overwrite (granted in the channel's Permissions); a channel the bot cannot see
 * lists View Channels alone.
 */
export interface BotPermissionReport {
  /** The bot's own role (the one Discord created when it joined), or its highest, by name. */
  role: string | null;
  guild: BotPermission[];
  channels: { id: string; missing: BotPermission[] }[];
}

/** Whether a permission name is one of ours (input checks of reports). */
export function isBotPermission(p: string): p is BotPermission {
  return Object.hasOwn(PERMISSION_BITS, p);
}

export interface FeatureGap {
  key: FeatureKey;
  feature: string;
  /** Missing from the bot's roles, for this feature. */
  guild: BotPermission[];
  /** Taken away in these channels (only the channels asked about). */
  channels: { id: string; missing: BotPermission[] }[];
}

/**
 * Which of a feature's permissions the report says are missing: server-wide, and in the given
 * channels (the ones the feature posts in; all the report lists when `channelIds` is omitted).
 */
export function featureGap(
  report: BotPermissionReport,
  key: FeatureKey,
  channelIds?: readonly string[],
): FeatureGap {
  const f = FEATURE_PERMISSIONS.find((x) => x.key === key);
  if (!f) throw new Error(`unknown feature ${key}`);
  const wanted = new Set(f.permissions);
  const inScope = (id: string) => !channelIds || channelIds.includes(id);
  return {
    key,
    feature: f.feature,
    guild: report.guild.filter((p) => wanted.has(p)),
    channels: report.channels
      .filter((c) => inScope(c.id))
      .map((c) => ({ id: c.id, missing: c.missing.filter((p) => wanted.has(p)) }))
      .filter((c) => c.missing.length > 0),
  };
}

/** Where a server admin grants what the bot's roles lack, in Discord's words. */
export function whereToGrantRole(role: string | null): string {
  return `Server Settings → Roles → ${role ?? 'the bot’s role'}`;
}

/** Where a server admin gives back what a channel's overwrites take away (a voice channel has no #). */
export function whereToGrantChannel(channelName: string, role: string | null, voice = false): string {
  return `${voice ? '' : '#'}${channelName} → Edit Channel → Permissions → ${role ?? 'the bot’s role'}`;
}
