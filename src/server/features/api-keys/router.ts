import { TRPCError } from '@trpc/server';
import { z } from 'zod';
import { apiKeyCreate } from '../../../common/api-keys/schemas';
import { rowId } from '../../../common/schemas/util';
import { createApiKey, listApiKeys, revokeApiKey } from './api-keys';
import { guildProcedure, notFound, requires, router } from '../../core/trpc';

/** Keys are managed from the dashboard (or with the admin token), never with another key. */
const keyManager = guildProcedure.use(({ ctx, next }) => {
  if (ctx.actor.kind === 'apiKey')
    throw new TRPCError({ code: 'FORBIDDEN', message: 'API keys cannot manage API keys; use the dashboard' });
  return next();
});

/** API keys per server (the Ultimate plan's API access): shown once, stored hashed, one server each. */
export const apiKeysRouter = router({
  list: keyManager.query(async ({ ctx }) => await listApiKeys(ctx.db, ctx.guildId)),

  /** The key itself is in this answer only; afterwards the list shows its prefix. */
  create: keyManager
    .use(await requires('apiAccess'))
    .input(apiKeyCreate)
    .mutation(async ({ ctx, input }) => {
      const by = ctx.actor.kind === 'discord' ? ctx.actor.userId : 'operator';
      return await createApiKey(ctx.db, ctx.guildId, input.name, by, ctx.clock());
    }),

  revoke: keyManager.input(z.object({ id: rowId })).mutation(async ({ ctx, input }) => {
    if (!(await revokeApiKey(ctx.db, ctx.guildId, input.id, ctx.clock()))) notFound('API key', input.id);
    return { id: input.id, revoked: true };
  }),
});
