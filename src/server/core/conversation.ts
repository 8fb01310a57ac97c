import type { Db } from '../../../db/client';

/**
 * The conversation memory of the container (Services.conversation): the last messages of each
 * channel, in memory only, that translations take as context. What it does is fixed here; the
 * translation engine keeps it (src/server/translation/conversation.ts createConversation).
 */

/** One remembered message (its text cut to CONVERSATION_LINE_CHARS by the engine). */
export interface ConversationLine {
  messageId: string;
  author: string;
  text: string;
}

/** Which ring a channel's messages go to (a mirror link's channels share one: see createConversation). */
export type ConversationKeyOf = (
  db: Db,
  guildId: string,
  msg: { channelId: string; parentChannelId?: string | null },
) => Promise<string>;

export interface Conversation {
  /** The ring a message of this channel goes to. */
  readonly keyOf: ConversationKeyOf;
  /** Remembers a message in the channel's order of ids (an edit replaces its text in place). */
  record(key: string, line: ConversationLine): void;
  /** The lines before `messageId` (or the latest ones when it is unknown), oldest first. */
  before(key: string, messageId?: string): string[];
  /** A deleted message leaves the ring. */
  forget(key: string, messageId: string): void;
  /** Channels currently remembered (tests, diagnostics). */
  readonly size: number;
}
