import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import { guildChannels, guildRoles, guilds } from '../../../../db/schema';
import { CHANNEL_KIND_NAMES, CHANNEL_KINDS } from '../../../common/schemas/discord-refs';
import { sessionGuilds } from '../../core/access';
import { canManage } from '../../core/discord-oauth';
import { adminProcedure, guildProcedure, router } from '../../core/trpc';
import { inviteUrlFor } from '../site/invite';
import { guildsBotRouter } from './bot.router';

/**
 * Channel types listed when no kind is asked for: 0 text, 5 announcement, 15 forum. A picker asks
 * for the kind its field needs (CHANNEL_KINDS, the table the input check reads), so it offers only
 * what the server accepts: a forum takes no message, and is refused where a text channel is needed.
 */
export const TEXT_LIKE_CHANNEL_TYPES = [0, 5, 15];

/** Answers from the guild_channels and guilds tables, which the bot keeps in sync with Discord. */
export const guildsRouter = router({
  channels: guildProcedure
    .input(
      z.object({
        kind: z
          .enum(CHANNEL_KIND_NAMES, { error: `must be one of ${CHANNEL_KIND_NAMES.join(', ')}` })
          .optional(),
      }),
    )
    .query(async ({ ctx, input }) => {
      const types = input.kind ? CHANNEL_KINDS[input.kind].types : TEXT_LIKE_CHANNEL_TYPES;
      return await ctx.db
        .select({ id: guildChannels.id, name: guildChannels.name, type: guildChannels.type })
        .from(guildChannels)
        .where(
          types
            ? and(eq(guildChannels.guildId, ctx.guildId), inArray(guildChannels.type, [...types]))
            : eq(guildChannels.guildId, ctx.guildId),
        )
        .orderBy(asc(guildChannels.position), asc(guildChannels.name), asc(guildChannels.id))
        .all();
    }),

  /**
   * The server picker: the servers this caller may open. The operator sees every server the bot
   * is in; a Discord admin sees the servers they own or manage, those without the bot with the
   * invite link that preselects them ("Add bot"); an API key sees its server. `refresh` asks
   * Discord again for a Discord admin's servers (at most as often as a request comes).
   */
  list: adminProcedure
    .input(z.object({ refresh: z.boolean().optional() }).optional())
    .query(async ({ ctx, input }) => {
      const present = async (ids?: string[]) =>
        (
          await ctx.db
            .select({ id: guilds.id, name: guilds.name, icon: guilds.icon, plan: guilds.plan })
            .from(guilds)
            .where(ids ? and(eq(guilds.present, true), inArray(guilds.id, ids)) : eq(guilds.present, true))
            .orderBy(asc(guilds.name), asc(guilds.id))
            .all()
        )
          .map((g) => ({
            ...g,
            name: g.name || (g.id === ctx.env.DEFAULT_GUILD_ID ? 'Default server' : g.id),
            botPresent: true,
            inviteUrl: null as string | null,
          }))
          .sort((a, b) => a.name.localeCompare(b.name));
      const { actor } = ctx;
      if (actor.kind === 'apiKey') return await present([actor.guildId]);
      if (actor.kind !== 'discord') return await present();
      const managed = (await sessionGuilds(ctx, actor.sessionId, { force: input?.refresh })).filter(
        canManage,
      );
      const withBot = await present(managed.map((g) => g.id));
      const botIds = new Set(withBot.map((g) => g.id));
      const without = managed
        .filter((g) => !botIds.has(g.id))
        .map((g) => ({
          id: g.id,
          name: g.name,
          icon: g.icon,
          plan: 'free' as const,
          botPresent: false,
          inviteUrl: inviteUrlFor(ctx.env.DISCORD_CLIENT_ID, g.id),
        }))
        .sort((a, b) => a.name.localeCompare(b.name));
      return [...withBot, ...without];
    }),
  /** The server's roles, highest first, and whether the bot can give each (synced by the bot). */
  roles: guildProcedure.query(
    async ({ ctx }) =>
      await ctx.db
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

  /** The bot's own procedures of this capability (in-process only). */
  bot: guildsBotRouter,
});
