import type { BotContext } from './context';

/** A server event (services.events) the bot acts on; subscribe returns the unsubscribe. */
export interface ServerEventHandler {
  subscribe(ctx: BotContext): () => void;
}

export const SERVER_EVENTS: ServerEventHandler[] = [];
