import { TRPCError } from '@trpc/server';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { preparedPerDb } from '../../../db/prepared';
import { adminSessions, guilds, type ManagedGuild } from '../../../db/schema';
import type { Services } from './services';
import { canManage, fetchGuilds, LoginError } from './discord-oauth';
import { assertCapability } from './plans';

/**
 * Who is calling: a visitor; the operator (admin token, or a dashboard session opened with it);
 * a server admin logged in with Discord; a server's API key; or the bot in-process. Which
 * servers each may act on is decided below.
 */
export type Actor =
  | { kind: 'public' }
  | { kind: 'admin'; via: 'token' | 'session'; sessionId?: string }
  | { kind: 'discord'; sessionId: string; userId: string; username: string; avatar: string | null }
  | { kind: 'apiKey'; guildId: string; keyId: number }
  | { kind: 'bot' };

/**
 * Who may act on which server, decided here and nowhere else (DESIGN.md "Many servers"):
 * - the operator (admin token or its dashboard session) reaches every server the bot is in;
 * - a Discord login reaches the servers its member owns or holds Administrator / Manage Server
 *   on (from /users/@me/guilds, refreshed at most every GUILDS_REFRESH_MS) where the bot is;
 * - an API key reaches its one server, while that server's plan includes API access;
 * - the bot in-process reaches every server.
 */
export const GUILDS_REFRESH_MS = 5 * 60_000;

/** The same answer whether the server exists or not: nothing about other servers leaks. */
export function forbiddenGuild(): TRPCError {
  return new TRPCError({
    code: 'FORBIDDEN',
    message: 'guildId: you may not manage this server, or the bot is not in it',
  });
}

export const isOperator = (actor: Actor): boolean => actor.kind === 'admin';

const refreshing = new Map<string, Promise<ManagedGuild[]>>();

/**
 * The servers of a Discord login as Discord last said, refreshed when older than the window
 * (or when `force`, from the picker). A failed refresh keeps the last answer and says so in the log.
 */
export async function sessionGuilds(
  services: Pick<Services, 'db' | 'env' | 'clock'>,
  sessionId: string,
  opts: { force?: boolean } = {},
): Promise<ManagedGuild[]> {
  const row = await services.db.select().from(adminSessions).where(eq(adminSessions.id, sessionId)).get();
  if (row?.kind !== 'discord') return [];
  const now = services.clock().getTime();
  const fresh = row.guildsFetchedAt && now - row.guildsFetchedAt.getTime() < GUILDS_REFRESH_MS;
  if ((fresh && !opts.force) || !row.accessToken) return row.guilds ?? [];
  const running = refreshing.get(sessionId);
  if (running) return running;
  const token = row.accessToken;
  const refresh = (async () => {
    try {
      const list = await fetchGuilds(services.env, token);
      await services.db
        .update(adminSessions)
        .set({ guilds: list, guildsFetchedAt: services.clock() })
        .where(eq(adminSessions.id, sessionId))
        .run();
      return list;
    } catch (err) {
      if (err instanceof LoginError && err.reason === 'code') {
        // Discord revoked the login: nothing is manageable any more; the member logs in again.
        await services.db
          .update(adminSessions)
          .set({ guilds: [], guildsFetchedAt: services.clock() })
          .where(eq(adminSessions.id, sessionId))
          .run();
        return [];
      }
      console.warn(`Could not refresh the servers of a Discord login: ${(err as Error).message}`);
      return row.guilds ?? [];
    } finally {
      refreshing.delete(sessionId);
    }
  })();
  refreshing.set(sessionId, refresh);
  return refresh;
}

/** The servers this login manages where the bot is present, by name. */
export async function manageableGuildIds(
  services: Pick<Services, 'db' | 'env' | 'clock'>,
  sessionId: string,
): Promise<string[]> {
  const managed = (await sessionGuilds(services, sessionId)).filter(canManage).map((g) => g.id);
  if (managed.length === 0) return [];
  return (
    await services.db
      .select({ id: guilds.id })
      .from(guilds)
      .where(and(inArray(guilds.id, managed), eq(guilds.present, true)))
      .orderBy(asc(guilds.name), asc(guilds.id))
      .all()
  ).map((g) => g.id);
}

/**
 * Whether the bot is in a server: read on every guild procedure's access check, so prepared once
 * per database handle (db/prepared.ts; building the query cost more CPU than running it, bench:api).
 */
const presentRow = preparedPerDb((db) =>
  db
    .select({ present: guilds.present })
    .from(guilds)
    .where(eq(guilds.id, sql.placeholder('guildId')))
    .prepare(),
);

async function guildPresent(db: Services['db'], guildId: string): Promise<boolean> {
  return Boolean((await presentRow(db).get({ guildId }))?.present);
}

/**
 * authorizeGuild once per request and requested server: the answer (or the refusal) is kept in the
 * request's own `access` map (http.ts's contextFor makes a new one for every HTTP request), so a
 * tRPC batch of several guild procedures reads the caller's access once. Never shared between
 * requests: a revoked key or a server the bot left is refused on the very next request.
 */
export function authorizeGuildOnce(
  ctx: Pick<Services, 'db' | 'env' | 'clock'> & { actor: Actor; access?: Map<string, Promise<string>> },
  requested: string | undefined,
): Promise<string> {
  if (!ctx.access) return authorizeGuild(ctx, requested);
  const key = requested ?? '';
  let answer = ctx.access.get(key);
  if (!answer) {
    answer = authorizeGuild(ctx, requested);
    ctx.access.set(key, answer);
  }
  return answer;
}

/**
 * The server a guild-scoped procedure acts on: the requested one (or the caller's default when
 * none is given) once the caller may manage it; 403 otherwise.
 */
export async function authorizeGuild(
  ctx: Pick<Services, 'db' | 'env' | 'clock'> & { actor: Actor },
  requested: string | undefined,
): Promise<string> {
  const { actor } = ctx;
  switch (actor.kind) {
    case 'bot':
      return requested ?? ctx.env.DEFAULT_GUILD_ID;
    case 'admin': {
      const guildId = requested ?? ctx.env.DEFAULT_GUILD_ID;
      if (!(await guildPresent(ctx.db, guildId)) && guildId !== ctx.env.DEFAULT_GUILD_ID)
        throw forbiddenGuild();
      return guildId;
    }
    case 'apiKey': {
      const guildId = requested ?? actor.guildId;
      if (guildId !== actor.guildId || !(await guildPresent(ctx.db, guildId))) throw forbiddenGuild();
      await assertCapability(ctx.db, guildId, 'apiAccess');
      return guildId;
    }
    case 'discord': {
      const ids = await manageableGuildIds(ctx, actor.sessionId);
      const guildId = requested ?? ids[0];
      if (!guildId || !ids.includes(guildId)) throw forbiddenGuild();
      return guildId;
    }
    default:
      throw new TRPCError({ code: 'UNAUTHORIZED', message: 'login required' });
  }
}
