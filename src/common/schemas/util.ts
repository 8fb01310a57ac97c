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
