import { invitePermissions } from '../../../common/guilds/permissions';

/**
 * Discord's authorization page: scopes bot and applications.commands, and exactly the permissions
 * the features need (permissions.ts; docs/discord-setup.md lists them per feature).
 */
export function inviteUrlFor(clientId: string | undefined, guildId?: string): string | null {
  if (!clientId) return null;
  const params = new URLSearchParams({
    client_id: clientId,
    permissions: invitePermissions().toString(),
    scope: 'bot applications.commands',
    // "Add bot" from the server picker: that server preselected.
    ...(guildId ? { guild_id: guildId, disable_guild_select: 'true' } : {}),
  });
  return `https://discord.com/oauth2/authorize?${params.toString()}`;
}
