import type { Db } from '../../../db/client';
import type { Conversation, ConversationKeyOf, ConversationLine } from '../core/conversation';
import { readTranslationSettings } from './settings';

/**
 * Conversation context: the last few messages of each channel, held in memory only (never on disk:
 * the privacy promise), so a translation can tell what "it" and "that one" refer to. A mirror
 * link's channels share one ring: the conversation spans its languages.
 */

/** Messages kept per channel (more than are sent, so a reaction on an older message finds its past). */
export const CONVERSATION_RING_MESSAGES = 20;
/** Characters kept of one message (its author's name not counted). */
export const CONVERSATION_LINE_CHARS = 500;
/** Channels remembered at once; the least recently active is forgotten first. */
export const CONVERSATION_MAX_CHANNELS = 5_000;
/** Previous messages given to one translation, at most this many and this many characters in all. */
export const CONTEXT_MESSAGES = 5;
export const CONTEXT_CHARS = 2_000;

/** A thread's own ring, else the channel's. */
export const ownRing: ConversationKeyOf = async (_db, _guildId, msg) =>
  msg.parentChannelId ? `thread:${msg.channelId}` : `channel:${msg.channelId}`;

/** Whether snowflake `a` is older than `b` (ids that are not snowflakes keep arrival order). */
function sentBefore(a: string, b: string): boolean {
  if (!/^\d+$/.test(a) || !/^\d+$/.test(b)) return false;
  return a.length !== b.length ? a.length < b.length : a < b;
}

/**
 * The rings, in memory. `keyOf` says which ring a channel's messages go to: the channels feature
 * hands in its mirror links' (the composition in app/services.ts); alone, each channel its own.
 */
export function createConversation(keyOf: ConversationKeyOf = ownRing): Conversation {
  const rings = new Map<string, ConversationLine[]>();
  const touch = (key: string) => {
    const ring = rings.get(key) ?? [];
    rings.delete(key);
    rings.set(key, ring);
    while (rings.size > CONVERSATION_MAX_CHANNELS) rings.delete(rings.keys().next().value as string);
    return ring;
  };
  return {
    keyOf,
    record(key, line) {
      const text = line.text.trim().slice(0, CONVERSATION_LINE_CHARS);
      if (!text) return;
      const ring = touch(key);
      const existing = ring.find((l) => l.messageId === line.messageId);
      if (existing) {
        existing.text = text;
        return;
      }
      // In Discord's order, not arrival order: two messages of one instant can reach here swapped.
      let at = ring.length;
      while (at > 0 && sentBefore(line.messageId, ring[at - 1].messageId)) at--;
      ring.splice(at, 0, { messageId: line.messageId, author: line.author.slice(0, 80), text });
      if (ring.length > CONVERSATION_RING_MESSAGES) ring.splice(0, ring.length - CONVERSATION_RING_MESSAGES);
    },
    before(key, messageId) {
      const ring = rings.get(key);
      if (!ring) return [];
      const at = messageId ? ring.findIndex((l) => l.messageId === messageId) : -1;
      const past = at >= 0 ? ring.slice(0, at) : ring;
      const out: string[] = [];
      let chars = 0;
      for (const l of past.slice(-CONTEXT_MESSAGES).reverse()) {
        const line = `${l.author}: ${l.text}`;
        chars += line.length;
        if (chars > CONTEXT_CHARS) break;
        out.unshift(line);
      }
      return out;
    },
    forget(key, messageId) {
      const ring = rings.get(key);
      const at = ring?.findIndex((l) => l.messageId === messageId) ?? -1;
      if (ring && at >= 0) ring.splice(at, 1);
    },
    get size() {
      return rings.size;
    },
  };
}

/** The context for a message (empty when the guild's Context Preservation is off). */
export async function contextFor(
  db: Db,
  conversation: Conversation | undefined,
  guildId: string,
  msg: { channelId: string; parentChannelId?: string | null; messageId?: string },
): Promise<string[]> {
  if (!conversation || !(await readTranslationSettings(db, guildId)).contextPreservation) return [];
  return conversation.before(await conversation.keyOf(db, guildId, msg), msg.messageId);
}

/** Remembers a member's message when the guild keeps context (nothing is kept when it is off). */
export async function rememberMessage(
  db: Db,
  conversation: Conversation | undefined,
  guildId: string,
  msg: {
    channelId: string;
    parentChannelId?: string | null;
    messageId: string;
    authorName: string;
    content: string;
  },
): Promise<void> {
  if (!conversation || !(await readTranslationSettings(db, guildId)).contextPreservation) return;
  conversation.record(await conversation.keyOf(db, guildId, msg), {
    messageId: msg.messageId,
    author: msg.authorName,
    text: msg.content,
  });
}
