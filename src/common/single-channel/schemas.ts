import { z } from 'zod';
import { findLanguage } from '../languages';
import { channelOf } from '../schemas/discord-refs';
import { atLeastOneKey, languageCode, rowId } from '../schemas/util';

/**
 * The most languages a single-channel room translates into. The plan table (plans.ts) limits how
 * many links and rooms a server has (channelPairs), not their languages: every plan gets this many.
 */
export const SINGLE_CHANNEL_MAX_LANGUAGES = 10;

/** A room's languages: known codes, each once, 1 to SINGLE_CHANNEL_MAX_LANGUAGES of them. */
export const singleChannelLanguages = z
  .array(languageCode, { error: 'must be a list of language codes' })
  .max(SINGLE_CHANNEL_MAX_LANGUAGES, `at most ${SINGLE_CHANNEL_MAX_LANGUAGES} languages`)
  .superRefine((list, ctx) => {
    const seen = new Set<string>();
    list.forEach((code, i) => {
      if (!findLanguage(code))
        ctx.addIssue({ code: 'custom', path: [i], message: `unknown language code ${code}` });
      if (seen.has(code)) ctx.addIssue({ code: 'custom', path: [i], message: `${code} is listed twice` });
      seen.add(code);
    });
  });

/**
 * Where a room's translations go (issue 28): 'reply', one reply under each message (the default);
 * 'thread', a thread started from each message, holding that message's translations. One thread per
 * message, not per language: BabelBot's users asked for the conversation to stay readable, and one
 * thread per message keeps every language of a message together without a channel of threads.
 */
export const SINGLE_CHANNEL_DELIVERIES = ['reply', 'thread'] as const;
export type RoomDelivery = (typeof SINGLE_CHANNEL_DELIVERIES)[number];
export const roomDelivery = z.enum(SINGLE_CHANNEL_DELIVERIES, {
  error: 'must be "reply" (a reply under each message) or "thread" (a thread started from each message)',
});

const roomLanguages = singleChannelLanguages.refine((l) => l.length > 0, 'give at least one language code');

/** Turn one synced text channel of the server into a single-channel translation room. */
export const singleChannelRoomCreate = z.object({
  channelId: channelOf(
    'text',
    z
      .string({ error: 'is required: pick a channel of this server' })
      .trim()
      .regex(/^\d{1,32}$/, 'must be a Discord channel id (digits only)'),
  ),
  languages: roomLanguages,
  delivery: roomDelivery.optional(),
});

/** Change a room's languages and/or pause or resume it. */
export const singleChannelRoomUpdate = z
  .object({
    id: rowId,
    languages: roomLanguages.optional(),
    active: z.boolean({ error: 'must be true or false' }).optional(),
    delivery: roomDelivery.optional(),
  })
  .refine(({ id: _id, ...rest }) => atLeastOneKey(rest), 'give languages, active and/or delivery');

export const singleChannelRoomId = z.object({ id: rowId });

export type SingleChannelRoomCreate = z.input<typeof singleChannelRoomCreate>;
