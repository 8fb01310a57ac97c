import { z } from 'zod';
import { integrationCreate } from '../../../common/integrations/schemas';
import { rowId } from '../../../common/schemas/util';
import { guildProcedure, requires, router } from '../../core/trpc';
import { listIntegrations } from './integrations';
import { addIntegration, removeIntegration } from './manage';
import { twitchConfigured } from './twitch-api';

/** Every procedure here needs the 'integrations' capability of the plan table (Ultimate). */
const integrationsProcedure = guildProcedure.use(await requires('integrations'));

export const integrationsRouter = router({
  /** The server's integrations, and which platforms this installation offers. */
  list: integrationsProcedure.query(async ({ ctx }) => ({
    integrations: await listIntegrations(ctx.db, ctx.guildId, ctx.clock(), ctx.env),
    available: { youtube: true, twitch: twitchConfigured(ctx.env) },
  })),

  /** Follow a YouTube channel or a Twitch broadcaster; news goes to the channels of a link. */
  add: integrationsProcedure
    .input(integrationCreate)
    .mutation(async ({ ctx, input }) => await addIntegration(ctx, input)),

  /** Stop following. */
  remove: integrationsProcedure
    .input(z.object({ id: rowId }))
    .mutation(async ({ ctx, input }) => await removeIntegration(ctx, input.id)),
});
