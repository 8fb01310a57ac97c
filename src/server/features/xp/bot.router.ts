import { z } from 'zod';
import { LOCKED } from '../../../common/billing/phrases';
import * as XP_PHRASES from '../../../common/xp/phrases';
import {
  LEADERBOARD_EMPTY,
  LEADERBOARD_LINE,
  LEADERBOARD_TITLE,
  LEVEL_UP,
  LEVELING_OFF,
  NO_XP_YET,
  RANK_CARD,
  YOUR_PLACE,
} from '../../../common/xp/phrases';
import type { Speaker } from '../../translation/phrases';
import { CAPABILITIES, unlockingPlan } from '../../../common/plans';
import { hasCapability } from '../../core/plans';
import { memberSpeaker } from '../translation/speaker';
import { awardMessage, leaderboard, levelingOn, memberRank, readXpSettings } from './xp';
import { botGuildProcedure, router } from '../../core/trpc';

const discordId = z.string().regex(/^\d{1,32}$/, 'must be a Discord id');
const member = z.object({ userId: discordId, locale: z.string().nullable(), username: z.string().max(100) });

const bar = (share: number) => {
  const full = Math.max(0, Math.min(10, Math.round(share * 10)));
  return `${'█'.repeat(full)}${'░'.repeat(10 - full)}`;
};

/** Why a member cannot see levels here, in their language; null when leveling is on. */
async function unavailable(
  db: Parameters<typeof levelingOn>[0],
  guildId: string,
  s: Speaker,
): Promise<string | null> {
  if (!(await hasCapability(db, guildId, 'leveling')))
    return s(LOCKED, {
      feature: CAPABILITIES.leveling.label,
      plan: unlockingPlan('leveling').name,
    });
  return (await levelingOn(db, guildId)) ? null : s(LEVELING_OFF);
}

export const xpBotRouter = router({
  /**
   * A member's message (never a bot's or a webhook's): XP at most once a minute; on a level-up,
   * the announcement in the member's language, where to post it, and the roles to give.
   */
  message: botGuildProcedure
    .input(member.extend({ channelId: discordId, parentChannelId: discordId.nullable() }))
    .mutation(async ({ ctx, input }) => {
      const award = await awardMessage(ctx.db, { ...input, guildId: ctx.guildId }, ctx.clock());
      if (!award.awarded || !award.leveledUp) return { levelUp: null, award };
      const s = await memberSpeaker(ctx, ctx.guildId, input.userId, input.locale, XP_PHRASES, LOCKED);
      const settings = await readXpSettings(ctx.db, ctx.guildId);
      return {
        award,
        levelUp: {
          channelId: settings.levelUpChannelId || input.channelId,
          text: s(LEVEL_UP, { user: `<@${input.userId}>`, level: award.level }),
          roleIds: award.rewardRoles,
        },
      };
    }),

  /** /rank: the member's level card, in their language. */
  rank: botGuildProcedure
    .input(member.extend({ targetId: discordId, targetName: z.string().max(100) }))
    .query(async ({ ctx, input }) => {
      const s = await memberSpeaker(ctx, ctx.guildId, input.userId, input.locale, XP_PHRASES, LOCKED);
      const off = await unavailable(ctx.db, ctx.guildId, s);
      if (off) return { ok: false as const, text: off };
      const r = await memberRank(ctx.db, ctx.guildId, input.targetId);
      if (r.rank === null) return { ok: true as const, text: s(NO_XP_YET, { name: input.targetName }) };
      return {
        ok: true as const,
        rank: r,
        text: s(RANK_CARD, {
          name: input.targetName,
          level: r.level,
          xp: r.xp,
          bar: bar(r.into / r.needed),
          into: r.into,
          needed: r.needed,
          next: r.level + 1,
          rank: r.rank,
          members: r.members,
        }),
      };
    }),

  /** /leaderboard: the top 10 and the member's own place, in their language. */
  leaderboard: botGuildProcedure.input(member).query(async ({ ctx, input }) => {
    const s = await memberSpeaker(ctx, ctx.guildId, input.userId, input.locale, XP_PHRASES, LOCKED);
    const off = await unavailable(ctx.db, ctx.guildId, s);
    if (off) return { ok: false as const, text: off };
    const top = await leaderboard(ctx.db, ctx.guildId, 10);
    if (top.length === 0)
      return {
        ok: true as const,
        text: `${s(LEADERBOARD_TITLE)}\n${s(LEADERBOARD_EMPTY)}`,
      };
    const lines = top.map((r) =>
      s(LEADERBOARD_LINE, {
        rank: r.rank,
        name: r.username || r.userId,
        level: r.level,
        xp: r.xp,
      }),
    );
    const mine = await memberRank(ctx.db, ctx.guildId, input.userId);
    const place =
      mine.rank === null ? '' : `\n\n${s(YOUR_PLACE, { rank: mine.rank, members: mine.members })}`;
    return { ok: true as const, text: `${s(LEADERBOARD_TITLE)}\n${lines.join('\n')}${place}` };
  }),
});
