import { TRPCError } from '@trpc/server';
import { z } from 'zod';
import { reactionRoleCreate } from '../../../common/reaction-roles/schemas';
import { rowId } from '../../../common/schemas/util';
import { guildProcedure, notFound, router } from '../../core/trpc';
import { reactionRolesBotRouter } from './bot.router';
import { createReactionRole, deleteReactionRole, listReactionRoles, type ReactionRoleRow } from './entries';
import { buildMenu } from './menu';

/** An entry as the API answers it; a menu the bot posts says where its message stands. */
export function toEntry(r: ReactionRoleRow) {
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

export const reactionRolesRouter = router({
  list: guildProcedure.query(async ({ ctx }) => (await listReactionRoles(ctx.db, ctx.guildId)).map(toEntry)),

  create: guildProcedure.input(reactionRoleCreate).mutation(async ({ ctx, input }) => {
    const menu = input.messageId
      ? null
      : await buildMenu(ctx.db, ctx.translator, ctx.guildId, input.title, input.roles);
    const made = await createReactionRole(ctx.db, ctx.guildId, input, menu);
    if ('taken' in made) {
      const existing = made.taken;
      throw new TRPCError({
        code: 'CONFLICT',
        message:
          existing.guildId === ctx.guildId
            ? `messageId: message ${input.messageId} already has reaction roles (entry ${existing.id}); delete that entry first`
            : `messageId: message ${input.messageId} already has reaction roles`,
      });
    }
    if (menu) await ctx.events.publish('reactionRoles:changed', { guildId: ctx.guildId, id: made.row.id });
    return toEntry(made.row);
  }),

  /** Deletes the entry; a menu the bot posted is removed from Discord first. */
  delete: guildProcedure.input(z.object({ id: rowId })).mutation(async ({ ctx, input }) => {
    const done = await deleteReactionRole(ctx.db, ctx.guildId, input.id, ctx.clock());
    if (!done) notFound('reaction role', input.id);
    if (done === 'marked')
      await ctx.events.publish('reactionRoles:changed', { guildId: ctx.guildId, id: input.id });
    return { id: input.id, deleted: true as const };
  }),

  /** What only the bot calls: posting menus and removing deleted ones. */
  bot: reactionRolesBotRouter,
});
