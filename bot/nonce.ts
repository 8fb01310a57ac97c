import { createHash } from 'node:crypto';
import { DiscordAPIError, HTTPError, RateLimitError } from 'discord.js';

/**
 * Posting a durable work item once, whatever retries it. A queued post (an announcement, a poll,
 * a ticket reply...) may reach Discord and still be tried again: the answer was lost (timeout,
 * connection reset) or the process was killed before the job was marked done. Each post therefore
 * carries a nonce derived from the work item (kind, row id, target channel, part), the same in every
 * process and every retry, with enforce_nonce: Discord then answers a second Create Message with the
 * same nonce from the bot within its dedupe window (a few minutes) with the message it already
 * created, instead of creating another. Webhook executions take no nonce (see docs/processes.md).
 */

/** Discord's longest nonce (characters). */
export const NONCE_MAX_LENGTH = 25;

/** The nonce of one post: a hash of the work item's key, 24 characters (base64url). */
export function workNonce(...key: (string | number)[]): string {
  return createHash('sha256')
    .update(key.join(':'))
    .digest('base64url')
    .slice(0, NONCE_MAX_LENGTH - 1);
}

/** discord.js send options: `channel.send({ content, ...postOnce('announcement', id, channelId, part) })`. */
export function postOnce(...key: (string | number)[]): { nonce: string; enforceNonce: true } {
  return { nonce: workNonce(...key), enforceNonce: true };
}

/** The same for a raw REST body: `rest.post(Routes.channelMessages(c), { body: { ...postOnceBody(...) } })`. */
export function postOnceBody(...key: (string | number)[]): { nonce: string; enforce_nonce: true } {
  return { nonce: workNonce(...key), enforce_nonce: true };
}

/**
 * A failure worth trying again: Discord unreachable, the answer lost (timeout, connection reset),
 * a 5xx or a rate limit. A refusal (403 Missing Access, 404 Unknown Channel, 400) is not: it
 * fails the same way until an admin changes something.
 */
export function isTransient(err: unknown): boolean {
  if (err instanceof DiscordAPIError) return err.status >= 500 || err.status === 429;
  if (err instanceof HTTPError || err instanceof RateLimitError) return true;
  if (!(err instanceof Error)) return false;
  if (err.name === 'AbortError' || (err instanceof TypeError && err.message === 'fetch failed')) return true;
  const code = (err as { code?: unknown }).code ?? (err.cause as { code?: unknown } | undefined)?.code;
  return (
    typeof code === 'string' && /^(ECONNRESET|ECONNREFUSED|ETIMEDOUT|EPIPE|EAI_AGAIN|UND_ERR)/.test(code)
  );
}
