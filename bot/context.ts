import type { Client } from 'discord.js';
import { createCaller } from '../src/server/app/router';
import type { Services } from '../src/server/core/services';

/** What every event handler and command gets: the client and the router's in-process caller. */
export interface BotContext {
  client: Client;
  caller: ReturnType<typeof createCaller>;
  /** Only for subscribing to server events and reading env; never for the database. */
  services: Services;
}

export function botCaller(services: Services) {
  return createCaller({ ...services, actor: { kind: 'bot' }, clientIp: 'bot' });
}
