import { z } from 'zod';
import { channelOf } from '../schemas/discord-refs';
import { discordId, languageCode } from '../schemas/util';

/** Discord refuses messages longer than this. */
export const ANNOUNCEMENT_MAX_LENGTH = 2000;

export const ANNOUNCEMENT_STATUSES = ['draft', 'scheduled', 'posted', 'failed'] as const;
export type AnnouncementStatus = (typeof ANNOUNCEMENT_STATUSES)[number];

export const targetChannel = z.object({
  language: languageCode,
  channelId: channelOf('text', discordId('channelId')),
});

/** POST /api/announcements (guildId travels beside it). */
export const announcementCreate = z
  .object({
    createdBy: z.string().trim().min(1, 'is required').max(64, 'must be at most 64 characters'),
    originalText: z
      .string()
      .trim()
      .min(1, 'must not be empty')
      .max(
        ANNOUNCEMENT_MAX_LENGTH,
        `must be at most ${ANNOUNCEMENT_MAX_LENGTH} characters (Discord's limit)`,
      ),
    originalLanguage: languageCode,
    targetChannels: z
      .array(targetChannel)
      .min(1, 'choose at least one language channel')
      .max(25, 'at most 25'),
  })
  .superRefine((value, ctx) => {
    const seen = new Set<string>();
    value.targetChannels.forEach((target, i) => {
      if (target.language === value.originalLanguage) {
        ctx.addIssue({
          code: 'custom',
          path: ['targetChannels', i, 'language'],
          message: `${target.language} is the original language; it cannot also be a target`,
        });
      }
      if (seen.has(target.language)) {
        ctx.addIssue({
          code: 'custom',
          path: ['targetChannels', i, 'language'],
          message: `${target.language} is listed twice; each language once`,
        });
      }
      seen.add(target.language);
    });
  });
export type AnnouncementCreate = z.infer<typeof announcementCreate>;
