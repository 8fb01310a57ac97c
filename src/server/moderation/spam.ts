import { createHash } from 'node:crypto';
import { skeleton } from './text';

/**
 * Spam: floods from one member, the same (or nearly the same) text repeated, mass mentions and
 * invite links to other servers. The windows live in memory per member and hold timestamps and
 * a hash of each recent message's skeleton, never its text.
 */

/** More than FLOOD_MAX messages within FLOOD_WINDOW_MS from one member is a flood. */
export const FLOOD_MAX = 6;
export const FLOOD_WINDOW_MS = 10_000;
/** The same text for the DUPLICATE_MAX-th time within DUPLICATE_WINDOW_MS is spam. */
export const DUPLICATE_MAX = 3;
export const DUPLICATE_WINDOW_MS = 60_000;
/** Distinct members and roles mentioned in one message, from this many on. */
export const MENTION_MAX = 5;
/** Members whose windows are kept at most (the oldest are dropped first). */
const MEMBERS_MAX = 50_000;

export interface SpamInput {
  guildId: string;
  authorId: string;
  content: string;
  /** Distinct user and role mentions in the message, @everyone/@here counted as many. */
  mentions: number;
  /** Invite codes of the server itself, never counted as spam. */
  ownInvites?: string[];
}

export interface SpamFinding {
  rule: 'flood' | 'repeated message' | 'mass mention' | 'invite link';
  detail: string;
}

interface Window {
  times: number[];
  hashes: { at: number; hash: string }[];
}

export type SpamWindows = Map<string, Window>;

export function createSpamWindows(): SpamWindows {
  return new Map();
}

const INVITE =
  /(?:https?:\/\/)?(?:www\.)?(?:discord(?:app)?\.com\/invite|discord\.gg|dsc\.gg|discord\.me|invite\.gg)\/([\w-]+)/gi;

/** Invite codes in the text (to other servers when not among the server's own). */
export function inviteCodes(text: string): string[] {
  return [...text.matchAll(INVITE)].map((m) => m[1]);
}

/** Near-duplicates fold to the same key: skeleton without digits, emoji and punctuation. */
function duplicateKey(text: string): string | null {
  const key = skeleton(text).replace(/[0-9]/g, '').replace(/\s+/g, ' ').trim();
  if (key.length < 3) return null;
  return createHash('sha256').update(key).digest('base64url').slice(0, 22);
}

/**
 * Records the message in the member's window and says whether it is spam. `now` in ms.
 * The window is updated even when the message is flagged (a flood keeps counting).
 */
export function checkSpam(windows: SpamWindows, msg: SpamInput, now: number): SpamFinding | null {
  const key = `${msg.guildId}:${msg.authorId}`;
  let w = windows.get(key);
  if (!w) {
    if (windows.size >= MEMBERS_MAX) windows.delete(windows.keys().next().value as string);
    w = { times: [], hashes: [] };
    windows.set(key, w);
  }
  w.times = w.times.filter((t) => now - t < FLOOD_WINDOW_MS);
  w.times.push(now);
  w.hashes = w.hashes.filter((h) => now - h.at < DUPLICATE_WINDOW_MS);
  const hash = duplicateKey(msg.content);
  if (hash) w.hashes.push({ at: now, hash });

  const own = new Set((msg.ownInvites ?? []).map((c) => c.toLowerCase()));
  const invites = inviteCodes(msg.content).filter((c) => !own.has(c.toLowerCase()));
  if (invites.length) return { rule: 'invite link', detail: `invite to another server (${invites[0]})` };
  if (msg.mentions >= MENTION_MAX) return { rule: 'mass mention', detail: `${msg.mentions} mentions` };
  if (w.times.length > FLOOD_MAX) {
    return {
      rule: 'flood',
      detail: `${w.times.length} messages in ${Math.round(FLOOD_WINDOW_MS / 1000)} seconds`,
    };
  }
  if (hash) {
    const same = w.hashes.filter((h) => h.hash === hash).length;
    if (same >= DUPLICATE_MAX) {
      return {
        rule: 'repeated message',
        detail: `same text ${same} times in ${Math.round(DUPLICATE_WINDOW_MS / 1000)} seconds`,
      };
    }
  }
  return null;
}
