import { eq } from 'drizzle-orm';
import { welcomeConfig } from '../../../db/schema';
import { welcomeDefaults, welcomePatch } from '../../common/schemas/welcome';
import type { Services } from '../services';
import { ensureGuild } from '../services/guilds';
import { guildProcedure, router } from '../trpc';

/** The guild's welcome config, or the defaults when none was saved. */
export function readWelcome(db: Services['db'], guildId: string) {
  const row = db.select().from(welcomeConfig).where(eq(welcomeConfig.guildId, guildId)).get();
  if (!row) return { ...welcomeDefaults, messages: {} };
  const { guildId: _g, ...config } = row;
  return config;
}

export const welcomeRouter = router({
  get: guildProcedure.query(({ ctx }) => readWelcome(ctx.db, ctx.guildId)),

  update: guildProcedure.input(welcomePatch).mutation(({ ctx, input }) => {
    const { guildId: _g, ...patch } = input;
    ensureGuild(ctx.db, ctx.guildId);
    ctx.db
      .insert(welcomeConfig)
      .values({ guildId: ctx.guildId, ...patch })
      .onConflictDoUpdate({ target: welcomeConfig.guildId, set: patch })
      .run();
    return readWelcome(ctx.db, ctx.guildId);
  }),
});
