import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../../../db/client';
import { guildChannels, guildRoles, guilds } from '../../../../db/schema';

/** The server's channels of the given Discord types (null: all), in Discord's order (synced by the bot). */
export async function listChannels(db: Db, guildId: string, types: readonly number[] | null) {
  return await db
    .select({ id: guildChannels.id, name: guildChannels.name, type: guildChannels.type })
    .from(guildChannels)
    .where(
      types
        ? and(eq(guildChannels.guildId, guildId), inArray(guildChannels.type, [...types]))
        : eq(guildChannels.guildId, guildId),
    )
    .orderBy(asc(guildChannels.position), asc(guildChannels.name), asc(guildChannels.id))
    .all();
}

/** The servers the bot is in (of `ids` when given), by name. */
export async function presentGuilds(db: Db, ids?: string[]) {
  return await db
    .select({ id: guilds.id, name: guilds.name, icon: guilds.icon, plan: guilds.plan })
    .from(guilds)
    .where(ids ? and(eq(guilds.present, true), inArray(guilds.id, ids)) : eq(guilds.present, true))
    .orderBy(asc(guilds.name), asc(guilds.id))
    .all();
}

/** The server's roles, highest first, and whether the bot can give each (synced by the bot). */
export async function listRoles(db: Db, guildId: string) {
  return await db
    .select({
      id: guildRoles.id,
      name: guildRoles.name,
      color: guildRoles.color,
      position: guildRoles.position,
      managed: guildRoles.managed,
      assignable: guildRoles.assignable,
    })
    .from(guildRoles)
    .where(eq(guildRoles.guildId, guildId))
    .orderBy(desc(guildRoles.position), asc(guildRoles.name))
    .all();
}
