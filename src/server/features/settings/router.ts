import { TRPCError } from '@trpc/server';
import { z } from 'zod';
import { botConfigPatch } from '../../../common/settings/schemas';
import { readBotConfig, updateBotConfig } from './bot-config';
import { endIntegrations } from '../integrations/manage';
import { resetGuildData, WHITE_LABEL_TABLE } from './reset';
import { guildProcedure, router } from '../../core/trpc';

export const settingsRouter = router({
  get: guildProcedure.query(async ({ ctx }) => await readBotConfig(ctx.db, ctx.guildId)),

  update: guildProcedure.input(botConfigPatch).mutation(async ({ ctx, input }) => {
    const { guildId: _g, ...patch } = input;
    return await updateBotConfig(ctx.db, ctx.guildId, patch);
  }),

  /** Danger Zone: erases the guild's data; `confirm` must repeat the guild id. */
  resetData: guildProcedure
    .input(z.object({ confirm: z.string('type the server id to confirm') }))
    .mutation(async ({ ctx, input }) => {
      if (input.confirm !== ctx.guildId) {
        throw new TRPCError({
          code: 'BAD_REQUEST',
          message: `confirm: must equal the server id ${ctx.guildId}`,
        });
      }
      // Subscriptions at YouTube's hub and Twitch end first: they point at this server's integrations.
      const integrations = await endIntegrations(ctx);
      const deleted = await resetGuildData(ctx.db, ctx.guildId, ctx.clock());
      // A white-label profile was deleted: the bot sets its own name, avatar, banner and bio back on
      // that server, the way the white-label screen's own reset does.
      if (deleted[WHITE_LABEL_TABLE]) await ctx.events.publish('whiteLabel:apply', { guildId: ctx.guildId });
      return { reset: true as const, deleted: { ...deleted, integrations } };
    }),
});
