/**
 * The privacy page's promises (spec section 9), kept by the retention job (src/server/core/retention.ts)
 * and read by the privacy page and the pricing FAQ: translation logs at most this many days; a
 * server's data this many days after the bot leaves.
 */
export const TRANSLATION_LOG_DAYS = 90;
export const LEFT_SERVER_DAYS = 30;
