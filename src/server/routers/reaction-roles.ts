import { TRPCError } from '@trpc/server';
import { and, asc, eq } from 'drizzle-orm';
import { z } from 'zod';
import { reactionRoles } from '../../../db/schema';
import { reactionRoleCreate } from '../../common/schemas/reaction-roles';
import { rowId } from '../../common/schemas/util';
import { ensureGuild } from '../services/guilds';
import { guildProcedure, notFound, router } from '../trpc';

const columns = {
  id: reactionRoles.id,
  channelId: reactionRoles.channelId,
  messageId: reactionRoles.messageId,
  active: reactionRoles.active,
  roles: reactionRoles.roles,
};

export const reactionRolesRouter = router({
  list: guildProcedure.query(({ ctx }) =>
    ctx.db
      .select(columns)
      .from(reactionRoles)
      .where(eq(reactionRoles.guildId, ctx.guildId))
      .orderBy(asc(reactionRoles.id))
      .all(),
  ),

  create: guildProcedure.input(reactionRoleCreate).mutation(({ ctx, input }) => {
    // One entry per message: the bot looks the message up on every reaction.
    const existing = ctx.db
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
    ensureGuild(ctx.db, ctx.guildId);
    return ctx.db
      .insert(reactionRoles)
      .values({
        guildId: ctx.guildId,
        channelId: input.channelId,
        messageId: input.messageId,
        roles: input.roles,
      })
      .returning(columns)
      .get();
  }),

  delete: guildProcedure.input(z.object({ id: rowId })).mutation(({ ctx, input }) => {
    const gone = ctx.db
      .delete(reactionRoles)
      .where(and(eq(reactionRoles.id, input.id), eq(reactionRoles.guildId, ctx.guildId)))
      .returning({ id: reactionRoles.id })
      .all();
    if (gone.length === 0) notFound('reaction role', input.id);
    return { id: input.id, deleted: true as const };
  }),
});
