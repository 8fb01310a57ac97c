import { z } from 'zod';
import { channelOf } from '../schemas/discord-refs';

/** Language exchange settings: the text channel pairs get their private thread in ('' = none, DMs only). */
export const exchangeSettingsPatch = z.object({
  channelId: channelOf(
    'privateThreads',
    z
      .string({ error: 'must be a string: a channel of this server, or empty for none' })
      .trim()
      .refine(
        (v) => v === '' || /^\d{1,32}$/.test(v),
        'must be a text channel of this server (its id), or empty for no threads',
      ),
  ),
});
export type ExchangeSettingsPatch = z.input<typeof exchangeSettingsPatch>;

/** What a member gives /exchange join: raw text from Discord, checked against the language table. */
export const exchangeJoinInput = z.object({
  native: z.string().max(100),
  learning: z.string().max(100),
});
