import { z } from 'zod';
import { atLeastOneKey } from '../schemas/util';

/** Per-server translation style (issue 16, Pro): the server's own instructions and slang-aware mode. */

/** Longest custom instruction text, in characters. */
export const CUSTOM_INSTRUCTIONS_CHARS = 500;

export const translationStyleDefaults = { customInstructions: '', slang: false };

export const translationStylePatch = z
  .object({
    customInstructions: z
      .string({ error: 'must be text' })
      .trim()
      .max(CUSTOM_INSTRUCTIONS_CHARS, `must be at most ${CUSTOM_INSTRUCTIONS_CHARS} characters`),
    slang: z.boolean({ error: 'must be true or false' }),
  })
  .partial()
  .refine(atLeastOneKey, 'give customInstructions or slang');
