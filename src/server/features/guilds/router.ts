import { z } from 'zod';
import { CHANNEL_KIND_NAMES, CHANNEL_KINDS } from '../../../common/schemas/discord-refs';
import { sessionGuilds } from '../../core/access';
import { canManage } from '../../core/discord-oauth';
import { adminProcedure, guildProcedure, router } from '../../core/trpc';
import { inviteUrlFor } from '../site/invite';
import { guildsBotRouter } from './bot.router';
import { listChannels, listRoles, presentGuilds } from './listing';
import { memberNames } from './members';
import { permissionReport } from './permissions';

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
      return await listChannels(ctx.db, ctx.guildId, types);
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
        (await presentGuilds(ctx.db, ids))
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
  roles: guildProcedure.query(async ({ ctx }) => await listRoles(ctx.db, ctx.guildId)),

  /**
   * Names of these members as the bot last saw them (members.ts); a member it never saw is left
   * out (the dashboard says "Unknown member").
   */
  members: guildProcedure
    .input(
      z.object({
        ids: z
          .array(z.string().regex(/^\d{1,32}$/, 'must be a Discord id'))
          .max(200, 'at most 200 members at once'),
      }),
    )
    .query(async ({ ctx, input }) => await memberNames(ctx.db, ctx.guildId, input.ids)),

  /**
   * What the bot may not do on this server (from its roles and each channel's overwrites, as the bot
   * last checked them), with its role's name for "where to grant it"; null before the first check.
   */
  permissions: guildProcedure.query(async ({ ctx }) => await permissionReport(ctx.db, ctx.guildId)),

  /** The bot's own procedures of this capability (in-process only). */
  bot: guildsBotRouter,
});
