import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { and, eq, gt, lt } from 'drizzle-orm';
import { adminSessions, type ManagedGuild } from '../../../db/schema';
import type { Services } from '.';

export const SESSION_COOKIE = 'pb_session';
export const SESSION_DAYS = 7;

const sha256 = (v: string) => createHash('sha256').update(v).digest('hex');

export function tokensMatch(given: string, expected: string): boolean {
  const a = Buffer.from(sha256(given));
  const b = Buffer.from(sha256(expected));
  return timingSafeEqual(a, b);
}

/** ADMIN_TOKEN from the environment, else the one kept beside the database (made on first start). */
export function resolveAdminToken(env: Services['env']): { token: string; generated: boolean } {
  if (env.ADMIN_TOKEN) return { token: env.ADMIN_TOKEN, generated: false };
  if (env.DATABASE_PATH === ':memory:') return { token: randomBytes(24).toString('hex'), generated: true };
  const file = join(dirname(resolve(env.DATABASE_PATH)), 'admin-token');
  if (existsSync(file)) return { token: readFileSync(file, 'utf8').trim(), generated: false };
  mkdirSync(dirname(file), { recursive: true });
  const token = randomBytes(24).toString('hex');
  writeFileSync(file, `${token}\n`, { mode: 0o600 });
  return { token, generated: true };
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
  db: Services['db'],
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
export async function findSession(
  db: Services['db'],
  cookieValue: string,
  now: Date,
): Promise<SessionRow | null> {
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

export async function deleteSession(db: Services['db'], sessionId: string): Promise<void> {
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
