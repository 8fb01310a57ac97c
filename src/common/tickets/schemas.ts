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

/** Why a ticket was closed: shown to the member, translated. */
export const TICKET_CLOSE_REASON_MAX_LENGTH = 500;
export const ticketCloseReason = z
  .string('must be a text')
  .trim()
  .max(TICKET_CLOSE_REASON_MAX_LENGTH, `must be at most ${TICKET_CLOSE_REASON_MAX_LENGTH} characters`);

/** PATCH /api/tickets/:id (besides id). closeReason only with status closed. */
export const ticketUpdate = z
  .object({
    status: ticketStatus.optional(),
    priority: ticketPriority.optional(),
    resolvedAt: isoTime.optional(),
    closeReason: ticketCloseReason.optional(),
  })
  .refine((v) => v.status !== undefined || v.priority !== undefined || v.resolvedAt !== undefined, {
    message: 'give at least one of status, priority, resolvedAt',
  })
  .refine((v) => v.closeReason === undefined || v.status === 'closed', {
    message: 'only with status closed (the reason of a close)',
    path: ['closeReason'],
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

/** A panel holds one row of buttons: at most 5 categories. */
export const TICKET_CATEGORIES_MAX = 5;
/** A modal holds 5 fields: subject, description and at most 3 intake questions. */
export const TICKET_QUESTIONS_MAX = 3;
/** Discord's limit for a modal field's label. */
export const TICKET_QUESTION_MAX_LENGTH = 45;
/** Kept under Discord's 80 for a button label, and short enough for its custom id. */
export const TICKET_CATEGORY_NAME_MAX_LENGTH = 40;
/** An intake answer: a short paragraph. */
export const TICKET_ANSWER_MAX_LENGTH = 500;

export const ticketCategory = z.object({
  name: z
    .string('must be a text')
    .trim()
    .min(1, 'must not be empty')
    .max(TICKET_CATEGORY_NAME_MAX_LENGTH, `must be at most ${TICKET_CATEGORY_NAME_MAX_LENGTH} characters`),
  questions: z
    .array(
      z
        .string('must be a text')
        .trim()
        .min(1, 'must not be empty')
        .max(TICKET_QUESTION_MAX_LENGTH, `must be at most ${TICKET_QUESTION_MAX_LENGTH} characters`),
      'must be a list of questions',
    )
    .max(TICKET_QUESTIONS_MAX, `at most ${TICKET_QUESTIONS_MAX} questions per category`),
});
export type TicketCategoryInput = z.infer<typeof ticketCategory>;

export const ticketCategories = z
  .array(ticketCategory, 'must be a list of categories')
  .max(TICKET_CATEGORIES_MAX, `at most ${TICKET_CATEGORIES_MAX} categories (one row of buttons)`)
  .refine((list) => new Set(list.map((c) => c.name.toLowerCase())).size === list.length, {
    message: 'each category needs a different name',
  });

/** Auto-close: tickets without activity for 1 to 90 days are warned, then closed. */
export const TICKET_AUTO_CLOSE_MAX_DAYS = 90;
const autoCloseMessage = `must be a whole number of days from 1 to ${TICKET_AUTO_CLOSE_MAX_DAYS}, or null (off)`;
export const ticketAutoCloseDays = z
  .number(autoCloseMessage)
  .int(autoCloseMessage)
  .min(1, autoCloseMessage)
  .max(TICKET_AUTO_CLOSE_MAX_DAYS, autoCloseMessage)
  .nullable();

/** Support Tickets settings (besides guildId): null or '' = none (the default channel, no role). */
export const ticketSettingsInput = z
  .object({
    channelId: channelOf('privateThreads', discordIdOrNone).optional(),
    supportRoleId: roleOf('any', discordIdOrNone).optional(),
    categories: ticketCategories.optional(),
    autoCloseDays: ticketAutoCloseDays.optional(),
  })
  .refine(
    (v) =>
      v.channelId !== undefined ||
      v.supportRoleId !== undefined ||
      v.categories !== undefined ||
      v.autoCloseDays !== undefined,
    { message: 'give channelId, supportRoleId, categories or autoCloseDays' },
  );

/** POST /api/tickets/panel: the channel of this server the panel message is posted in. */
export const ticketPanelInput = z.object({
  channelId: channelOf('text'),
});

/** POST /api/tickets/:id/claim (besides id): claim (for staffId, else the signed-in member) or release. */
export const ticketClaimInput = z.object({
  claim: z.boolean('must be true or false'),
  staffId: z
    .string()
    .trim()
    .regex(/^\d{1,32}$/, 'must be a Discord id')
    .optional(),
});

/**
 * The claim picker's member search (besides guildId): the start of a member's username or server
 * nickname, as Discord's Search Guild Members takes it (1 to 100 characters), and how many to list.
 */
export const ticketMemberSearchInput = z.object({
  query: z
    .string('must be text')
    .trim()
    .min(1, 'type at least one letter of the name')
    .max(100, 'at most 100 characters (Discord searches names up to that length)'),
  limit: z
    .number('must be a number')
    .int('must be a whole number')
    .min(1, 'at least 1')
    .max(25, 'at most 25')
    .default(10),
});

/** The custom id of a ticket thread's Close button: "ticketclose:<ticket id>". */
export const TICKET_CLOSE_PREFIX = 'ticketclose';
/** The custom id of a thread's Claim button: "ticketclaim:<ticket id>". */
export const TICKET_CLAIM_PREFIX = 'ticketclaim';
/** The custom id of a panel's button: "ticketopen:<category name>" ("ticketopen:" without categories). */
export const TICKET_OPEN_PREFIX = 'ticketopen';
/** The custom id of the form staff fill in to close with a reason: "ticketclosereason:<ticket id>". */
export const TICKET_CLOSE_FORM_PREFIX = 'ticketclosereason';
/** The custom id of a rating button: "ticketrate:<guild id>:<ticket id>:<1-5>" (the guild: it may be pressed in a DM). */
export const TICKET_RATE_PREFIX = 'ticketrate';
export const TICKET_RATING_MAX = 5;
