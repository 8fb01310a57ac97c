import { and, asc, eq, inArray } from 'drizzle-orm';
import { guildChannels, guilds } from '../../../db/schema';
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
