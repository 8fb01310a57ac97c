import { eq } from 'drizzle-orm';
import { botConfig } from '../../../db/schema';
import { botConfigDefaults, botConfigPatch } from '../../common/schemas/settings';
import type { Services } from '../services';
import { ensureGuild, guildProcedure, router } from '../trpc';

export function readBotConfig(db: Services['db'], guildId: string) {
  const row = db.select().from(botConfig).where(eq(botConfig.guildId, guildId)).get();
  if (!row) return { ...botConfigDefaults };
  const { guildId: _g, ...config } = row;
  return config;
}

export const configRouter = router({
  get: guildProcedure.query(({ ctx }) => readBotConfig(ctx.db, ctx.guildId)),

  update: guildProcedure.input(botConfigPatch).mutation(({ ctx, input }) => {
    const { guildId: _g, ...patch } = input;
    ensureGuild(ctx.db, ctx.guildId);
    ctx.db
      .insert(botConfig)
      .values({ guildId: ctx.guildId, ...patch })
      .onConflictDoUpdate({ target: botConfig.guildId, set: patch })
      .run();
    return readBotConfig(ctx.db, ctx.guildId);
  }),
});
