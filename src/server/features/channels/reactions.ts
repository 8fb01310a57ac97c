import type { Db } from '../../../../db/client';
import { countryOfFlag } from '../translation/flags';
import { counterparts } from './copies';
import { linkOfChannel, threadsOf } from './linked-channels';

/**
 * Reaction sync (issue 28): a reaction on a message of a mirror link, or on any of its copies,
 * shows on the others. This answers where the others are; the bot reacts (bot/features/channels/
 * reaction-sync.ts). Nothing is stored: the reactions themselves are read back from Discord.
 */

/** A flag (two regional indicators, or a subdivision flag like 🏴󠁧󠁢󠁳󠁣󠁴󠁿): the on-demand translation trigger, never synced. */
export function isFlagEmoji(name: string): boolean {
  return countryOfFlag(name) !== null || /^\u{1F3F4}[\u{E0061}-\u{E007A}]+\u{E007F}$/u.test(name);
}

export interface ReactionTarget {
  /** The channel (or the thread) the message is in. */
  channelId: string;
  messageId: string;
}

/**
 * The other messages that stand for this one across its active mirror link (the original and
 * every copy, in their channels or their counterpart threads and posts); [] for a flag, or a
 * message of no link.
 */
export async function reactionTargets(
  db: Db,
  guildId: string,
  msg: { messageId: string; channelId: string; parentChannelId?: string | null; emoji: string },
): Promise<ReactionTarget[]> {
  if (isFlagEmoji(msg.emoji)) return [];
  const own = msg.parentChannelId ?? msg.channelId;
  const link = await linkOfChannel(db, guildId, own);
  if (link?.[0].mode !== 'mirror') return [];
  const linked = new Set(link.map((c) => c.channelId));
  const others = await counterparts(db, msg.messageId);
  const threads = await threadsOf(db, msg);
  const out: ReactionTarget[] = [];
  for (const [channelId, messageId] of others) {
    if (channelId === own || messageId === msg.messageId || !linked.has(channelId)) continue;
    const where = threads ? threads.get(channelId) : channelId;
    if (where) out.push({ channelId: where, messageId });
  }
  return out;
}
