import { z } from 'zod';
import { usageNotice } from '../usage/notices';
import { botGuildProcedure, router } from '../../core/trpc';

/** The bot's usage procedures: the notice when a server passes a threshold of its translations. In-process only, reached as usage.bot.*. */
export const usageBotRouter = router({
  // ---- Usage ----
  usageNotice: botGuildProcedure
    .input(z.object({ threshold: z.number(), used: z.number(), allowance: z.number() }))
    .query(
      async ({ ctx, input }) =>
        await usageNotice(ctx.db, { ...input, guildId: ctx.guildId }, ctx.env.PUBLIC_URL, ctx.clock()),
    ),
});
