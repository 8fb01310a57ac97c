import channelCreate from './channel-create';
import channelDelete from './channel-delete';
import channelUpdate from './channel-update';
import clientReady from './client-ready';
import guildCreate from './guild-create';
import guildDelete from './guild-delete';
import guildUpdate from './guild-update';
import interactionCreate from './interaction-create';
import memberAdd from './member-add';
import memberRemove from './member-remove';
import messageCreate from './message-create';
import messageDelete from './message-delete';
import messageUpdate from './message-update';
import reactionAdd from './reaction-add';
import reactionRemove from './reaction-remove';
import { roleCreate, roleDelete, roleUpdate } from './roles';
import threadCreate from './thread-create';
import ticketThreadMessage from './ticket-thread-message';
import type { BotEvent } from './types';
import voiceStateUpdate from './voice-state-update';

/** Every Discord event the bot handles. */
export const EVENTS = [
  clientReady,
  guildCreate,
  guildUpdate,
  guildDelete,
  channelCreate,
  channelUpdate,
  channelDelete,
  threadCreate,
  roleCreate,
  roleUpdate,
  roleDelete,
  messageCreate,
  ticketThreadMessage,
  messageUpdate,
  messageDelete,
  reactionAdd,
  reactionRemove,
  memberAdd,
  memberRemove,
  interactionCreate,
  voiceStateUpdate,
] as BotEvent[];
