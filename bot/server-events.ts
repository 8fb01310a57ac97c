import type { ServerEvents } from '../src/server/services';
import type { QueueKind } from '../src/server/services/queue';
import type { BotContext } from './context';
import announcementPost, { runAnnouncementJob } from './server-events/announcement-post';
import exchange from './server-events/exchange';
import polls, { runPollJob } from './server-events/polls';
import reactionRoles, { runMenuJob } from './server-events/reaction-roles';
import ticketReply, { runTicketReplyJob } from './server-events/ticket-reply';
import { tellAdmins } from './server-events/usage-threshold';
import { runVoiceEndedJob } from './server-events/voice-ended';

/** Bot-side setup of a domain's delivery (catch-up on clientReady, timers); subscribe returns the undo. */
export interface ServerEventHandler {
  subscribe(ctx: BotContext): () => void;
}

export const SERVER_EVENTS: ServerEventHandler[] = [
  announcementPost,
  ticketReply,
  polls,
  reactionRoles,
  exchange,
];

/** Runs one queued event; resolves once delivered (or its failure recorded), throws to retry. */
export type JobHandler<K extends QueueKind> = (ctx: BotContext, payload: ServerEvents[K][0]) => Promise<void>;

/**
 * Every server event's handler, run by the queue worker (bot/queue-worker.ts) in the process that
 * holds the server's shard. A new event in ServerEvents needs its one line here (the type insists).
 */
export const JOB_HANDLERS: { [K in QueueKind]: JobHandler<K> } = {
  'announcement:post': runAnnouncementJob,
  'ticket:reply': runTicketReplyJob,
  'voice:ended': runVoiceEndedJob,
  'polls:changed': runPollJob,
  'reactionRoles:changed': runMenuJob,
  'usage:threshold': tellAdmins,
};
