import { z } from 'zod';
import { channelOf, roleOf } from '../schemas/discord-refs';

const discordId = z
  .string({ error: 'must be a Discord id' })
  .trim()
  .regex(/^\d{1,32}$/, 'must be a Discord id (digits only)');

export const XP_REWARDS_MAX = 25;
export const XP_IGNORED_MAX = 100;

/** Leveling settings: level-up channel ('' = where the member talked), ignored channels, role rewards. */
export const xpSettingsPatch = z.object({
  levelUpChannelId: channelOf(
    'text',
    z
      .string({ error: 'must be a string' })
      .trim()
      .refine(
        (v) => v === '' || /^\d{1,32}$/.test(v),
        'must be a Discord channel id, or empty for the same channel',
      ),
  ).optional(),
  ignoredChannels: z
    .array(channelOf('any', discordId), { error: 'must be a list of channel ids' })
    .max(XP_IGNORED_MAX, `at most ${XP_IGNORED_MAX} channels`)
    .transform((ids) => [...new Set(ids)])
    .optional(),
  roleRewards: z
    .array(
      z.object({
        level: z
          .number({ error: 'must be a number' })
          .int('must be a whole number')
          .min(1, 'must be 1 or more')
          .max(500, 'must be 500 or less'),
        roleId: roleOf('assignable', discordId),
      }),
      { error: 'must be a list of { level, roleId }' },
    )
    .max(XP_REWARDS_MAX, `at most ${XP_REWARDS_MAX} role rewards`)
    .superRefine((rewards, ctx) => {
      const levels = new Set<number>();
      for (const r of rewards) {
        if (levels.has(r.level))
          ctx.addIssue({ code: 'custom', message: `level ${r.level} has two rewards` });
        levels.add(r.level);
      }
    })
    .optional(),
});
export type XpSettingsPatch = z.input<typeof xpSettingsPatch>;
