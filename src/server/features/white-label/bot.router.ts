import { z } from 'zod';
import { botGuildProcedure, router } from '../../core/trpc';
import { readWhiteLabel, recordApplied } from './white-label';

/** The bot's white-label procedures (in-process only, as whiteLabel.bot.*). */
export const whiteLabelBotRouter = router({
  /** What to send Discord's Modify Current Member for this server (null fields reset to Discord's default). */
  profile: botGuildProcedure.query(async ({ ctx }) => {
    const row = await readWhiteLabel(ctx.db, ctx.guildId);
    return {
      nick: row?.nickname ?? null,
      avatar: row?.avatar ?? null,
      banner: row?.banner ?? null,
      bio: row?.bio ?? null,
    };
  }),

  applied: botGuildProcedure
    .input(z.object({ error: z.string().max(1000).nullable() }))
    .mutation(async ({ ctx, input }) => {
      await recordApplied(ctx.db, ctx.guildId, ctx.clock(), input.error);
      return { ok: true as const };
    }),
});
