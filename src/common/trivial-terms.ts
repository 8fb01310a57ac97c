import { z } from 'zod';

/*
 * A server's own short-chatter terms (issue 28): words the server's members use for "ok" or
 * laughter that the built-in list (src/server/translation/trivial.ts) does not know. A message made
 * only of them, of built-in shorthands and of laughter, within the word limit, is not translated.
 */

/** Trivial chatter is at most this many words (src/server/translation/trivial.ts). */
export const MAX_WORDS = 4;

/** A server's own terms: at most this many, each 1 to MAX_OWN_TERM_LENGTH characters. */
export const MAX_OWN_TERMS = 50;
export const MAX_OWN_TERM_LENGTH = 32;

/**
 * A server's own term as stored: trimmed, NFKC, lower case. Why it is refused, or null when it is
 * fine: one word of letters (digits allowed beside a letter), because a message is split into words
 * at spaces and punctuation before the check, and a number alone is an answer ("5"), never chatter.
 */
export function ownTermProblem(term: string): string | null {
  if (term.length < 1 || term.length > MAX_OWN_TERM_LENGTH)
    return `must be 1 to ${MAX_OWN_TERM_LENGTH} characters`;
  if (/\s/u.test(term)) return 'must be one word, without spaces';
  if (!/^[\p{L}\p{M}\p{N}]+$/u.test(term))
    return 'must be letters and digits only, without punctuation or symbols';
  if (!/\p{L}/u.test(term)) return 'must contain a letter (a number alone is an answer)';
  return null;
}

/** The stored form of a term typed by an admin. */
export function normalizeOwnTerm(term: string): string {
  return term.normalize('NFKC').trim().toLowerCase();
}

/** The list as the translation settings take it: each term stored in its normal form, duplicates collapsed. */
export const trivialTermsInput = z
  .array(z.string({ error: 'each term must be a string' }), { error: 'must be a list of terms' })
  .transform((terms, ctx) => {
    const out: string[] = [];
    for (const raw of terms) {
      const term = normalizeOwnTerm(raw);
      const problem = ownTermProblem(term);
      if (problem) {
        ctx.addIssue({ code: 'custom', message: `"${raw}" ${problem}` });
        return z.NEVER;
      }
      if (!out.includes(term)) out.push(term);
    }
    if (out.length > MAX_OWN_TERMS) {
      ctx.addIssue({ code: 'custom', message: `at most ${MAX_OWN_TERMS} terms (${out.length} given)` });
      return z.NEVER;
    }
    return out;
  });
