import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import { guildChannels, guildRoles, guilds } from '../../../db/schema';
import { guildProcedure, router } from '../trpc';

/** Channel types a message can be posted to: 0 text, 5 announcement, 15 forum. */
export const TEXT_LIKE_CHANNEL_TYPES = [0, 5, 15];

/** Answers from the guild_channels and guilds tables, which the bot keeps in sync with Discord. */
export const discordRouter = router({
  channels: guildProcedure.query(({ ctx }) =>
    ctx.db
      .select({ id: guildChannels.id, name: guildChannels.name, type: guildChannels.type })
      .from(guildChannels)
      .where(
        and(eq(guildChannels.guildId, ctx.guildId), inArray(guildChannels.type, TEXT_LIKE_CHANNEL_TYPES)),
      )
      .orderBy(asc(guildChannels.position), asc(guildChannels.name), asc(guildChannels.id))
      .all(),
  ),

  /** The server's roles, highest first, and whether the bot can give each (synced by the bot). */
  roles: guildProcedure.query(({ ctx }) =>
    ctx.db
      .select({
        id: guildRoles.id,
        name: guildRoles.name,
        color: guildRoles.color,
        position: guildRoles.position,
        managed: guildRoles.managed,
        assignable: guildRoles.assignable,
      })
      .from(guildRoles)
      .where(eq(guildRoles.guildId, ctx.guildId))
      .orderBy(desc(guildRoles.position), asc(guildRoles.name))
      .all(),
  ),

  /** The servers the bot is in (present), by name. */
  guilds: guildProcedure.query(({ ctx }) =>
    ctx.db
      .select({ id: guilds.id, name: guilds.name, plan: guilds.plan })
      .from(guilds)
      .where(eq(guilds.present, true))
      .orderBy(asc(guilds.name), asc(guilds.id))
      .all(),
  ),
});
