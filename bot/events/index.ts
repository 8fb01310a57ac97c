import channelCreate from '../features/guilds/channel-create';
import channelDelete from '../features/guilds/channel-delete';
import channelUpdate from '../features/guilds/channel-update';
import clientReady from './client-ready';
import guildCreate from '../features/guilds/guild-create';
import guildDelete from '../features/guilds/guild-delete';
import guildUpdate from '../features/guilds/guild-update';
import interactionCreate from './interaction-create';
import memberAdd from '../features/welcome/member-add';
import memberRemove from '../features/exchange/member-remove';
import messageCreate from '../features/channels/message-create';
import messageDelete from '../features/channels/message-delete';
import messageUpdate from '../features/channels/message-update';
import reactionAdd from './reaction-add';
import reactionRemove from './reaction-remove';
import { roleCreate, roleDelete, roleUpdate } from '../features/guilds/roles';
import botMemberUpdate from '../features/guilds/permissions';
import threadCreate from '../features/channels/thread-create';
import threadDelete from '../features/channels/thread-delete';
import threadUpdate from '../features/channels/thread-update';
import { reactionSyncAdd, reactionSyncRemove } from '../features/channels/reaction-sync';
import ticketThreadMessage from '../features/tickets/thread-message';
import type { BotEvent } from '../handlers';
import voiceStateUpdate from '../features/voice/voice-state-update';

/**
 * Every Discord event the bot handles, in the order the client runs them: the bot's composition of
 * its capabilities' events (with this folder's own: the ready catch-up, the interactions' router,
 * the reactions' dispatch). Nothing of bot/features imports it; they take defineEvent from
 * bot/handlers.ts.
 */
export const EVENTS = [
  clientReady,
  guildCreate,
  guildUpdate,
  guildDelete,
  channelCreate,
  channelUpdate,
  channelDelete,
  threadCreate,
  threadDelete,
  threadUpdate,
  roleCreate,
  roleUpdate,
  roleDelete,
  botMemberUpdate,
  messageCreate,
  ticketThreadMessage,
  messageUpdate,
  messageDelete,
  reactionAdd,
  reactionRemove,
  reactionSyncAdd,
  reactionSyncRemove,
  memberAdd,
  memberRemove,
  interactionCreate,
  voiceStateUpdate,
] as BotEvent[];
