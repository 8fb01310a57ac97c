import { providerKeyFallbackInput, providerKeyInput } from '../../../common/provider-keys/schemas';
import { guildProcedure, notFound, requires, router } from '../../core/trpc';
import { removeProviderKey, saveProviderKey, setFallback, viewOf } from './provider-keys';

/** Every procedure here needs the 'providerKeys' capability of the plan table (Plus). */
const providerKeyProcedure = guildProcedure.use(await requires('providerKeys'));

export const providerKeysRouter = router({
  /** The provider and the key's last 4 characters, never the key. */
  get: providerKeyProcedure.query(async ({ ctx }) => await viewOf(ctx.db, ctx.env, ctx.guildId, ctx.clock())),

  /** Checks the key with the provider (one small call), then keeps it encrypted. */
  save: providerKeyProcedure.input(providerKeyInput).mutation(async ({ ctx, input }) => {
    await saveProviderKey(ctx.db, ctx.env, ctx.guildId, input, ctx.clock());
    return await viewOf(ctx.db, ctx.env, ctx.guildId, ctx.clock());
  }),

  /** Whether the operator's provider answers when the server's own fails. */
  setFallback: providerKeyProcedure.input(providerKeyFallbackInput).mutation(async ({ ctx, input }) => {
    if (!(await setFallback(ctx.db, ctx.guildId, input.allowFallback, ctx.clock())))
      notFound('provider key of server', ctx.guildId);
    return await viewOf(ctx.db, ctx.env, ctx.guildId, ctx.clock());
  }),

  /** Deletes the key; the operator's provider translates for the server again. */
  remove: providerKeyProcedure.mutation(async ({ ctx }) => {
    if (!(await removeProviderKey(ctx.db, ctx.guildId))) notFound('provider key of server', ctx.guildId);
    return await viewOf(ctx.db, ctx.env, ctx.guildId, ctx.clock());
  }),
});
