import { and, eq, getTableColumns, inArray, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../../../../db/client';
import { guildBotPermissions, guildChannels, guildRoles, guilds } from '../../../../db/schema';
import { ensureGuild } from '../../core/guilds';

/**
 * Keeps the guilds, guild_channels and guild_roles tables equal to what Discord reports, so the
 * dashboard's channel and role pickers (GET /api/discord/channels, /roles) answer without asking
 * Discord.
 */
export interface SyncedChannel {
  id: string;
  name: string;
  type: number;
  parentId: string | null;
  position: number;
}

export interface SyncedGuild {
  id: string;
  name: string;
  icon: string | null;
}

export interface SyncedRole {
  id: string;
  name: string;
  color: number;
  position: number;
  managed: boolean;
  assignable: boolean;
}

/** One server as Discord reports it: its row, its whole channel list and whole role list. */
export interface GuildSnapshot {
  guild: SyncedGuild;
  channels: SyncedChannel[];
  roles: SyncedRole[];
}

/**
 * Bound values one statement may carry: SQLite's limit (32,766 in the bundled better-sqlite3) is
 * below PostgreSQL's 65,535; a margin is left for values the statement adds itself.
 */
export const MAX_STATEMENT_PARAMS = 32_000;

/**
 * The bot joined or (re)connected to these servers: each one's row (present, not left), its
 * channels and its roles replaced by Discord's lists (vanished ones deleted, the others inserted or
 * updated). One transaction and a constant number of statements, whatever the number of servers
 * (a statement per table, more only past MAX_STATEMENT_PARAMS values): on PostgreSQL each statement
 * is a round trip, and connecting to thousands of servers was about 6 of them a server.
 */
export async function syncGuilds(
  db: Db,
  servers: GuildSnapshot[],
): Promise<{ guilds: number; channels: number; roles: number }> {
  // A server listed twice: its last list counts (one statement may not touch a row twice).
  const byId = new Map(servers.map((s) => [s.guild.id, s]));
  const list = [...byId.values()];
  if (!list.length) return { guilds: 0, channels: 0, roles: 0 };
  const channels = new Map(list.map((s) => [s.guild.id, s.channels]));
  const roles = new Map(list.map((s) => [s.guild.id, s.roles]));
  await db.$transaction(async (tx) => {
    for (const chunk of chunks(
      list.map((s) => s.guild),
      rowsPerStatement(guilds),
    ))
      await tx
        .insert(guilds)
        .values(chunk.map((g) => ({ id: g.id, name: g.name, icon: g.icon, present: true, leftAt: null })))
        .onConflictDoUpdate({
          target: guilds.id,
          set: { name: sql`excluded.name`, icon: sql`excluded.icon`, present: true, leftAt: null },
        })
        .run();
    await replaceChannels(tx, channels);
    await replaceRoles(tx, roles);
  });
  return {
    guilds: list.length,
    channels: list.reduce((n, s) => n + s.channels.length, 0),
    roles: list.reduce((n, s) => n + s.roles.length, 0),
  };
}

/**
 * Each listed server's channels become exactly its list. Channel ids are unique across Discord: a
 * stored channel whose id reappears under another server moves there.
 */
async function replaceChannels(tx: Db, lists: Map<string, SyncedChannel[]>): Promise<void> {
  for (const group of deleteGroups(lists))
    await tx
      .delete(guildChannels)
      .where(
        group.keep.length
          ? and(inArray(guildChannels.guildId, group.guildIds), notInArray(guildChannels.id, group.keep))
          : inArray(guildChannels.guildId, group.guildIds),
      )
      .run();
  const rows = uniqueById(
    [...lists].flatMap(([guildId, list]) =>
      list.map((c) => ({
        id: c.id,
        guildId,
        name: c.name,
        type: c.type,
        parentId: c.parentId,
        position: c.position,
      })),
    ),
  );
  for (const chunk of chunks(rows, rowsPerStatement(guildChannels)))
    await tx
      .insert(guildChannels)
      .values(chunk)
      .onConflictDoUpdate({
        target: guildChannels.id,
        set: {
          guildId: sql`excluded.guild_id`,
          name: sql`excluded.name`,
          type: sql`excluded.type`,
          parentId: sql`excluded.parent_id`,
          position: sql`excluded.position`,
        },
      })
      .run();
}

/** Each listed server's roles become exactly its list (as channels). */
async function replaceRoles(tx: Db, lists: Map<string, SyncedRole[]>): Promise<void> {
  for (const group of deleteGroups(lists))
    await tx
      .delete(guildRoles)
      .where(
        group.keep.length
          ? and(inArray(guildRoles.guildId, group.guildIds), notInArray(guildRoles.id, group.keep))
          : inArray(guildRoles.guildId, group.guildIds),
      )
      .run();
  const rows = uniqueById([...lists].flatMap(([guildId, list]) => list.map((r) => ({ ...r, guildId }))));
  for (const chunk of chunks(rows, rowsPerStatement(guildRoles)))
    await tx
      .insert(guildRoles)
      .values(chunk)
      .onConflictDoUpdate({
        target: guildRoles.id,
        set: {
          guildId: sql`excluded.guild_id`,
          name: sql`excluded.name`,
          color: sql`excluded.color`,
          position: sql`excluded.position`,
          managed: sql`excluded.managed`,
          assignable: sql`excluded.assignable`,
        },
      })
      .run();
}

/**
 * The servers split into groups whose ids and kept row ids fit one delete statement: "rows of these
 * servers whose id is not in their new lists". (Discord caps a server at 500 channels and 250
 * roles, far below the limit, so one server always fits a group.)
 */
export function deleteGroups(lists: Map<string, { id: string }[]>): { guildIds: string[]; keep: string[] }[] {
  const groups: { guildIds: string[]; keep: string[] }[] = [];
  let group: { guildIds: string[]; keep: string[] } | null = null;
  for (const [guildId, list] of lists) {
    if (!group || group.guildIds.length + group.keep.length + 1 + list.length > MAX_STATEMENT_PARAMS) {
      group = { guildIds: [], keep: [] };
      groups.push(group);
    }
    group.guildIds.push(guildId);
    for (const row of list) group.keep.push(row.id);
  }
  return groups;
}

/** Rows of a multi-row insert that fit one statement: at most one value per column and row. */
function rowsPerStatement(table: Parameters<typeof getTableColumns>[0]): number {
  return Math.floor(MAX_STATEMENT_PARAMS / Object.keys(getTableColumns(table)).length);
}

function chunks<T>(items: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** The last row of each id (an id listed twice would make one upsert touch a row twice). */
function uniqueById<T extends { id: string }>(rows: T[]): T[] {
  return [...new Map(rows.map((r) => [r.id, r])).values()];
}

/** Name or icon changed. */
export async function updateGuild(db: Db, guild: SyncedGuild): Promise<void> {
  await db
    .insert(guilds)
    .values({ id: guild.id, name: guild.name, icon: guild.icon })
    .onConflictDoUpdate({ target: guilds.id, set: { name: guild.name, icon: guild.icon } })
    .run();
}

/** The bot left (or was removed from) a guild: marked absent, its channel and role lists and permission report dropped. */
export async function leaveGuild(db: Db, guildId: string, at: Date): Promise<void> {
  await db.$transaction(async (tx) => {
    await tx.update(guilds).set({ present: false, leftAt: at }).where(eq(guilds.id, guildId)).run();
    await tx.delete(guildChannels).where(eq(guildChannels.guildId, guildId)).run();
    await tx.delete(guildRoles).where(eq(guildRoles.guildId, guildId)).run();
    await tx.delete(guildBotPermissions).where(eq(guildBotPermissions.guildId, guildId)).run();
  });
}

export async function upsertChannel(db: Db, guildId: string, channel: SyncedChannel): Promise<void> {
  await ensureGuild(db, guildId);
  await upsert(db, guildId, channel);
}

export async function removeChannel(db: Db, channelId: string): Promise<void> {
  await db.delete(guildChannels).where(eq(guildChannels.id, channelId)).run();
}

async function upsert(db: Db, guildId: string, c: SyncedChannel) {
  const values = { name: c.name, type: c.type, parentId: c.parentId, position: c.position };
  await db
    .insert(guildChannels)
    .values({ id: c.id, guildId, ...values })
    .onConflictDoUpdate({ target: guildChannels.id, set: { guildId, ...values } })
    .run();
}

export interface SyncedRole {
  id: string;
  name: string;
  color: number;
  position: number;
  managed: boolean;
  assignable: boolean;
}

/** The guild's whole role list (@everyone left out): replaces what was stored. */
export async function syncRoles(db: Db, guildId: string, roles: SyncedRole[]): Promise<{ roles: number }> {
  await ensureGuild(db, guildId);
  await db.$transaction(async (tx) => await replaceRoles(tx, new Map([[guildId, roles]])));
  return { roles: roles.length };
}
