import { type Client, REST } from 'discord.js';

/**
 * The REST client of webhook executions (mirror and single-channel copies, their edits and deletes).
 *
 * Discord's contract (docs/topics/rate-limits): a webhook call carries its token in the URL and no
 * Authorization header, so it is limited per webhook (the bucket `X-RateLimit-Bucket` names, keyed
 * by webhook id + token, typically 5 requests per 2 s) and, having no bot token, its global limit
 * of 50 requests a second "is applied to the IP address", not to the bot. discord.js counts every
 * request of a client's REST against one 50/s counter, `auth: false` or not, so webhook posts and
 * the bot's own calls (replies, reactions, roles, Translate Message) used to share one 50/s pool.
 * A REST of their own, without the token: the bot keeps its 50/s, the webhooks get the IP's, and
 * @discordjs/rest queues each webhook on its own bucket from the headers, so one server's burst
 * waits in its own webhook's queue instead of holding everyone's.
 */
const rests = new WeakMap<Client, REST>();

export interface WebhookRestOptions {
  api: string;
  timeout?: number;
  retries: number;
  /** The IP's global limit for requests without a bot token (Discord: 50 a second). */
  globalRequestsPerSecond: number;
}

export function attachWebhookRest(client: Client, opts: WebhookRestOptions): void {
  rests.set(client, new REST({ version: '10', ...opts }));
}

/** The webhook REST of this client; the bot's own when none was attached. */
export function webhookRest(client: Client): REST {
  return rests.get(client) ?? client.rest;
}

export function detachWebhookRest(client: Client): void {
  const rest = rests.get(client);
  if (!rest) return;
  rest.clearHashSweeper();
  rest.clearHandlerSweeper();
  rests.delete(client);
}
