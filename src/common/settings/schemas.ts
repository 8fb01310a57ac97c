import { z } from 'zod';
import { findLanguage } from '../languages';
import { atLeastOneKey } from '../schemas/util';
import { trivialTermsInput } from '../trivial-terms';

export const translationSettingsPatch = z
  .object({
    autoDetect: z.boolean(),
    translationTone: z.enum(['casual', 'formal']),
    contextPreservation: z.boolean(),
    rateLimitPerUser: z
      .number()
      .int()
      .min(10, 'must be at least 10')
      .max(200, 'must be at most 200')
      .multipleOf(10, 'must be a multiple of 10'),
    skipPrefix: z.string().trim().min(1).max(8),
    skipTrivial: z.boolean(),
    /** The server's own short-chatter terms (replaces the list). */
    trivialTerms: trivialTermsInput,
  })
  .partial()
  .refine(atLeastOneKey, 'give at least one setting to change');

export const botConfigDefaults = { prefix: '/', defaultLanguage: 'en', levelingEnabled: true };

export const botConfigPatch = z
  .object({
    prefix: z
      .string()
      .min(1, 'must not be empty')
      .max(5, 'must be at most 5 characters')
      .regex(/^\S+$/, 'must not contain spaces'),
    /** Any language of the table (the translation target of members without /setlanguage). */
    defaultLanguage: z
      .string({ error: 'must be a language code such as en, es or ja' })
      .refine(
        (code) => findLanguage(code) !== undefined,
        'must be a language of the table, such as en, es or ja',
      ),
    levelingEnabled: z.boolean(),
  })
  .partial()
  .refine(atLeastOneKey, 'give at least one setting to change');
