import type { Json } from './payloads';

/**
 * Reactions as Discord keeps them: per message, per emoji, the users who reacted. A message's
 * GET answers its `reactions` (count, and `me` for the bot's own); the bot's PUT and DELETE of
 * /channels/{id}/messages/{id}/reactions/{emoji}/@me change them, and every change reaches the
 * gateway as MESSAGE_REACTION_ADD / MESSAGE_REACTION_REMOVE (the bot's own too, as on Discord).
 * A custom emoji of no server the bot is in is refused with Unknown Emoji (10014).
 */
export interface ReactionEmoji {
  id: string | null;
  name: string;
  animated?: boolean;
}

/** The emoji of a reaction route's path: `name:id` (custom; `a:name:id` accepted) or the Unicode emoji. */
export function routeEmoji(segment: string): ReactionEmoji {
  const custom = segment.match(/^(?:a:)?([^:]+):(\d+)$/);
  return custom ? { id: custom[2]!, name: custom[1]! } : { id: null, name: segment };
}

export class FakeReactions {
  /** message id -> emoji key -> emoji and who reacted. */
  private readonly byMessage = new Map<string, Map<string, { emoji: ReactionEmoji; users: Set<string> }>>();
  /** Called with each change (the gateway dispatch). */
  onChange: ((t: 'MESSAGE_REACTION_ADD' | 'MESSAGE_REACTION_REMOVE', d: Json) => void) | null = null;

  private key(e: ReactionEmoji): string {
    return e.id ?? e.name;
  }

  /**
   * Adds or removes a user's reaction; false when nothing changed (Discord answers 204 all the same
   * and sends no event). `always`: the event goes out anyway (a test replaying what a member did).
   */
  set(message: Json, userId: string, emoji: ReactionEmoji, added: boolean, always = false): boolean {
    let emojis = this.byMessage.get(message.id);
    if (!emojis) {
      emojis = new Map();
      this.byMessage.set(message.id, emojis);
    }
    const k = this.key(emoji);
    const entry = emojis.get(k) ?? { emoji, users: new Set<string>() };
    const changed = added !== entry.users.has(userId);
    if (!changed && !always) return false;
    if (added) entry.users.add(userId);
    else entry.users.delete(userId);
    if (entry.users.size) emojis.set(k, entry);
    else emojis.delete(k);
    const d: Json = {
      user_id: userId,
      channel_id: message.channel_id,
      message_id: message.id,
      emoji: emoji.id
        ? { id: emoji.id, name: emoji.name, animated: emoji.animated ?? false }
        : { id: null, name: emoji.name },
      burst: false,
      type: 0,
    };
    if (message.guild_id) d.guild_id = message.guild_id;
    if (added && message.author) d.message_author_id = message.author.id;
    this.onChange?.(added ? 'MESSAGE_REACTION_ADD' : 'MESSAGE_REACTION_REMOVE', d);
    return changed;
  }

  /** Who has this emoji on the message now. */
  users(messageId: string, emoji: ReactionEmoji): string[] {
    return [...(this.byMessage.get(messageId)?.get(this.key(emoji))?.users ?? [])];
  }

  /** The message's `reactions` field as Discord answers it (`me`: the bot's among them). */
  payload(messageId: string, botId: string): Json[] {
    return [...(this.byMessage.get(messageId)?.values() ?? [])].map(({ emoji, users }) => ({
      emoji: emoji.id
        ? { id: emoji.id, name: emoji.name, animated: emoji.animated ?? false }
        : { id: null, name: emoji.name },
      count: users.size,
      count_details: { burst: 0, normal: users.size },
      burst_colors: [],
      me_burst: false,
      me: users.has(botId),
    }));
  }
}
