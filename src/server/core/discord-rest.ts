import { REST } from 'discord.js';
import type { Env } from './env';

/**
 * The web process's one way to Discord with the bot's token (the dashboard's member search and
 * claim check, features/tickets/staff-member.ts). Discord's global limit (50 requests a second) and
 * its buckets belong to the bot: when the bot runs behind the shared REST proxy (DISCORD_REST_PROXY,
 * given by the operator or set by `npm start -- --bot-processes N` once it started the proxy,
 * docs/processes.md), these calls go through it too and its limiter counts them with the bot
 * processes' calls; in one process (plain `npm start`, `npm run start:web` without a proxy) they go
 * to DISCORD_API_URL with discord.js's own limiter.
 */

/** Direct: discord.js's own limiter, answer or give up within 10 s (someone is waiting). */
export const DIRECT_TIMEOUT_MS = 10_000;
/** Through the proxy, which holds a request while the bot's shared limits say wait. */
export const PROXIED_TIMEOUT_MS = 30_000;

type RestEnv = Pick<Env, 'DISCORD_TOKEN' | 'DISCORD_API_URL' | 'DISCORD_REST_PROXY'>;

const clients = new Map<string, REST>();

/** Where the web process's bot-token calls go: the shared proxy when there is one, else Discord. */
export function discordRestBase(env: RestEnv): { api: string; proxied: boolean } {
  const proxy = env.DISCORD_REST_PROXY?.trim();
  return proxy ? { api: proxy, proxied: true } : { api: env.DISCORD_API_URL, proxied: false };
}

/** A discord.js REST client with the bot's token (one per address and token); null without DISCORD_TOKEN. */
export function discordRest(env: RestEnv): REST | null {
  if (!env.DISCORD_TOKEN) return null;
  const { api, proxied } = discordRestBase(env);
  const key = `${api}|${env.DISCORD_TOKEN}`;
  let rest = clients.get(key);
  if (!rest) {
    rest = new REST({
      api,
      retries: 1,
      timeout: proxied ? PROXIED_TIMEOUT_MS : DIRECT_TIMEOUT_MS,
    }).setToken(env.DISCORD_TOKEN);
    clients.set(key, rest);
  }
  return rest;
}
