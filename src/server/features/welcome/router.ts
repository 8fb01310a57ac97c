import { welcomeConfig } from '../../../../db/schema';
import { welcomePatch } from '../../../common/welcome/schemas';
import { ensureGuild } from '../../core/guilds';
import { guildProcedure, router } from '../../core/trpc';
import { readWelcome } from './settings';
import { welcomeBotRouter } from './bot.router';

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

  /** The bot's own procedures of this capability (in-process only). */
  bot: welcomeBotRouter,
});
