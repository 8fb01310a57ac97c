import {
  DiscordAPIError,
  type Guild,
  type GuildMember,
  PermissionFlagsBits,
  RESTJSONErrorCodes,
} from 'discord.js';
import type { CaseAction } from '../../../src/common/cases/schemas';

/**
 * Whether a moderator may act on a member, decided from Discord's view before anything is done:
 * never on yourself, the owner or the bot; the bot's and the moderator's highest roles must be
 * above the member's; Discord refuses timeouts of administrators. A message naming the problem,
 * or null when the action may go ahead.
 */
export function refusal(
  guild: Guild,
  moderator: GuildMember,
  target: GuildMember,
  action: CaseAction,
): string | null {
  const name = target.displayName;
  if (target.id === moderator.id) return '❌ You cannot open a case against yourself.';
  if (target.id === guild.ownerId) return `❌ ${name} owns this server: no one can ${action} the owner.`;
  const me = guild.members.me;
  if (target.id === me?.id) return '❌ I cannot act on myself.';
  if (action === 'warn') return null;
  if (!me || me.roles.highest.comparePositionTo(target.roles.highest) <= 0) {
    return `❌ My highest role (${me?.roles.highest.name ?? 'none'}) is not above ${name}'s (${target.roles.highest.name}): move my role higher in Server Settings → Roles, then try again.`;
  }
  if (
    moderator.id !== guild.ownerId &&
    moderator.roles.highest.comparePositionTo(target.roles.highest) <= 0
  ) {
    return `❌ Your highest role (${moderator.roles.highest.name}) is not above ${name}'s (${target.roles.highest.name}).`;
  }
  if (action === 'timeout' && target.permissions.has(PermissionFlagsBits.Administrator)) {
    return `❌ ${name} is an administrator: Discord does not allow timing out administrators.`;
  }
  return null;
}

/** The member on this server, or null when Discord says they are not on it. */
export async function memberOf(guild: Guild, userId: string): Promise<GuildMember | null> {
  try {
    return await guild.members.fetch(userId);
  } catch (err) {
    if (
      err instanceof DiscordAPIError &&
      (err.code === RESTJSONErrorCodes.UnknownMember || err.code === RESTJSONErrorCodes.UnknownUser)
    )
      return null;
    throw err;
  }
}

/** What Discord answered when it refused an action, for the moderator. */
export function discordRefusal(err: unknown): string {
  if (err instanceof DiscordAPIError) {
    if (err.code === RESTJSONErrorCodes.UnknownBan) return '❌ That user is not banned on this server.';
    if (err.code === RESTJSONErrorCodes.MissingPermissions)
      return '❌ Discord refused: I am missing the permission for this action (check my role in Server Settings → Roles).';
    return `❌ Discord refused: ${err.message}`;
  }
  return `❌ Discord refused: ${err instanceof Error ? err.message : String(err)}`;
}
