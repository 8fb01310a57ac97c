import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context as HonoContext } from 'hono';
import { getCookie } from 'hono/cookie';
import type { Services } from './services';
import { findApiKey } from './api-key-auth';
import { findSession, hashKey, SESSION_COOKIE, tokensMatch } from './admin-token';
import type { Actor } from './access';

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * The client's address: the connection's, or behind TRUST_PROXY reverse proxies the address the
 * outermost trusted proxy saw (counted from the right of X-Forwarded-For, which a visitor can pad
 * on the left but not on the right).
 */
export function clientIpOf(services: Services, c: HonoContext): string {
  let direct = 'unknown';
  try {
    direct = getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    direct = 'unknown';
  }
  const hops = services.env.TRUST_PROXY;
  if (!hops) return direct;
  const chain = (c.req.header('x-forwarded-for') ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  return chain[chain.length - hops] ?? chain[0] ?? direct;
}

/**
 * Who the request comes from, and, when it presented a Bearer value that is neither the admin token
 * nor a live API key, a hash of that value (`failedBearer`): the request then goes on as a visitor's
 * (public paths answer as usual) and the caller counts the failure against the value only where a
 * credential was needed (the answer was 401; see credentials.ts). Nothing here locks anyone out:
 * the right token or key is checked first and always works.
 */
export interface Authentication {
  actor: Actor;
  failedBearer?: string;
}

const PUBLIC: Actor = { kind: 'public' };

/**
 * Authorization: Bearer is the admin token or a server's API key. Otherwise the session cookie,
 * which only counts for a state change when the request comes from our own pages.
 */
export async function authenticate(services: Services, c: HonoContext): Promise<Authentication> {
  const auth = c.req.header('authorization');
  if (auth?.toLowerCase().startsWith('bearer ')) {
    const given = auth.slice(7).trim();
    if (!given) return { actor: PUBLIC };
    if (tokensMatch(given, services.adminToken)) return { actor: { kind: 'admin', via: 'token' } };
    const key = await findApiKey(services.db, given, services.clock());
    if (key) return { actor: { kind: 'apiKey', guildId: key.guildId, keyId: key.id } };
    return { actor: PUBLIC, failedBearer: hashKey(`bearer\n${given}`) };
  }
  const cookie = getCookie(c, SESSION_COOKIE);
  if (!cookie) return { actor: PUBLIC };
  if (UNSAFE.has(c.req.method)) {
    const origin = c.req.header('origin');
    const own = new Set([new URL(services.env.PUBLIC_URL).origin, new URL(c.req.url).origin]);
    if (origin && !own.has(origin)) return { actor: PUBLIC };
  }
  const session = await findSession(services.db, cookie, services.clock());
  if (!session) return { actor: PUBLIC };
  if (session.kind === 'discord') {
    return {
      actor: {
        kind: 'discord',
        sessionId: session.id,
        userId: session.discordUserId ?? '',
        username: session.username ?? '',
        avatar: session.avatar,
      },
    };
  }
  return { actor: { kind: 'admin', via: 'session', sessionId: session.id } };
}
