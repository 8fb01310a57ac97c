import { z } from 'zod';
import { id, voiceMessageSchema } from '../../core/bot-message';

/** A member's message as the bot sends it to the channels' bot procedures (bot.router.ts). */

const attachmentSchema = z.object({
  name: z.string(),
  url: z.string(),
  size: z.number().int().min(0).optional(),
  contentType: z.string().nullable().optional(),
});

/** A rich embed as Discord sends it (the bot leaves link previews out). */
const embedSchema = z.object({
  title: z.string().max(256).nullable().optional(),
  description: z.string().max(4096).nullable().optional(),
  url: z.string().nullable().optional(),
  color: z.number().int().nullable().optional(),
  timestamp: z.string().nullable().optional(),
  author: z
    .object({
      name: z.string(),
      url: z.string().nullable().optional(),
      icon_url: z.string().nullable().optional(),
    })
    .nullable()
    .optional(),
  footer: z.object({ text: z.string(), icon_url: z.string().nullable().optional() }).nullable().optional(),
  image: z.object({ url: z.string() }).nullable().optional(),
  thumbnail: z.object({ url: z.string() }).nullable().optional(),
  fields: z
    .array(
      z.object({
        name: z.string().max(256),
        value: z.string().max(1024),
        inline: z.boolean().nullable().optional(),
      }),
    )
    .max(25)
    .optional(),
});

export const messageSchema = z.object({
  channelId: id,
  parentChannelId: id.nullable().optional(),
  messageId: id,
  authorId: id,
  authorName: z.string(),
  avatarUrl: z.string().nullable().optional(),
  content: z.string(),
  attachments: z.array(attachmentSchema).max(10).default([]),
  /** The server's boost tier (its upload limit). */
  premiumTier: z.number().int().min(0).max(3).nullable().optional(),
  replyToMessageId: id.nullable().optional(),
  /** A voice message's audio attachment (message flag IS_VOICE_MESSAGE). */
  voiceMessage: voiceMessageSchema.nullable().optional(),
  /** Rich embeds, sticker names, a forwarded message's snapshot, a native poll (mirror copies carry them). */
  embeds: z.array(embedSchema).max(10).optional(),
  stickers: z.array(z.string().max(64)).max(3).optional(),
  forward: z
    .object({
      content: z.string().max(4000),
      attachments: z.array(attachmentSchema).max(10),
      embeds: z.array(embedSchema).max(10),
      stickers: z.array(z.string().max(64)).max(3),
    })
    .nullable()
    .optional(),
  poll: z
    .object({ question: z.string().max(300), answers: z.array(z.string().max(120)).max(10) })
    .nullable()
    .optional(),
  /** The first message of a new forum post: its title and applied tags by name (Discord: 100 and 5 of 20). */
  forumPost: z
    .object({ title: z.string().min(1).max(100), tags: z.array(z.string().max(20)).max(5) })
    .nullable()
    .optional(),
});

/** A new member message also carries what moderation needs to know about it. */
export const memberMessageSchema = messageSchema.extend({
  mentions: z.number().int().min(0).default(0),
  exempt: z.boolean().default(false),
  locale: z.string().nullable().optional(),
});
