import type { BotContext } from './context';
import announcementPost from './server-events/announcement-post';
import exchange from './server-events/exchange';
import polls from './server-events/polls';
import reactionRoles from './server-events/reaction-roles';
import ticketReply from './server-events/ticket-reply';
import usageThreshold from './server-events/usage-threshold';
import voiceEnded from './server-events/voice-ended';

/** A server event (services.events) the bot acts on; subscribe returns the unsubscribe. */
export interface ServerEventHandler {
  subscribe(ctx: BotContext): () => void;
}

export const SERVER_EVENTS: ServerEventHandler[] = [
  announcementPost,
  usageThreshold,
  ticketReply,
  polls,
  reactionRoles,
  voiceEnded,
  exchange,
];
