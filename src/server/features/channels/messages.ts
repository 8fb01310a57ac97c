import type { AttachmentRef, CopyFile } from './attachments';
import type { EmbedInput, ForumPostInput, ForwardInput, PollInput } from './extras';
import type { StoredWebhook } from './webhooks';
import type { VoiceMessageRef } from '../translation/voice-messages';

/** A member's message as the mirror reads it, the webhook posts it makes of it, and what it decided. */

export interface IncomingMessage {
  guildId: string;
  /** The channel the message is in (a thread id for a message inside a thread). */
  channelId: string;
  /** For a message inside a thread: the thread's parent channel. */
  parentChannelId?: string | null;
  messageId: string;
  authorId: string;
  authorName: string;
  avatarUrl?: string | null;
  content: string;
  attachments: AttachmentRef[];
  /** The server's boost tier (0-3): its upload limit for the re-uploaded attachments. */
  premiumTier?: number | null;
  /** The message this one replies to, when it is a reply. */
  replyToMessageId?: string | null;
  /** A Discord voice message's audio attachment (transcribed and translated on Pro and up). */
  voiceMessage?: VoiceMessageRef | null;
  /** Rich embeds (sent by an app on the member's behalf, or in a forward); link previews excluded. */
  embeds?: EmbedInput[];
  /** Sticker names. */
  stickers?: string[];
  /** A forwarded message's snapshot. */
  forward?: ForwardInput | null;
  /** A native poll. */
  poll?: PollInput | null;
  /** The first message of a new forum post: the post's title and tag names (it opens a post in each forum). */
  forumPost?: ForumPostInput | null;
}

export interface WebhookPost {
  channelId: string;
  /** Post into this thread of the channel (webhook thread_id). */
  threadId: string | null;
  language: string;
  /** The first message of the copy (the whole copy unless it is longer than one message). */
  content: string;
  /** Every message of the copy, in order (a text over 2,000 characters is several). */
  parts: string[];
  /** The original's attachments, re-uploaded with the last message of the copy (in memory, shared by every copy). */
  files: CopyFile[];
  /** The original's rich embeds, translated, with the last message of the copy (Discord's API shape). */
  embeds: object[];
  username: string;
  avatarUrl: string | null;
  webhook: StoredWebhook | null;
  /** Opens a new forum post with this title and these tags (by name; the bot keeps the ones the forum has). */
  forumPost: ForumPostInput | null;
}

export type MirrorOutcome =
  | { status: 'none' }
  | { status: 'skipped'; reason: 'prefix' | 'empty' | 'trivial' }
  | { status: 'failed'; reason: string; kind: string }
  | { status: 'ok'; source: string; posts: WebhookPost[] };

/** Every file a copy carries: the message's, then a forwarded message's. */
export function attachmentsOf(msg: IncomingMessage): AttachmentRef[] {
  return [...msg.attachments, ...(msg.forward?.attachments ?? [])];
}
