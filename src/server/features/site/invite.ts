/** Discord's authorization page: administrator permission (8), scopes bot and applications.commands. */
export function inviteUrlFor(clientId: string | undefined, guildId?: string): string | null {
  if (!clientId) return null;
  const params = new URLSearchParams({
    client_id: clientId,
    permissions: '8',
    scope: 'bot applications.commands',
    // "Add bot" from the server picker: that server preselected.
    ...(guildId ? { guild_id: guildId, disable_guild_select: 'true' } : {}),
  });
  return `https://discord.com/oauth2/authorize?${params.toString()}`;
}
