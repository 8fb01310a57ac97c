import { eq } from 'drizzle-orm';
import { adminSessions } from '../../db/schema';
import type { Context } from './trpc';

/**
 * The operator of this installation (not a server admin): whoever holds the ADMIN_TOKEN, sent as
 * a bearer token or used to log into the dashboard (a session of kind 'token'). The contact inbox
 * is theirs alone; Discord logins (sessions of kind 'discord') are server admins, not the operator.
 * The lead extends this when Discord logins land.
 */
export function isOperator(ctx: Pick<Context, 'actor' | 'db'>): boolean {
  if (ctx.actor.kind !== 'admin') return false;
  if (ctx.actor.via === 'token') return true;
  if (!ctx.actor.sessionId) return false;
  const session = ctx.db
    .select({ kind: adminSessions.kind })
    .from(adminSessions)
    .where(eq(adminSessions.id, ctx.actor.sessionId))
    .get();
  return session?.kind === 'token';
}
