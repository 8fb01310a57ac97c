import { z } from 'zod';
import { takeIdentifySlot } from './gateway-identify';
import { botProcedure, router } from '../../core/trpc';

/** The bot's gateway connections: identify slots shared by every bot process (bot/features/guilds/gateway-identify.ts). */
export const guildsBotRouter = router({
  /** Takes the bucket's identify slot when free: `{ waitMs: 0 }`, else how long until it is. */
  identifySlot: botProcedure
    .input(z.object({ rateLimitKey: z.number().int().min(0).max(1_000_000) }))
    .mutation(async ({ ctx, input }) => ({
      waitMs: await takeIdentifySlot(ctx.db, input.rateLimitKey, Date.now()),
    })),
});
