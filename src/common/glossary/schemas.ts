import { z } from 'zod';
import { findLanguage } from '../languages';
import { rowId } from '../schemas/util';

/**
 * Server glossary (issue 16): terms that are never translated (names of the game, the server,
 * members, products) and terms with a fixed translation per language.
 */

/** At most this many terms per server. */
export const GLOSSARY_MAX_TERMS = 100;
/** Longest term and longest fixed translation, in characters. */
export const GLOSSARY_TERM_CHARS = 60;
export const GLOSSARY_TRANSLATION_CHARS = 100;
/** Fixed translations per term, at most one per language. */
export const GLOSSARY_MAX_LANGUAGES = 30;

/** Names of the limits as the client shows them. */
export const glossaryLimits = {
  terms: GLOSSARY_MAX_TERMS,
  termChars: GLOSSARY_TERM_CHARS,
  translationChars: GLOSSARY_TRANSLATION_CHARS,
  languages: GLOSSARY_MAX_LANGUAGES,
};

const term = z
  .string({ error: 'must be text' })
  .trim()
  .min(1, 'must not be empty')
  .max(GLOSSARY_TERM_CHARS, `must be at most ${GLOSSARY_TERM_CHARS} characters`)
  .refine((t) => !/[\n\r]/.test(t), 'must be on one line')
  .refine((t) => /[\p{L}\p{N}]/u.test(t), 'must contain a letter or a digit');

const translations = z
  .record(
    z.string(),
    z
      .string({ error: 'must be text' })
      .trim()
      .min(1, 'must not be empty')
      .max(GLOSSARY_TRANSLATION_CHARS, `must be at most ${GLOSSARY_TRANSLATION_CHARS} characters`),
  )
  .superRefine((t, ctx) => {
    for (const code of Object.keys(t)) {
      if (!findLanguage(code))
        ctx.addIssue({
          code: 'custom',
          path: [code],
          message: 'is not a language code I know (e.g. es, fr, zh-TW)',
        });
    }
    if (Object.keys(t).length > GLOSSARY_MAX_LANGUAGES)
      ctx.addIssue({ code: 'custom', message: `at most ${GLOSSARY_MAX_LANGUAGES} languages` });
  })
  .default({});

/** One entry: no translations = never translated; otherwise fixed translations by language. */
export const glossaryEntry = z.object({ term, translations });
export type GlossaryEntry = z.infer<typeof glossaryEntry>;

/** The whole list at once (PUT): duplicates (ignoring case) are named. */
export const glossaryReplace = z.object({
  terms: z
    .array(glossaryEntry)
    .max(GLOSSARY_MAX_TERMS, `at most ${GLOSSARY_MAX_TERMS} terms`)
    .superRefine((entries, ctx) => {
      const seen = new Map<string, number>();
      entries.forEach((e, i) => {
        const key = e.term.toLowerCase();
        const first = seen.get(key);
        if (first !== undefined) {
          ctx.addIssue({
            code: 'custom',
            path: [i, 'term'],
            message: `"${e.term}" is already entry ${first}`,
          });
        } else seen.set(key, i);
      });
    }),
});

export const glossaryId = z.object({ id: rowId });
