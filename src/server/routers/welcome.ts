import { eq } from 'drizzle-orm';
import { welcomeConfig } from '../../../db/schema';
import { welcomeDefaults, welcomePatch } from '../../common/schemas/welcome';
import type { Services } from '../services';
import { ensureGuild } from '../services/guilds';
import { guildProcedure, router } from '../trpc';

/** The guild's welcome config, or the defaults when none was saved. */
export async function readWelcome(db: Services['db'], guildId: string) {
  const row = await db.select().from(welcomeConfig).where(eq(welcomeConfig.guildId, guildId)).get();
  if (!row) return { ...welcomeDefaults, messages: {} };
  const { guildId: _g, ...config } = row;
  return config;
}

export const welcomeRouter = router({
  get: guildProcedure.query(async ({ ctx }) => await readWelcome(ctx.db, ctx.guildId)),

  update: guildProcedure.input(welcomePatch).mutation(async ({ ctx, input }) => {
    const { guildId: _g, ...patch } = input;
    await ensureGuild(ctx.db, ctx.guildId);
    await ctx.db
      .insert(welcomeConfig)
      .values({ guildId: ctx.guildId, ...patch })
      .onConflictDoUpdate({ target: welcomeConfig.guildId, set: patch })
      .run();
    return await readWelcome(ctx.db, ctx.guildId);
  }),
});
