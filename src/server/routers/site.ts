import { publicProcedure, router } from '../trpc';

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

export const siteRouter = router({
  /**
   * What the public pages need from the server's configuration, in words a visitor may see:
   * inviteUrl is null when the Discord application is not set up; checkout is false when online
   * payment is not (the pricing page then offers contact instead).
   */
  config: publicProcedure.query(({ ctx }) => ({
    supportEmail: ctx.env.SUPPORT_EMAIL,
    inviteUrl: inviteUrlFor(ctx.env.DISCORD_CLIENT_ID),
    checkout: Boolean(ctx.env.STRIPE_SECRET_KEY),
  })),
});
