/**
 * Events the server raises for the bot to act on. Each is a durable job (core/queue.ts): emit
 * writes it to queue_jobs and the bot process holding the server's shard runs its handler
 * (in bot/features/<capability>/). A new event: one line here, its handler listed in bot/server-events.ts.
 * Payloads carry guildId and other ids or numbers, never message text.
 */
export interface ServerEvents {
  /** An admin pressed Post Now; the bot delivers the announcement and records results. */
  'announcement:post': [{ guildId: string; announcementId: number }];
  /** A staff reply was stored; the bot delivers it to the member. */
  'ticket:reply': [{ guildId: string; ticketId: number; messageId: number }];
  /** An admin posted the ticket panel: the bot posts it in the channel. */
  'tickets:panel': [{ guildId: string; channelId: string; postId: number }];
  /** A voice session was ended from the dashboard. */
  'voice:ended': [{ guildId: string; sessionId: number }];
  /** A poll to post, refresh (debounced after votes), or whose message to remove. */
  'polls:changed': [{ guildId: string; pollId: number; debounce?: boolean }];
  /** A reaction-role menu to post, or a deleted one whose message to remove. */
  'reactionRoles:changed': [{ guildId: string; id: number }];
  /** The guild passed a usage threshold (75, 90 or 100 percent). */
  'usage:threshold': [{ guildId: string; threshold: number; used: number; allowance: number }];
  /** The white-label profile changed: the bot sends it to Discord (Modify Current Member). */
  'whiteLabel:apply': [{ guildId: string }];
}
