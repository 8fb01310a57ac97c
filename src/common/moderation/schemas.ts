import { z } from 'zod';
import { channelOf } from '../schemas/discord-refs';
import { atLeastOneKey, optionalDiscordId } from '../schemas/util';

export const BANNED_WORD_MAX = 64;
export const BANNED_WORDS_MAX = 500;
export const MODERATION_LOGS_LIMIT = 100;

export const moderationDefaults = {
  spamDetection: true,
  contentFiltering: true,
  bannedWords: [] as string[],
  autoDelete: false,
  logChannelId: '',
  scamDetection: true,
};

/** What a moderation log entry keeps of the message: enough for a moderator to see why. */
export const MODERATION_EXCERPT_MAX = 120;

/** Trimmed, blanks dropped, duplicates (ignoring case) dropped keeping the first spelling. */
export const bannedWords = z
  .array(
    z
      .string({ error: 'must be text' })
      .trim()
      .max(BANNED_WORD_MAX, `must be at most ${BANNED_WORD_MAX} characters`),
    { error: 'must be a list of words' },
  )
  .transform((words) => {
    const seen = new Set<string>();
    return words.filter((w) => {
      const key = w.toLowerCase();
      if (w === '' || seen.has(key)) return false;
      seen.add(key);
      return true;
    });
  })
  .refine((words) => words.length <= BANNED_WORDS_MAX, `at most ${BANNED_WORDS_MAX} words`);

const rulesShape = z
  .object({
    spamDetection: z.boolean({ error: 'must be true or false' }),
    contentFiltering: z.boolean({ error: 'must be true or false' }),
    autoDelete: z.boolean({ error: 'must be true or false' }),
    logChannelId: channelOf('text', optionalDiscordId),
    bannedWords,
    scamDetection: z.boolean({ error: 'must be true or false' }),
  })
  .partial().shape;

export const moderationRulesPatch = z
  // guildId is the procedure's own input (merged by tRPC); any other unknown field is refused.
  .strictObject(
    { ...rulesShape, guildId: z.string().optional() },
    {
      error: (iss) =>
        iss.code === 'unrecognized_keys'
          ? `unknown field${iss.keys.length > 1 ? 's' : ''} ${iss.keys.join(', ')}`
          : undefined,
    },
  )
  .refine(
    ({ guildId: _g, ...rules }) => atLeastOneKey(rules),
    'give at least one of spamDetection, contentFiltering, scamDetection, autoDelete, logChannelId, bannedWords',
  );

export type ModerationRulesPatch = z.input<typeof moderationRulesPatch>;
