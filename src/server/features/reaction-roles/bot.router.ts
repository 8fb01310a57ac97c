import { z } from 'zod';
import { botGuildProcedure, botProcedure, router } from '../../core/trpc';
import { findReactionRole, forgetReactionRole, pendingMenus, recordMenuPost } from './entries';
import { renderMenu } from './menu';

/** What only the bot calls (`reactionRoles.bot.*`): posting menus and removing deleted ones. */
export const reactionRolesBotRouter = router({
  work: botGuildProcedure
    .input(z.object({ id: z.number().int().positive() }))
    .mutation(async ({ ctx, input }) => {
      const row = await findReactionRole(ctx.db, ctx.guildId, input.id);
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
      await recordMenuPost(ctx.db, ctx.guildId, input.id, input.messageId, input.error);
      return { ok: true as const };
    }),
  forget: botGuildProcedure
    .input(z.object({ id: z.number().int().positive() }))
    .mutation(async ({ ctx, input }) => {
      await forgetReactionRole(ctx.db, ctx.guildId, input.id);
      return { ok: true as const };
    }),
  /** Menus still to post (queued while the bot was away) and deleted menus still in Discord. */
  pending: botProcedure.query(async ({ ctx }) => await pendingMenus(ctx.db)),
});
