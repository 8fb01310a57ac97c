import { z } from 'zod';
import { ANNOUNCEMENT_MAX_LENGTH } from '../announcements/schemas';
import { channelOf, roleOf } from '../schemas/discord-refs';
import { languageCode } from '../schemas/util';

export const TICKET_STATUSES = ['open', 'in_progress', 'resolved', 'closed'] as const;
export type TicketStatus = (typeof TICKET_STATUSES)[number];
export const TICKET_PRIORITIES = ['low', 'medium', 'high', 'urgent'] as const;
export type TicketPriority = (typeof TICKET_PRIORITIES)[number];

export const ticketStatus = z.enum(TICKET_STATUSES, 'must be one of open, in_progress, resolved, closed');
export const ticketPriority = z.enum(TICKET_PRIORITIES, 'must be one of low, medium, high, urgent');

/** An ISO time over REST, a Date over /trpc. */
export const isoTime = z
  .union(
    [z.date(), z.iso.datetime({ offset: true })],
    'must be an ISO date-time such as 2026-01-31T12:00:00Z',
  )
  .transform((v) => new Date(v));

/** A message of a ticket conversation: text of a member or of the support team. Discord's limit. */
export const ticketText = z
  .string()
  .trim()
  .min(1, 'must not be empty')
  .max(ANNOUNCEMENT_MAX_LENGTH, `must be at most ${ANNOUNCEMENT_MAX_LENGTH} characters`);

/** PATCH /api/tickets/:id (besides id). */
export const ticketUpdate = z
  .object({
    status: ticketStatus.optional(),
    priority: ticketPriority.optional(),
    resolvedAt: isoTime.optional(),
  })
  .refine((v) => v.status !== undefined || v.priority !== undefined || v.resolvedAt !== undefined, {
    message: 'give at least one of status, priority, resolvedAt',
  });

/** POST /api/tickets/:id/messages (besides id). */
export const ticketReply = z.object({
  userId: z.string().trim().min(1, 'is required').max(64, 'must be at most 64 characters'),
  messageId: z.string().trim().min(1, 'is required').max(64, 'must be at most 64 characters'),
  originalText: ticketText,
  originalLanguage: languageCode,
  isStaff: z.boolean('must be true or false'),
});
export type TicketReply = z.infer<typeof ticketReply>;

const discordIdOrNone = z
  .union([
    z
      .string()
      .trim()
      .regex(/^\d{1,32}$/, 'must be a Discord id'),
    z.literal(''),
    z.null(),
  ])
  .transform((v) => v || null);

/** Support Tickets settings (besides guildId): null or '' = none (the default channel, no role). */
export const ticketSettingsInput = z
  .object({
    channelId: channelOf('privateThreads', discordIdOrNone).optional(),
    supportRoleId: roleOf('any', discordIdOrNone).optional(),
  })
  .refine((v) => v.channelId !== undefined || v.supportRoleId !== undefined, {
    message: 'give channelId or supportRoleId',
  });

/** The custom id of a ticket thread's Close button: "ticketclose:<ticket id>". */
export const TICKET_CLOSE_PREFIX = 'ticketclose';
