import { z } from 'zod';
import { channelOf } from '../schemas/discord-refs';
import { languageCode, rowId } from '../schemas/util';

export const CHANNEL_LINK_NAME_MAX = 100;
export const CHANNEL_LINK_MODES = ['mirror', 'single'] as const;

const linkChannelRow = z.object({
  // Text channels, or forums (a link holds one kind: links.ts refuses a mix).
  channelId: channelOf(
    'textOrForum',
    z
      .string({ error: 'must be a string' })
      .trim()
      .refine((v) => v === '' || /^\d{1,32}$/.test(v), 'must be a Discord id (digits only)'),
  ),
  language: languageCode.default('en'),
});

/**
 * Create a channel link (spec section 5): rows with an empty channelId are dropped, at least one
 * row must remain, a channel appears once per link. A single-channel link has exactly one channel.
 */
export const channelLinkCreate = z
  .object({
    name: z
      .string({ error: 'is required' })
      .trim()
      .min(1, 'must not be empty')
      .max(CHANNEL_LINK_NAME_MAX, `must be at most ${CHANNEL_LINK_NAME_MAX} characters`),
    channels: z
      .array(linkChannelRow, { error: 'must be a list of { channelId, language }' })
      .transform((rows) => rows.filter((r) => r.channelId !== ''))
      .superRefine((rows, ctx) => {
        if (rows.length === 0) {
          ctx.addIssue({ code: 'custom', message: 'give at least one channel with a channel id' });
          return;
        }
        const seen = new Set<string>();
        for (const row of rows) {
          if (seen.has(row.channelId)) {
            ctx.addIssue({
              code: 'custom',
              message: `channel ${row.channelId} is listed twice in this link`,
            });
            return;
          }
          seen.add(row.channelId);
        }
      }),
    mode: z.enum(CHANNEL_LINK_MODES, 'must be mirror or single').default('mirror'),
  })
  .superRefine((link, ctx) => {
    if (link.mode === 'single' && link.channels.length !== 1) {
      ctx.addIssue({
        code: 'custom',
        path: ['channels'],
        message: 'a single-channel link has exactly one channel',
      });
    }
  });

export type ChannelLinkCreate = z.input<typeof channelLinkCreate>;

/** Allow (or stop allowing) a bot or webhook seen in a link's channels to be translated (issue 28). */
export const foreignAuthorAllow = z.object({
  linkId: rowId,
  authorId: z.string({ error: 'is required' }).regex(/^\d{1,32}$/, 'must be a Discord id (digits only)'),
  allowed: z.boolean({ error: 'must be true or false' }),
});
