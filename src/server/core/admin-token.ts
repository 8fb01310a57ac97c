import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { and, eq, gt, lt } from 'drizzle-orm';
import { adminSessions, type ManagedGuild } from '../../../db/schema';
import type { Db } from '../../../db/client';
import type { Env } from './env';

export const SESSION_COOKIE = 'pb_session';
export const SESSION_DAYS = 7;

const sha256 = (v: string) => createHash('sha256').update(v).digest('hex');

/** The digest of the last expected token (the admin token, checked on every request): hashed once. */
let expectedDigest: { token: string; digest: Buffer } | null = null;

/** Whether `given` is `expected`, in constant time (both hashed to the same length first). */
export function tokensMatch(given: string, expected: string): boolean {
  if (expectedDigest?.token !== expected)
    expectedDigest = { token: expected, digest: createHash('sha256').update(expected).digest() };
  return timingSafeEqual(createHash('sha256').update(given).digest(), expectedDigest.digest);
}

/** Where the admin token comes from: the environment, the file beside the database, or this run only. */
export type AdminTokenOrigin =
  | { from: 'env' }
  | { from: 'file'; file: string; generated: boolean }
  | { from: 'memory' };

/** ADMIN_TOKEN from the environment, else the one kept beside the database (made on first start). */
export function resolveAdminToken(env: Env): {
  token: string;
  generated: boolean;
  origin: AdminTokenOrigin;
} {
  if (env.ADMIN_TOKEN) return { token: env.ADMIN_TOKEN, generated: false, origin: { from: 'env' } };
  if (env.DATABASE_PATH === ':memory:')
    return { token: randomBytes(24).toString('hex'), generated: true, origin: { from: 'memory' } };
  const file = adminTokenFile(env);
  if (existsSync(file)) {
    return {
      token: readFileSync(file, 'utf8').trim(),
      generated: false,
      origin: { from: 'file', file, generated: false },
    };
  }
  mkdirSync(dirname(file), { recursive: true });
  const token = randomBytes(24).toString('hex');
  writeFileSync(file, `${token}\n`, { mode: 0o600 });
  return { token, generated: true, origin: { from: 'file', file, generated: true } };
}

/** The file that keeps a generated admin token: `admin-token` beside the SQLite file. */
export function adminTokenFile(env: Pick<Env, 'DATABASE_PATH'>): string {
  return join(dirname(resolve(env.DATABASE_PATH)), 'admin-token');
}

/** How long the one-time login link the server prints at start stays valid. */
export const LOGIN_CODE_MINUTES = 10;

/**
 * One-time login codes (`/login?code=...`): printed by the web process at start instead of the
 * admin token. Kept only in this process's memory, only as a hash; each opens one operator session,
 * once, within LOGIN_CODE_MINUTES.
 */
export interface LoginCodes {
  issue(): { code: string; expiresAt: Date };
  /** True once for a live code; false for an unknown, used or expired one. */
  redeem(code: string): boolean;
}

const loginCodeStores = new WeakMap<object, LoginCodes>();

/** The login codes of one running server (one Services object). */
export function loginCodesOf(services: { clock: () => Date }): LoginCodes {
  let store = loginCodeStores.get(services);
  if (!store) {
    store = createLoginCodes(() => services.clock());
    loginCodeStores.set(services, store);
  }
  return store;
}

function createLoginCodes(clock: () => Date): LoginCodes {
  const live = new Map<string, number>();
  return {
    issue() {
      const now = clock().getTime();
      for (const [hash, expires] of live) if (expires <= now) live.delete(hash);
      const code = randomBytes(32).toString('base64url');
      const expiresAt = now + LOGIN_CODE_MINUTES * 60_000;
      live.set(sha256(`login-code\n${code}`), expiresAt);
      return { code, expiresAt: new Date(expiresAt) };
    },
    redeem(code) {
      const hash = sha256(`login-code\n${code}`);
      const expires = live.get(hash);
      live.delete(hash);
      return expires !== undefined && clock().getTime() < expires;
    },
  };
}

/** A Discord login's session data (absent for the operator's token login). */
export interface DiscordSessionData {
  discordUserId: string;
  username: string;
  avatar: string | null;
  accessToken: string;
  guilds: ManagedGuild[];
}

export async function createSession(
  db: Db,
  now: Date,
  discord?: DiscordSessionData,
): Promise<{ cookieValue: string; expiresAt: Date }> {
  const cookieValue = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + SESSION_DAYS * 86_400_000);
  await db.delete(adminSessions).where(lt(adminSessions.expiresAt, now)).run();
  await db
    .insert(adminSessions)
    .values(
      discord
        ? { id: sha256(cookieValue), kind: 'discord', ...discord, guildsFetchedAt: now, expiresAt }
        : { id: sha256(cookieValue), kind: 'token', expiresAt },
    )
    .run();
  return { cookieValue, expiresAt };
}

export type SessionRow = typeof adminSessions.$inferSelect;

/** The live session the cookie names, or null. */
export async function findSession(db: Db, cookieValue: string, now: Date): Promise<SessionRow | null> {
  const id = sha256(cookieValue);
  return (
    (await db
      .select()
      .from(adminSessions)
      .where(and(eq(adminSessions.id, id), gt(adminSessions.expiresAt, now)))
      .get()) ?? null
  );
}

export const hashKey = sha256;

export async function deleteSession(db: Db, sessionId: string): Promise<void> {
  await db.delete(adminSessions).where(eq(adminSessions.id, sessionId)).run();
}

export function sessionCookie(value: string, maxAgeSeconds: number, secure: boolean): string {
  return [
    `${SESSION_COOKIE}=${value}`,
    'Path=/',
    'HttpOnly',
    'SameSite=Lax',
    `Max-Age=${maxAgeSeconds}`,
    ...(secure ? ['Secure'] : []),
  ].join('; ');
}
