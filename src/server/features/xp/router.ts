import { z } from 'zod';
import { xpSettingsPatch } from '../../../common/xp/schemas';
import { ensureGuild } from '../../core/guilds';
import { leaderboard, levelingOn, readXpSettings, writeXpSettings } from './xp';
import { guildProcedure, requires, router } from '../../core/trpc';
import { xpBotRouter } from './bot.router';

const xpProcedure = guildProcedure.use(await requires('leveling'));

/** XP and levels (the Plus plan): settings and the leaderboard for the dashboard; the bot's side in xp-bot. */
export const xpRouter = router({
  settings: xpProcedure.query(async ({ ctx }) => ({
    ...(await readXpSettings(ctx.db, ctx.guildId)),
    enabled: await levelingOn(ctx.db, ctx.guildId),
  })),

  updateSettings: xpProcedure.input(xpSettingsPatch).mutation(async ({ ctx, input }) => {
    await ensureGuild(ctx.db, ctx.guildId);
    await writeXpSettings(ctx.db, ctx.guildId, input);
    return { ...(await readXpSettings(ctx.db, ctx.guildId)), enabled: await levelingOn(ctx.db, ctx.guildId) };
  }),

  leaderboard: xpProcedure
    .input(z.object({ limit: z.coerce.number().int().min(1).max(100).default(10) }))
    .query(async ({ ctx, input }) => await leaderboard(ctx.db, ctx.guildId, input.limit)),

  bot: xpBotRouter,
});
