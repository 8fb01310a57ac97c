import type { ConversationKeyOf } from '../../translation/conversation';
import { linkOfChannel } from './mirror';

/**
 * The conversation ring (src/server/translation/conversation.ts) a channel's messages go to: a
 * thread's own, its mirror link's (shared by the link's channels, so the conversation spans their
 * languages), else the channel's own. core/services.ts hands it to the rings.
 */
export const conversationKey: ConversationKeyOf = async (db, guildId, msg) => {
  if (msg.parentChannelId) return `thread:${msg.channelId}`;
  const link = await linkOfChannel(db, guildId, msg.channelId);
  return link?.[0].mode === 'mirror' ? `link:${link[0].linkId}` : `channel:${msg.channelId}`;
};
