import type { ClientEvents } from 'discord.js';
import type { BotContext } from '../context';

/** One Discord event the bot listens to (one file per event under bot/events/). */
export interface BotEvent<K extends keyof ClientEvents = keyof ClientEvents> {
  name: K;
  run(ctx: BotContext, ...args: ClientEvents[K]): Promise<void>;
}

export function defineEvent<K extends keyof ClientEvents>(
  name: K,
  run: (ctx: BotContext, ...args: ClientEvents[K]) => Promise<void>,
): BotEvent<K> {
  return { name, run };
}
