import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../../../../db/client';
import { accountManagers, guilds } from '../../../../db/schema';
import type { AccountManagerInput } from '../../../common/contact/schemas';

/**
 * The Ultimate plan's account manager: a person the operator assigns to a server (name and email).
 * The server's Plan & Usage card names them while the server is on Ultimate, and the operator's
 * inbox tags that server's verified messages with them. The row goes with the server's data.
 */

export type AccountManager = { name: string; email: string; assignedAt: Date };

export async function assignAccountManager(
  db: Db,
  guildId: string,
  manager: AccountManagerInput,
  at: Date,
): Promise<AccountManager> {
  const values = { name: manager.name, email: manager.email, assignedAt: at };
  return await db
    .insert(accountManagers)
    .values({ guildId, ...values })
    .onConflictDoUpdate({ target: accountManagers.guildId, set: values })
    .returning({
      name: accountManagers.name,
      email: accountManagers.email,
      assignedAt: accountManagers.assignedAt,
    })
    .get();
}

/** Removes a server's account manager; answers whether it had one. */
export async function removeAccountManager(db: Db, guildId: string): Promise<boolean> {
  return (await db.delete(accountManagers).where(eq(accountManagers.guildId, guildId)).run()).changes > 0;
}

export async function accountManagerOf(db: Db, guildId: string): Promise<AccountManager | null> {
  return (
    (await db
      .select({
        name: accountManagers.name,
        email: accountManagers.email,
        assignedAt: accountManagers.assignedAt,
      })
      .from(accountManagers)
      .where(eq(accountManagers.guildId, guildId))
      .get()) ?? null
  );
}

/** The account managers of these servers, by server id (the inbox tags its messages with them). */
export async function accountManagersOf(db: Db, guildIds: string[]): Promise<Map<string, AccountManager>> {
  if (guildIds.length === 0) return new Map();
  const rows = await db
    .select()
    .from(accountManagers)
    .where(inArray(accountManagers.guildId, [...new Set(guildIds)]))
    .all();
  return new Map(rows.map(({ guildId, ...m }) => [guildId, m]));
}

/** A server the bot knows (present or not yet purged) and its plan now; undefined when unknown. */
export async function serverPlanNow(db: Db, guildId: string) {
  return await db.select({ plan: guilds.plan }).from(guilds).where(eq(guilds.id, guildId)).get();
}
