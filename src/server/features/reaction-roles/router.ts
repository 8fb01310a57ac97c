import { TRPCError } from '@trpc/server';
import { and, asc, eq, isNotNull, isNull } from 'drizzle-orm';
import { z } from 'zod';
import { lockFor } from '../../../../db/client';
import { reactionRoles } from '../../../../db/schema';
import { reactionRoleCreate } from '../../../common/reaction-roles/schemas';
import { rowId } from '../../../common/schemas/util';
import { ensureGuild } from '../../core/guilds';
import { buildMenu, renderMenu } from './menu';
import { botGuildProcedure, botProcedure, guildProcedure, notFound, router } from '../../core/trpc';

type Row = typeof reactionRoles.$inferSelect;

/** An entry as the API answers it; a menu the bot posts says where its message stands. */
function toEntry(r: Row) {
  return {
    id: r.id,
    channelId: r.channelId,
    messageId: r.messageId,
    active: r.active,
    roles: r.roles,
    title: r.menu ? (Object.values(r.menu)[0]?.title ?? '') : '',
    delivery: !r.menu
      ? ('own message' as const)
      : r.messageId
        ? ('posted' as const)
        : r.postError
          ? ('failed' as const)
          : ('queued' as const),
    postError: r.postError,
  };
}

const byId = (guildId: string, id: number) =>
  and(eq(reactionRoles.id, id), eq(reactionRoles.guildId, guildId));

export const reactionRolesRouter = router({
  list: guildProcedure.query(async ({ ctx }) =>
    (
      await ctx.db
        .select()
        .from(reactionRoles)
        .where(and(eq(reactionRoles.guildId, ctx.guildId), isNull(reactionRoles.deletedAt)))
        .orderBy(asc(reactionRoles.id))
        .all()
    ).map(toEntry),
  ),

  create: guildProcedure.input(reactionRoleCreate).mutation(async ({ ctx, input }) => {
    const menu = input.messageId
      ? null
      : await buildMenu(ctx.db, ctx.translator, ctx.guildId, input.title, input.roles);
    const row = await ctx.db.$transaction(async (tx) => {
      if (input.messageId) {
        // One entry per message: the bot looks the message up on every reaction. Checked and
        // written under the message's lock: two saves at the same moment make one entry.
        await lockFor(tx, `reaction-roles-message:${input.messageId}`);
        const existing = await tx
          .select({ id: reactionRoles.id, guildId: reactionRoles.guildId })
          .from(reactionRoles)
          .where(eq(reactionRoles.messageId, input.messageId))
          .get();
        if (existing) {
          throw new TRPCError({
            code: 'CONFLICT',
            message:
              existing.guildId === ctx.guildId
                ? `messageId: message ${input.messageId} already has reaction roles (entry ${existing.id}); delete that entry first`
                : `messageId: message ${input.messageId} already has reaction roles`,
          });
        }
      }
      await ensureGuild(tx, ctx.guildId);
      return await tx
        .insert(reactionRoles)
        .values({
          guildId: ctx.guildId,
          channelId: input.channelId,
          messageId: input.messageId,
          roles: input.roles,
          menu,
        })
        .returning()
        .get();
    });
    if (menu) await ctx.events.publish('reactionRoles:changed', { guildId: ctx.guildId, id: row.id });
    return toEntry(row);
  }),

  /** Deletes the entry; a menu the bot posted is removed from Discord first. */
  delete: guildProcedure.input(z.object({ id: rowId })).mutation(async ({ ctx, input }) => {
    const row = await ctx.db.select().from(reactionRoles).where(byId(ctx.guildId, input.id)).get();
    if (!row || row.deletedAt) notFound('reaction role', input.id);
    if (row.menu && row.messageId) {
      await ctx.db
        .update(reactionRoles)
        .set({ deletedAt: ctx.clock(), active: false })
        .where(eq(reactionRoles.id, row.id))
        .run();
      await ctx.events.publish('reactionRoles:changed', { guildId: ctx.guildId, id: row.id });
    } else {
      await ctx.db.delete(reactionRoles).where(eq(reactionRoles.id, row.id)).run();
    }
    return { id: input.id, deleted: true as const };
  }),

  /** What only the bot calls: posting menus and removing deleted ones. */
  bot: router({
    work: botGuildProcedure
      .input(z.object({ id: z.number().int().positive() }))
      .mutation(async ({ ctx, input }) => {
        const row = await ctx.db.select().from(reactionRoles).where(byId(ctx.guildId, input.id)).get();
        if (!row?.menu) return null;
        if (row.deletedAt)
          return row.messageId
            ? { kind: 'remove' as const, channelId: row.channelId, messageId: row.messageId }
            : null;
        if (row.messageId || row.postError) return null;
        return {
          kind: 'post' as const,
          channelId: row.channelId,
          content: renderMenu(row),
          emojis: row.roles.map((r) => r.emoji),
        };
      }),
    posted: botGuildProcedure
      .input(
        z.object({
          id: z.number().int().positive(),
          messageId: z
            .string()
            .regex(/^\d{1,32}$/)
            .nullable(),
          error: z.string().max(300).nullable(),
        }),
      )
      .mutation(async ({ ctx, input }) => {
        await ctx.db
          .update(reactionRoles)
          .set({ messageId: input.messageId ?? '', postError: input.messageId ? null : input.error })
          .where(byId(ctx.guildId, input.id))
          .run();
        return { ok: true as const };
      }),
    forget: botGuildProcedure
      .input(z.object({ id: z.number().int().positive() }))
      .mutation(async ({ ctx, input }) => {
        await ctx.db.delete(reactionRoles).where(byId(ctx.guildId, input.id)).run();
        return { ok: true as const };
      }),
    /** Menus still to post (queued while the bot was away) and deleted menus still in Discord. */
    pending: botProcedure.query(async ({ ctx }) =>
      (
        await ctx.db
          .select({
            guildId: reactionRoles.guildId,
            id: reactionRoles.id,
            deletedAt: reactionRoles.deletedAt,
            messageId: reactionRoles.messageId,
            postError: reactionRoles.postError,
          })
          .from(reactionRoles)
          .where(isNotNull(reactionRoles.menu))
          .all()
      )
        .filter((r) => (r.deletedAt ? r.messageId !== '' : r.messageId === '' && !r.postError))
        .map((r) => ({ guildId: r.guildId, id: r.id })),
    ),
  }),
});
