import { z } from 'zod';
import { channelOf, roleOf } from '../schemas/discord-refs';
import { discordId } from '../schemas/util';

const requiredId = (what: string) => z.string({ error: 'is required' }).pipe(discordId(what));

/** Discord allows 20 distinct reactions on one message. */
export const REACTION_ROLES_MAX = 20;
export const REACTION_LABEL_MAX = 80;

const CUSTOM_EMOJI = /^<a?:\w{2,32}:\d{1,32}>$/;
/** A Unicode emoji: pictographs, flags (regional indicators) and keycaps, with their joiners and selectors. */
const UNICODE_EMOJI =
  /^(?:\p{Extended_Pictographic}|\p{Regional_Indicator}|\p{Emoji_Modifier}|[#*0-9]|\u200d|\ufe0f|\u20e3)+$/u;

export function isEmoji(value: string): boolean {
  if (CUSTOM_EMOJI.test(value)) return true;
  return (
    value.length <= 32 &&
    UNICODE_EMOJI.test(value) &&
    /\p{Extended_Pictographic}|\p{Regional_Indicator}|\u20e3/u.test(value)
  );
}

const reactionRole = z.object({
  emoji: z
    .string({ error: 'is required' })
    .trim()
    .refine(isEmoji, 'must be one emoji, like 🎮 or a custom one written <:name:id>'),
  label: z
    .string({ error: 'is required' })
    .trim()
    .min(1, 'must not be empty')
    .max(REACTION_LABEL_MAX, `must be at most ${REACTION_LABEL_MAX} characters`),
  roleId: roleOf('assignable', requiredId('roleId')),
});

export const REACTION_TITLE_MAX = 200;

/**
 * Create a reaction-role message: each emoji on the message grants one role. Without messageId the
 * bot posts the menu (title and role lines in the server's languages) and adds the reactions.
 */
export const reactionRoleCreate = z.object({
  channelId: channelOf('text', requiredId('channelId')),
  messageId: z
    .string({ error: 'must be a string' })
    .trim()
    .refine(
      (v) => v === '' || /^\d{1,32}$/.test(v),
      'messageId must be a Discord id (digits only), or empty for the bot to post the menu',
    )
    .default(''),
  title: z
    .string({ error: 'must be text' })
    .trim()
    .max(REACTION_TITLE_MAX, `must be at most ${REACTION_TITLE_MAX} characters`)
    .default(''),
  roles: z
    .array(reactionRole, { error: 'must be a list of { emoji, label, roleId }' })
    .min(1, 'give at least one { emoji, label, roleId } row')
    .max(REACTION_ROLES_MAX, `at most ${REACTION_ROLES_MAX} roles per message (Discord's reaction limit)`)
    .superRefine((rows, ctx) => {
      const seen = new Set<string>();
      for (const [i, row] of rows.entries()) {
        if (seen.has(row.emoji)) {
          ctx.addIssue({
            code: 'custom',
            path: [i, 'emoji'],
            message: `${row.emoji} is used twice on this message`,
          });
        }
        seen.add(row.emoji);
      }
    }),
});

export type ReactionRoleCreate = z.input<typeof reactionRoleCreate>;
