import {
  DiscordAPIError,
  type Guild,
  type GuildMember,
  PermissionFlagsBits,
  RESTJSONErrorCodes,
} from 'discord.js';
import type { CaseAction } from '../../../src/common/cases/schemas';
import type { StaffWords } from './words';

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
  t: StaffWords,
): string | null {
  const name = target.displayName;
  if (target.id === moderator.id) return t('yourself');
  if (target.id === guild.ownerId) return t('owner', { name, action });
  const me = guild.members.me;
  if (target.id === me?.id) return t('botItself');
  if (action === 'warn') return null;
  const theirs = target.roles.highest.name;
  if (!me || me.roles.highest.comparePositionTo(target.roles.highest) <= 0)
    return t('botRoleLow', { mine: me?.roles.highest.name ?? 'none', name, theirs });
  if (moderator.id !== guild.ownerId && moderator.roles.highest.comparePositionTo(target.roles.highest) <= 0)
    return t('moderatorRoleLow', { mine: moderator.roles.highest.name, name, theirs });
  if (action === 'timeout' && target.permissions.has(PermissionFlagsBits.Administrator))
    return t('adminTimeout', { name });
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

/** What Discord answered when it refused an action, for the moderator (Discord's own message as it came). */
export function discordRefusal(err: unknown, t: StaffWords): string {
  if (err instanceof DiscordAPIError) {
    if (err.code === RESTJSONErrorCodes.UnknownBan) return t('notBanned');
    if (err.code === RESTJSONErrorCodes.MissingPermissions) return t('botMissingPermission');
    return t('discordRefused', { error: err.message });
  }
  return t('discordRefused', { error: err instanceof Error ? err.message : String(err) });
}
