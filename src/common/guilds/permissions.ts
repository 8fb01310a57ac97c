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

export interface FeaturePermissions {
  feature: string;
  /** Where the feature is in the dashboard (the screen that says what is missing). */
  screen: string;
  permissions: BotPermission[];
  why: string;
}

export const FEATURE_PERMISSIONS: FeaturePermissions[] = [
  {
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
    feature: 'Announcements and polls',
    screen: 'Announcements, Polls',
    permissions: ['ViewChannel', 'SendMessages', 'EmbedLinks', 'ReadMessageHistory'],
    why: 'posts each language version and edits the poll results',
  },
  {
    feature: 'Tickets and language exchange',
    screen: 'Tickets, Exchange',
    permissions: ['CreatePrivateThreads', 'SendMessagesInThreads', 'ManageThreads'],
    why: 'opens a private thread per ticket or pair, adds the member, closes it',
  },
  {
    feature: 'Moderation',
    screen: 'Moderation',
    permissions: ['ManageMessages', 'ModerateMembers'],
    why: 'removes flagged messages and times members out',
  },
  {
    feature: 'Roles (welcome role, reaction roles, level rewards)',
    screen: 'Welcome, Reaction roles, Leveling',
    permissions: ['ManageRoles'],
    why: "gives and takes roles; the bot's own role must sit above them (Server Settings → Roles)",
  },
  {
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
