import { z } from 'zod';
import { atLeastOneKey, optionalDiscordId } from './util';

export const BANNED_WORD_MAX = 64;
export const BANNED_WORDS_MAX = 500;
export const MODERATION_LOGS_LIMIT = 100;

export const moderationDefaults = {
  spamDetection: true,
  contentFiltering: true,
  bannedWords: [] as string[],
  autoDelete: false,
  logChannelId: '',
};

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

export const moderationRulesPatch = z
  .object({
    spamDetection: z.boolean({ error: 'must be true or false' }),
    contentFiltering: z.boolean({ error: 'must be true or false' }),
    autoDelete: z.boolean({ error: 'must be true or false' }),
    logChannelId: optionalDiscordId,
    bannedWords,
  })
  .partial()
  .refine(
    atLeastOneKey,
    'give at least one of spamDetection, contentFiltering, autoDelete, logChannelId, bannedWords',
  );

export type ModerationRulesPatch = z.input<typeof moderationRulesPatch>;
