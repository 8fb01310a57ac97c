import { TRPCError } from '@trpc/server';
import { z } from 'zod';
import { isOperator } from '../../core/access';
import {
  createSession,
  deleteSession,
  SESSION_DAYS,
  sessionCookie,
  tokensMatch,
} from '../../core/admin-token';
import { discordLoginEnabled } from '../../core/discord-oauth';
import { adminProcedure, publicProcedure, router } from '../../core/trpc';

export const authRouter = router({
  /** Whether this browser is logged in, as whom, and which logins this installation offers. */
  me: publicProcedure.query(({ ctx }) => {
    const { actor } = ctx;
    return {
      authenticated: actor.kind !== 'public',
      discordLogin: discordLoginEnabled(ctx.env),
      operator: isOperator(actor),
      user:
        actor.kind === 'discord'
          ? { id: actor.userId, username: actor.username, avatar: actor.avatar }
          : null,
    };
  }),

  /**
   * Logs in with the admin token (the operator of the installation); sets an HttpOnly session
   * cookie for 7 days. Only failures count towards the lockout (10 in 15 minutes per address).
   */
  login: publicProcedure
    .input(z.object({ token: z.string().trim().min(1, 'enter the admin token') }))
    .mutation(async ({ ctx, input }) => {
      const limit = await ctx.limits.login.peek(ctx.clientIp);
      if (!limit.ok) {
        throw new TRPCError({
          code: 'TOO_MANY_REQUESTS',
          message: `too many failed logins; try again in ${limit.retryAfterSeconds} s`,
          cause: Object.assign(new Error('rate limited'), { retryAfterSeconds: limit.retryAfterSeconds }),
        });
      }
      if (!tokensMatch(input.token, ctx.adminToken)) {
        await ctx.limits.login.hit(ctx.clientIp);
        throw new TRPCError({ code: 'UNAUTHORIZED', message: 'token: that admin token is not right' });
      }
      const { cookieValue } = await createSession(ctx.db, ctx.clock());
      const secure = ctx.env.PUBLIC_URL.startsWith('https:');
      ctx.resHeaders?.append('Set-Cookie', sessionCookie(cookieValue, SESSION_DAYS * 86_400, secure));
      return { authenticated: true };
    }),

  logout: adminProcedure.mutation(async ({ ctx }) => {
    const { actor } = ctx;
    if ((actor.kind === 'admin' || actor.kind === 'discord') && actor.sessionId)
      await deleteSession(ctx.db, actor.sessionId);
    ctx.resHeaders?.append('Set-Cookie', sessionCookie('', 0, ctx.env.PUBLIC_URL.startsWith('https:')));
    return { authenticated: false };
  }),
});
