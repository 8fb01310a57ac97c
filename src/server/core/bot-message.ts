import { z } from 'zod';

/**
 * The shapes in which the bot hands Discord objects to the server's bot procedures (a message, its
 * attachments and embeds, a channel, a role): one definition for every capability's bot router.
 */

/**
 * Procedures only the bot calls (in-process, never over HTTP). bot/ turns Discord events into
 * these calls and their results into Discord messages; the rules live here and in services.
 */

/** The most characters Discord takes in one message's content. */
export const DISCORD_MESSAGE_LIMIT = 2000;

/** The link that opens a message in Discord. */
export function jumpLink(guildId: string, channelId: string, messageId: string): string {
  return `https://discord.com/channels/${guildId}/${channelId}/${messageId}`;
}

export const id = z.string().regex(/^\d{1,32}$/, 'must be a Discord id');

/** A voice message's audio attachment (message flag IS_VOICE_MESSAGE), as the bot passes it. */
export const voiceMessageSchema = z.object({
  url: z.url(),
  contentType: z.string().nullable(),
  size: z.number().int().min(0),
});
