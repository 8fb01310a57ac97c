import { TRPCError } from '@trpc/server';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { botConfig } from '../../../../db/schema';
import { botConfigDefaults, botConfigPatch } from '../../../common/settings/schemas';
import type { Services } from '../../core/services';
import { ensureGuild } from '../../core/guilds';
import { resetGuildData } from './reset';
import { guildProcedure, router } from '../../core/trpc';

export async function readBotConfig(db: Services['db'], guildId: string) {
  const row = await db.select().from(botConfig).where(eq(botConfig.guildId, guildId)).get();
  if (!row) return { ...botConfigDefaults };
  const { guildId: _g, ...config } = row;
  return config;
}

export const settingsRouter = router({
  get: guildProcedure.query(async ({ ctx }) => await readBotConfig(ctx.db, ctx.guildId)),

  update: guildProcedure.input(botConfigPatch).mutation(async ({ ctx, input }) => {
    const { guildId: _g, ...patch } = input;
    await ensureGuild(ctx.db, ctx.guildId);
    await ctx.db
      .insert(botConfig)
      .values({ guildId: ctx.guildId, ...patch })
      .onConflictDoUpdate({ target: botConfig.guildId, set: patch })
      .run();
    return await readBotConfig(ctx.db, ctx.guildId);
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
      return { reset: true as const, deleted: await resetGuildData(ctx.db, ctx.guildId, ctx.clock()) };
    }),
});
