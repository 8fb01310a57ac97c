import type { Db } from '../../../../db/client';
import type { Conversation, ConversationKeyOf } from '../../core/conversation';
import { rememberMessage } from '../../translation/conversation';
import { optedOut } from '../translation/opt-outs';
import { linkOfChannel } from './linked-channels';

/**
 * The conversation ring (src/server/translation/conversation.ts) a channel's messages go to: a
 * thread's own, its mirror link's (shared by the link's channels, so the conversation spans their
 * languages), else the channel's own. app/services.ts hands it to the rings.
 */
export const conversationKey: ConversationKeyOf = async (db, guildId, msg) => {
  if (msg.parentChannelId) return `thread:${msg.channelId}`;
  const link = await linkOfChannel(db, guildId, msg.channelId);
  return link?.[0].mode === 'mirror' ? `link:${link[0].linkId}` : `channel:${msg.channelId}`;
};

/**
 * A member's message kept (in memory) as context for the next translations in its channel; never
 * one whose author turned translation off: their words reach the provider in no way, not as context.
 */
export async function rememberUnlessOptedOut(
  db: Db,
  conversation: Conversation,
  guildId: string,
  msg: Parameters<typeof rememberMessage>[3] & { authorId: string },
): Promise<void> {
  if (await optedOut(db, guildId, msg.authorId)) return;
  await rememberMessage(db, conversation, guildId, msg);
}
