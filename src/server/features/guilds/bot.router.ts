import { z } from 'zod';
import { leaveGuild, removeChannel, syncGuilds, syncRoles, updateGuild, upsertChannel } from '../guilds/sync';
import { botGuildProcedure, botProcedure, router } from '../../core/trpc';
import { id } from '../../core/bot-message';
import { takeIdentifySlot } from './gateway-identify';
import { storePermissions } from './permissions';
import { type BotPermission, NEEDED_PERMISSIONS } from '../../../common/guilds/permissions';

const channelSchema = z.object({
  id,
  name: z.string(),
  type: z.number().int(),
  parentId: id.nullable(),
  position: z.number().int(),
});

const permission = z.enum(NEEDED_PERMISSIONS as [BotPermission, ...BotPermission[]], {
  error: `must be one of ${NEEDED_PERMISSIONS.join(', ')}`,
});

/** What the bot may not do on a server (src/common/guilds/permissions.ts BotPermissionReport). */
const permissionReport = z.object({
  role: z.string().max(100).nullable(),
  guild: z.array(permission).max(NEEDED_PERMISSIONS.length),
  // Discord caps a server at 500 channels.
  channels: z
    .array(z.object({ id, missing: z.array(permission).min(1).max(NEEDED_PERMISSIONS.length) }))
    .max(500),
});

const guildInfo = z.object({ id, name: z.string(), icon: z.string().nullable() });

const roleSchema = z.object({
  id,
  name: z.string(),
  color: z.number().int(),
  position: z.number().int(),
  managed: z.boolean(),
  assignable: z.boolean(),
});

/** The bot's gateway connections: identify slots shared by every bot process (bot/features/guilds/gateway-identify.ts). */
export const guildsBotRouter = router({
  /** Takes the bucket's identify slot when free: `{ waitMs: 0 }`, else how long until it is. */
  identifySlot: botProcedure
    .input(z.object({ rateLimitKey: z.number().int().min(0).max(1_000_000) }))
    .mutation(async ({ ctx, input }) => ({
      waitMs: await takeIdentifySlot(
        ctx.db,
        input.rateLimitKey,
        Date.now(),
        ctx.env.DISCORD_IDENTIFY_INTERVAL_MS,
      ),
    })),

  // ---- Guild sync ----
  /**
   * Servers the bot joined or (re)connected to, each with its whole channel and role lists: one
   * server at a join, hundreds at once on connecting (one transaction, a few statements).
   */
  syncGuilds: botProcedure
    .input(
      z.object({
        servers: z.array(
          z.object({ guild: guildInfo, channels: z.array(channelSchema), roles: z.array(roleSchema) }),
        ),
      }),
    )
    .mutation(async ({ ctx, input }) => await syncGuilds(ctx.db, input.servers)),
  updateGuild: botProcedure
    .input(guildInfo)
    .mutation(async ({ ctx, input }) => await updateGuild(ctx.db, input)),
  leaveGuild: botGuildProcedure.mutation(
    async ({ ctx }) => await leaveGuild(ctx.db, ctx.guildId, ctx.clock()),
  ),
  upsertChannel: botGuildProcedure
    .input(z.object({ channel: channelSchema }))
    .mutation(async ({ ctx, input }) => await upsertChannel(ctx.db, ctx.guildId, input.channel)),
  /** The guild's roles (at join, at connection and whenever a role changes). */
  syncRoles: botGuildProcedure
    .input(z.object({ roles: z.array(roleSchema) }))
    .mutation(async ({ ctx, input }) => await syncRoles(ctx.db, ctx.guildId, input.roles)),
  removeChannel: botProcedure
    .input(z.object({ channelId: id }))
    .mutation(async ({ ctx, input }) => await removeChannel(ctx.db, input.channelId)),

  /**
   * What the bot may not do on these servers, computed from its roles and the channels' overwrites
   * (at join, on connecting, and when a role, a channel or the bot's own roles change).
   */
  reportPermissions: botProcedure
    .input(z.object({ servers: z.array(z.object({ guildId: id, report: permissionReport })).max(1000) }))
    .mutation(async ({ ctx, input }) => await storePermissions(ctx.db, input.servers, ctx.clock())),

  // ---- Connection (the header's bot status, the setup checklist) ----
  reportStatus: botProcedure
    .input(
      z.object({
        state: z.enum(['connecting', 'online', 'offline']),
        latencyMs: z.number().int().min(0).nullable().optional(),
        shard: z
          .object({ id: z.number().int().min(0), count: z.number().int().min(1) })
          .nullable()
          .optional(),
        /**
         * Every shard this process runs, and whether its gateway session is ready (the status page);
         * its gateway state, heartbeat and servers for the /healthz of the process that started it.
         */
        shards: z
          .array(
            z.object({
              id: z.number().int().min(0),
              ready: z.boolean(),
              status: z.string().max(40).optional(),
              ping: z.number().int().min(-1).optional(),
              guilds: z.number().int().min(0).optional(),
              lastHeartbeat: z.iso.datetime().nullable().optional(),
            }),
          )
          .max(1024)
          .optional(),
        tag: z.string().nullable().optional(),
        guilds: z.number().int().min(0).nullable().optional(),
        reason: z.string().max(500).nullable().optional(),
        commands: z
          .object({
            state: z.enum(['registered', 'failed']),
            scope: z.enum(['global', 'guild']),
            guildId: z
              .string()
              .regex(/^\d{1,32}$/)
              .nullable(),
            hash: z.string().regex(/^[0-9a-f]{1,64}$/),
            count: z.number().int().min(0),
            changed: z.boolean(),
            at: z.iso.datetime(),
            error: z.string().max(500).nullable(),
          })
          .nullable()
          .optional(),
      }),
    )
    .mutation(({ ctx, input }) => ctx.botStatus.report(input, ctx.clock())),
});
