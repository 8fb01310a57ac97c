import { z } from 'zod';
import { channelOf } from '../schemas/discord-refs';
import { languageCode } from '../schemas/util';

export const POLL_QUESTION_MAX = 300;
/** Discord's button label limit: each option is a button. */
export const POLL_OPTION_MAX = 80;
export const POLL_OPTIONS_MAX = 10;
const OPTION_ID = /^opt-\d{1,15}$/;

/** A language map whose texts may be blank (the dialog sends what was typed); blanks are dropped. */
const looseLangText = (max: number) =>
  z
    .record(languageCode, z.string({ error: 'must be text' }).max(max, `must be at most ${max} characters`), {
      error: (iss) =>
        iss.code === 'invalid_key'
          ? 'must be a language code such as en, es or zh-TW'
          : 'must be a map of language code to text, like { "en": "..." }',
    })
    .transform((map) => {
      const out: Record<string, string> = {};
      for (const [lang, text] of Object.entries(map)) {
        const trimmed = text.trim();
        if (trimmed !== '') out[lang] = trimmed;
      }
      return out;
    });

const pollOption = z.object({
  id: z.string().trim().regex(OPTION_ID, 'must look like opt-1').optional(),
  text: looseLangText(POLL_OPTION_MAX),
});

/** Option ids of form opt-N: given ones are kept (and must be unique), missing ones get the lowest free N. */
function assignOptionIds(options: { id?: string; text: Record<string, string> }[]) {
  const used = new Set(options.flatMap((o) => (o.id ? [o.id] : [])));
  let n = 1;
  return options.map((o) => {
    if (o.id) return { id: o.id, text: o.text };
    while (used.has(`opt-${n}`)) n++;
    used.add(`opt-${n}`);
    return { id: `opt-${n}`, text: o.text };
  });
}

/** A future ISO time (REST) or a Date (tRPC); null or absent means the poll has no end. The router checks "future". */
export const endsAt = z
  .union([z.date(), z.iso.datetime({ offset: true })], { error: 'must be an ISO date and time' })
  .transform((v) => new Date(v))
  .nullish();

export const pollCreate = z.object({
  channelId: channelOf(
    'text',
    z
      .string({ error: 'must be a string' })
      .trim()
      .refine(
        (v) => v === '' || /^\d{1,32}$/.test(v),
        'must be a Discord id (digits only), or empty until posted',
      ),
  ).default(''),
  question: looseLangText(POLL_QUESTION_MAX).refine(
    (map) => Object.keys(map).length > 0,
    'write the question in at least one language',
  ),
  options: z
    .array(pollOption, { error: 'must be a list of { id, text }' })
    .transform((opts) => opts.filter((o) => Object.keys(o.text).length > 0))
    .superRefine((opts, ctx) => {
      if (opts.length < 2)
        ctx.addIssue({ code: 'custom', message: 'at least 2 non-blank options are needed' });
      if (opts.length > POLL_OPTIONS_MAX) {
        ctx.addIssue({ code: 'custom', message: `at most ${POLL_OPTIONS_MAX} options are allowed` });
      }
      const seen = new Set<string>();
      for (const o of opts) {
        if (!o.id) continue;
        if (seen.has(o.id)) ctx.addIssue({ code: 'custom', message: `option id ${o.id} is used twice` });
        seen.add(o.id);
      }
    })
    .transform(assignOptionIds),
  allowMultiple: z.boolean({ error: 'must be true or false' }).default(false),
  createdBy: z
    .string({ error: 'is required' })
    .trim()
    .min(1, 'must not be empty')
    .max(64, 'must be at most 64 characters'),
  endsAt,
});

export type PollCreate = z.input<typeof pollCreate>;
