import { z } from 'zod';
import { channelOf, roleOf } from '../schemas/discord-refs';
import { atLeastOneKey, languageCode, optionalDiscordId } from '../schemas/util';

export const WELCOME_TEMPLATE_MAX = 2000;
/** The placeholder the bot replaces with a mention of the new member. */
export const WELCOME_USER_PLACEHOLDER = '{user}';

export const welcomeDefaults = {
  enabled: false,
  messages: {} as Record<string, string>,
  channelId: '',
  roleId: '',
};

/**
 * PATCH /api/welcome. The dashboard saves on every keystroke, so templates may be empty and are
 * stored as typed (no trimming: the cursor must not jump). messages replaces the whole map.
 */
export const welcomePatch = z
  .object({
    enabled: z.boolean({ error: 'must be true or false' }),
    messages: z.record(
      languageCode,
      z
        .string({ error: 'must be text' })
        .max(WELCOME_TEMPLATE_MAX, `must be at most ${WELCOME_TEMPLATE_MAX} characters`),
      {
        error: (iss) =>
          iss.code === 'invalid_key'
            ? 'must be a language code such as en, es or zh-TW'
            : 'must be a map of language code to template, like { "en": "Welcome {user}!" }',
      },
    ),
    channelId: channelOf('text', optionalDiscordId),
    roleId: roleOf('assignable', optionalDiscordId),
  })
  .partial()
  .refine(atLeastOneKey, 'give at least one of enabled, messages, channelId, roleId');

export type WelcomePatch = z.input<typeof welcomePatch>;
