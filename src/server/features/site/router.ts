import { publicProcedure, router } from '../../core/trpc';
import { siteCapabilities } from './capabilities';
import { inviteUrlFor } from './invite';

export const siteRouter = router({
  /**
   * What the public pages need from the server's configuration, in words a visitor may see:
   * inviteUrl is null when the Discord application is not set up; checkout is false when online
   * payment is not (the pricing page then offers contact instead); languageCount, aiModeration and voice
   * are what the configured providers do (capabilities.ts), so the landing claims no more.
   */
  config: publicProcedure.query(({ ctx }) => ({
    supportEmail: ctx.env.SUPPORT_EMAIL ?? null,
    inviteUrl: inviteUrlFor(ctx.env.DISCORD_CLIENT_ID),
    checkout: Boolean(ctx.env.STRIPE_SECRET_KEY),
    ...siteCapabilities(ctx.env),
  })),
});
