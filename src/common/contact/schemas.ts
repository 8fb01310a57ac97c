import { z } from 'zod';

/** Spec section 3 and 5: the contact form. Shared by the public page and POST /api/contact. */
export const CONTACT_TYPES = ['bug', 'feature', 'support', 'other'] as const;
export type ContactType = (typeof CONTACT_TYPES)[number];

export const CONTACT_LIMITS = { name: 100, email: 254, subject: 200, message: 5000 } as const;

const required = (max: number) =>
  z
    .string({ error: (issue) => (issue.input === undefined ? 'is required' : 'must be text') })
    .trim()
    .min(1, 'is required')
    .max(max, `must be at most ${max} characters`);

export const contactInput = z.object({
  name: required(CONTACT_LIMITS.name),
  email: required(CONTACT_LIMITS.email).regex(z.regexes.email, 'must be a valid email address'),
  subject: required(CONTACT_LIMITS.subject),
  type: z.enum(CONTACT_TYPES, 'must be one of bug, feature, support, other'),
  message: required(CONTACT_LIMITS.message),
  /** Optional: the Discord server the message is about (its plan sets the reply target when verified). */
  serverId: z
    .string('must be text: a Discord server ID')
    .trim()
    .refine(
      (v) => v === '' || /^\d{17,20}$/.test(v),
      'must be a Discord server ID (17 to 20 digits), or empty',
    )
    .optional()
    .transform((v) => v || undefined),
});

export type ContactInput = z.input<typeof contactInput>;

/**
 * How long the operator's inbox keeps a contact message: deleted this many days after the operator
 * closes it (archives it, answered), and at the latest this many days after it was sent, whatever
 * its state. The privacy page states these and the daily retention job applies them.
 */
export const CONTACT_RETENTION_DAYS = { afterArchived: 90, afterSent: 365 } as const;

/** The operator assigns an Ultimate server's account manager: a name and an email address. */
export const accountManagerInput = z.object({
  name: required(CONTACT_LIMITS.name),
  email: required(CONTACT_LIMITS.email).regex(z.regexes.email, 'must be a valid email address'),
});
export type AccountManagerInput = z.output<typeof accountManagerInput>;
