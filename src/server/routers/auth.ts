import { TRPCError } from '@trpc/server';
import { z } from 'zod';
import { createSession, deleteSession, SESSION_DAYS, sessionCookie, tokensMatch } from '../services/auth';
import { adminProcedure, publicProcedure, router } from '../trpc';

export const authRouter = router({
  /** Whether this browser is logged in to the dashboard. */
  me: publicProcedure.query(({ ctx }) => ({
    authenticated: ctx.actor.kind !== 'public',
    discordLogin: Boolean(ctx.env.DISCORD_CLIENT_ID && ctx.env.DISCORD_CLIENT_SECRET),
  })),

  /** Logs in with the admin token; sets an HttpOnly session cookie for 7 days. */
  login: publicProcedure
    .input(z.object({ token: z.string().trim().min(1, 'enter the admin token') }))
    .mutation(({ ctx, input }) => {
      const limit = ctx.limits.login.hit(ctx.clientIp);
      if (!limit.ok) {
        throw new TRPCError({
          code: 'TOO_MANY_REQUESTS',
          message: `too many login attempts; try again in ${limit.retryAfterSeconds} s`,
        });
      }
      if (!tokensMatch(input.token, ctx.adminToken)) {
        throw new TRPCError({ code: 'UNAUTHORIZED', message: 'token: that admin token is not right' });
      }
      const { cookieValue } = createSession(ctx.db, ctx.clock());
      const secure = ctx.env.PUBLIC_URL.startsWith('https:');
      ctx.resHeaders?.append('Set-Cookie', sessionCookie(cookieValue, SESSION_DAYS * 86_400, secure));
      return { authenticated: true };
    }),

  logout: adminProcedure.mutation(({ ctx }) => {
    if (ctx.actor.kind === 'admin' && ctx.actor.sessionId) deleteSession(ctx.db, ctx.actor.sessionId);
    ctx.resHeaders?.append('Set-Cookie', sessionCookie('', 0, ctx.env.PUBLIC_URL.startsWith('https:')));
    return { authenticated: false };
  }),
});
