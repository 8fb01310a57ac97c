import { z } from 'zod';

/** For PATCH bodies: true when at least one known field was given. */
export const atLeastOneKey = (value: object) => Object.values(value).some((v) => v !== undefined);

/** A Discord snowflake-like id typed by an admin: digits, 1 to 32 characters. */
export const discordId = (what: string) =>
  z
    .string()
    .trim()
    .regex(/^\d{1,32}$/, `${what} must be a Discord id (digits only)`);

/** Language code as used across the product (ISO 639-1, or with a region like zh-TW). */
export const languageCode = z
  .string()
  .trim()
  .regex(/^[a-z]{2,3}(-[A-Za-z]{2,4})?$/, 'must be a language code such as en, es or zh-TW');

/** A map of language code to non-empty text. */
export const langText = z.record(languageCode, z.string().trim().min(1, 'must not be empty'));

/** A numeric row id from a path (/api/polls/:id arrives as "12") or from tRPC (a number). */
export const rowId = z.preprocess(
  (v) => (typeof v === 'string' && /^\s*\d+\s*$/.test(v) ? Number(v) : v),
  z
    .number({ error: 'must be a whole number (the id of the row)' })
    .int('must be a whole number (the id of the row)')
    .positive('must be a positive whole number'),
);

/** '' (not set) or a Discord id typed by an admin. */
export const optionalDiscordId = z
  .string({ error: 'must be a string: a Discord id, or empty to clear' })
  .trim()
  .refine((v) => v === '' || /^\d{1,32}$/.test(v), 'must be a Discord id (digits only), or empty to clear');

/** A server (guild) or user id as the product accepts it: 1 to 32 letters, digits, - or _. */
export const SERVER_ID_PATTERN = /^[A-Za-z0-9_-]{1,32}$/;
