import { z } from 'zod';
import { xpSettingsPatch } from '../../common/schemas/xp';
import { assertAssignableRoles } from '../services/guild-roles';
import { ensureGuild } from '../services/guilds';
import { leaderboard, levelingOn, readXpSettings, writeXpSettings } from '../services/xp';
import { guildProcedure, requires, router } from '../trpc';
import { xpBotRouter } from './xp-bot';

const xpProcedure = guildProcedure.use(requires('leveling'));

/** XP and levels (the Plus plan): settings and the leaderboard for the dashboard; the bot's side in xp-bot. */
export const xpRouter = router({
  settings: xpProcedure.query(({ ctx }) => ({
    ...readXpSettings(ctx.db, ctx.guildId),
    enabled: levelingOn(ctx.db, ctx.guildId),
  })),

  updateSettings: xpProcedure.input(xpSettingsPatch).mutation(({ ctx, input }) => {
    assertAssignableRoles(
      ctx.db,
      ctx.guildId,
      (input.roleRewards ?? []).map((r) => r.roleId),
      'roleRewards',
    );
    ensureGuild(ctx.db, ctx.guildId);
    writeXpSettings(ctx.db, ctx.guildId, input);
    return { ...readXpSettings(ctx.db, ctx.guildId), enabled: levelingOn(ctx.db, ctx.guildId) };
  }),

  leaderboard: xpProcedure
    .input(z.object({ limit: z.coerce.number().int().min(1).max(100).default(10) }))
    .query(({ ctx, input }) => leaderboard(ctx.db, ctx.guildId, input.limit)),

  bot: xpBotRouter,
});
