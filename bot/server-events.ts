import type { ServerEvents } from '../src/server/core/server-events';
import type { QueueKind } from '../src/server/core/queue';
import type { BotContext } from './context';
import type { ServerEventHandler } from './handlers';
import announcementPost, { runAnnouncementJob } from './features/announcements/post';
import exchange from './features/exchange/jobs';
import polls, { runPollJob } from './features/polls/jobs';
import reactionRoles, { runMenuJob } from './features/reaction-roles/menu';
import { runTicketPanelJob } from './features/tickets/panel';
import ticketReply, { runTicketReplyJob } from './features/tickets/reply';
import { tellAdmins } from './features/usage/notice';
import { runVoiceEndedJob } from './features/voice/ended';
import { runWhiteLabelJob } from './features/white-label/apply';

/**
 * The bot's composition of its capabilities' server events (as bot/commands/index.ts is of their
 * commands and bot/events/index.ts of their Discord events): their delivery setups, subscribed at
 * start, and below each queued event's handler. Nothing of bot/features imports this file; they take
 * ServerEventHandler from bot/handlers.ts.
 */
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
  'tickets:panel': runTicketPanelJob,
  'voice:ended': runVoiceEndedJob,
  'polls:changed': runPollJob,
  'reactionRoles:changed': runMenuJob,
  'usage:threshold': tellAdmins,
  'whiteLabel:apply': runWhiteLabelJob,
};
