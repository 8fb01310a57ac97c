import { and, eq, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { guildChannels, guildRoles, guilds } from '../../../db/schema';
import { ensureGuild } from './guilds';

/**
 * Keeps the guilds and guild_channels tables equal to what Discord reports, so the dashboard's
 * channel pickers (GET /api/discord/channels) answer without asking Discord.
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

/** The bot joined or (re)connected to a guild: its row and its whole channel list. */
export async function syncGuild(
  db: Db,
  guild: SyncedGuild,
  channels: SyncedChannel[],
): Promise<{ channels: number }> {
  await db.$transaction(async (tx) => {
    await tx
      .insert(guilds)
      .values({ id: guild.id, name: guild.name, icon: guild.icon, present: true, leftAt: null })
      .onConflictDoUpdate({
        target: guilds.id,
        set: { name: guild.name, icon: guild.icon, present: true, leftAt: null },
      })
      .run();
    const ids = channels.map((c) => c.id);
    await tx
      .delete(guildChannels)
      .where(
        ids.length
          ? and(eq(guildChannels.guildId, guild.id), notInArray(guildChannels.id, ids))
          : eq(guildChannels.guildId, guild.id),
      )
      .run();
    // One statement per 500 channels, not one per channel: a round trip each on PostgreSQL.
    for (let i = 0; i < channels.length; i += 500) {
      await tx
        .insert(guildChannels)
        .values(
          channels.slice(i, i + 500).map((c) => ({
            id: c.id,
            guildId: guild.id,
            name: c.name,
            type: c.type,
            parentId: c.parentId,
            position: c.position,
          })),
        )
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
  });
  return { channels: channels.length };
}

/** Name or icon changed. */
export async function updateGuild(db: Db, guild: SyncedGuild): Promise<void> {
  await db
    .insert(guilds)
    .values({ id: guild.id, name: guild.name, icon: guild.icon })
    .onConflictDoUpdate({ target: guilds.id, set: { name: guild.name, icon: guild.icon } })
    .run();
}

/** The bot left (or was removed from) a guild: marked absent, its channel list dropped. */
export async function leaveGuild(db: Db, guildId: string, at: Date): Promise<void> {
  await db.$transaction(async (tx) => {
    await tx.update(guilds).set({ present: false, leftAt: at }).where(eq(guilds.id, guildId)).run();
    await tx.delete(guildChannels).where(eq(guildChannels.guildId, guildId)).run();
    await tx.delete(guildRoles).where(eq(guildRoles.guildId, guildId)).run();
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
  await db.$transaction(async (tx) => {
    await tx.delete(guildRoles).where(eq(guildRoles.guildId, guildId)).run();
    for (let i = 0; i < roles.length; i += 500) {
      await tx
        .insert(guildRoles)
        .values(roles.slice(i, i + 500).map((r) => ({ ...r, guildId })))
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
  });
  return { roles: roles.length };
}
